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
  // A server plugin's report; the key must be the one issued for that ip:port.
  core::Status push(std::string_view key, const std::string& ip, int port, PluginPush report);
  // The server a plugin key was issued for, for plugin calls that name no endpoint.
  std::optional<std::int64_t> server_for_key(std::string_view key) const;

  std::vector<GameServer> all() const { return repository_.list(false); }
  core::Result<GameServer> add(GameServer server);
  core::Result<GameServer> edit(std::int64_t id, const GameServerChanges& changes);
  core::Status remove(std::int64_t id);
  core::Result<std::string> issue_plugin_key(std::int64_t id);  // the key itself, shown once

 private:
  Repository& repository_;
  Tracker& tracker_;
  SnapshotStore& store_;
  std::chrono::hours history_;
};

core::Error server_not_found();

}  // namespace portal::servers
