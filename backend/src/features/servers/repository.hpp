#pragma once
// SQL of the servers feature: the game servers, their player-count samples. Runs on worker threads.

#include "db/database.hpp"
#include "features/servers/game_server.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace portal::servers {

struct PlayerSample {
  std::int64_t bucket_start = 0;  // unix seconds
  int players = 0;
};

class Repository {
 public:
  explicit Repository(db::Database& database) : database_(database) {}

  std::vector<GameServer> list(bool enabled_only) const;
  std::optional<GameServer> find(std::int64_t id) const;
  std::optional<GameServer> find_by_endpoint(const std::string& ip, int port) const;
  // Returns the new id; throws on a duplicate ip:port (callers check first for a clear message).
  // With an actor (the console's "op:<steamId>"), each write is recorded in audit_log (server.add,
  // server.edit, server.remove, server.key; target "server:<id>") in its own transaction; never the
  // RCON password or a key.
  std::int64_t insert(const GameServer& server, const std::string& actor = {});
  void update(const GameServer& server, const std::string& actor = {});
  bool remove(std::int64_t id, const std::string& actor = {});
  void set_plugin_key(std::int64_t id, const std::string& hash, const std::string& scopes,
                      const std::string& actor = {});
  // Records an RCON command an operator sends (server.rcon), before it is sent.
  void audit_rcon(std::int64_t id, const std::string& command, const std::string& actor);
  // The players (SteamID64s) a plugin reported on the server now; earlier ones are forgotten.
  void record_presence(std::int64_t server_id, const std::vector<std::string>& steam_ids, std::int64_t now);
  bool seen_on_server(std::int64_t server_id, const std::string& steam_id, std::int64_t since) const;
  std::optional<GameServer> find_by_key_hash(const std::string& hash) const;
  // Demo mode replaces its seeded servers at every start (their simulated ports change).
  void remove_demo_servers();

  // Keeps the highest count per (server, bucket).
  void record_samples(std::int64_t bucket_start, const std::vector<std::pair<std::int64_t, int>>& counts);
  std::vector<PlayerSample> samples_since(std::int64_t server_id, std::int64_t since) const;
  void prune_samples_before(std::int64_t before);

 private:
  std::int64_t insert_in(soci::session& sql, const GameServer& server, const std::string& actor);

  db::Database& database_;
};

}  // namespace portal::servers
