#pragma once
// The rules of the servers feature, for the routes and the command line. Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/servers/repository.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <chrono>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace portal::servers {

struct ListFilter {
  std::set<std::string> modes;
  std::set<std::string> maps;
  std::set<std::string> regions;
  bool empty() const { return modes.empty() && maps.empty() && regions.empty(); }
};

// What a plugin key may do (http::KeyScope spells the same words).
inline constexpr std::string_view kAllKeyScopes = "status,stats,members,bind";
inline constexpr int kPresenceSeconds = 120;

struct KeyHolder {
  std::int64_t server_id = 0;
  std::set<std::string> scopes;
};

// The scope list of a key, or VALIDATION_FAILED naming `scopes`.
core::Result<std::set<std::string>> parse_key_scopes(std::string_view scopes);

struct ServerDetails {
  ServerView server;
  std::vector<PlayerSample> history;
};

class Service {
 public:
  Service(Repository& repository, Tracker& tracker, SnapshotStore& store, std::chrono::hours history)
      : repository_(repository), tracker_(tracker), store_(store), history_(history) {}

  std::shared_ptr<const Snapshot> snapshot() const { return store_.get(); }
  std::vector<ServerView> list(const ListFilter& filter) const;
  // Only servers of our own list: an address that is not ours is never looked up anywhere.
  core::Result<std::vector<LivePlayer>> players(const std::string& ip, int port) const;
  core::Result<ServerDetails> details(const std::string& ip, int port) const;  // reads the database
  // A server plugin's report from the holder of `server_id`'s key; the endpoint must be that server's.
  // Records which players (SteamID64s) are on the server now.
  core::Status push(std::int64_t server_id, const std::string& ip, int port, PluginPush report);
  // The enabled server a plugin key was issued for, with the key's scopes.
  std::optional<KeyHolder> key_holder(std::string_view key) const;
  // Whether a plugin reported the player on the server within the last kPresenceSeconds.
  bool player_on_server(std::int64_t server_id, const std::string& steam_id) const;

  std::vector<GameServer> all() const { return repository_.list(false); }
  std::optional<GameServer> find(std::int64_t id) const { return repository_.find(id); }
  // With an actor (the console's "op:<steamId>", the CLI's "cli") each change is audited (Repository);
  // only the demo's seed passes none.
  core::Result<GameServer> add(GameServer server, const std::string& actor = {});
  core::Result<GameServer> edit(std::int64_t id, const GameServerChanges& changes, const std::string& actor = {});
  core::Status remove(std::int64_t id, const std::string& actor = {});
  // A new key with these scopes (a subset of kKeyScopes, comma-separated), replacing the old one. The
  // key itself is answered, shown once: only its hash is stored.
  core::Result<std::string> issue_plugin_key(std::int64_t id, std::string_view scopes = kAllKeyScopes,
                                             const std::string& actor = {});
  // The server's key stops working at once.
  core::Status revoke_plugin_key(std::int64_t id, const std::string& actor);
  // Records an operator's RCON command (its text, never the password) before it is sent.
  void audit_rcon(std::int64_t id, const std::string& command, const std::string& actor) {
    repository_.audit_rcon(id, command, actor);
  }

 private:
  Repository& repository_;
  Tracker& tracker_;
  SnapshotStore& store_;
  std::chrono::hours history_;
};

}  // namespace portal::servers
