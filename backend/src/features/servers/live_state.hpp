#pragma once
// The live server list shared through the database, for several portal instances on one PostgreSQL
// database (DESIGN.md §6). Only the instance that leads the refresh job reads the game servers; after
// each cycle it publishes the list it serves (every server as ServerView, player lists included) as one
// row with a rising revision. The other instances poll that row's revision every few seconds and adopt
// a newer list into their in-memory snapshot, so GET /api/servers stays an answer from memory on every
// instance. A plugin report may reach any instance: each is stored here, and the leader applies the
// fresh ones at its next cycle. Runs on worker threads (it reads the database).

#include "db/database.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::servers {

struct SharedList {
  std::int64_t revision = 0;
  std::vector<ServerView> servers;
  std::string written_by;  // the instance that published it
};

struct StoredReport {
  std::int64_t server_id = 0;
  PluginPush report;                // map, max_players and players (not the SteamIDs)
  std::int64_t received_at_ms = 0;  // unix milliseconds
};

// The JSON the row holds; decode throws std::runtime_error on text it did not write.
std::string encode_views(const std::vector<ServerView>& servers);
std::vector<ServerView> decode_views(std::string_view json);
std::string encode_report(const PluginPush& report);
PluginPush decode_report(std::string_view json);

class LiveState {
 public:
  explicit LiveState(db::Database& database) : database_(database) {}

  // Writes the list as the newest revision and returns that revision.
  std::int64_t publish(const std::vector<ServerView>& servers, const std::string& instance, std::int64_t now);
  // The published list when its revision differs from `known` (one indexed row read when it does not).
  std::optional<SharedList> newer_than(std::int64_t known) const;

  void save_report(std::int64_t server_id, const PluginPush& report, std::int64_t received_at_ms);
  std::vector<StoredReport> reports_since(std::int64_t since_ms) const;

 private:
  db::Database& database_;
};

}  // namespace portal::servers
