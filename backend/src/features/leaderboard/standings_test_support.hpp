#pragma once
// The fixture of the standings and fold tests: ingestion, the standings and the service over a real
// database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set), with one game server.

#include "db/migrations.hpp"
#include "features/leaderboard/board_repository.hpp"
#include "features/leaderboard/calendar_for_test.hpp"
#include "features/leaderboard/ingest_repository.hpp"
#include "features/leaderboard/service.hpp"
#include "features/leaderboard/standings.hpp"
#include "features/leaderboard/season_repository.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/servers/repository.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

namespace portal::leaderboard {

inline std::string steam_id(int n) { return std::to_string(76561198000000000LL + n); }

class StandingsTest : public ::testing::Test {
 protected:
  StandingsTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
    servers::Repository servers_repo(database);
    servers::GameServer server;
    server.ip = "10.0.0.1";
    server.port = 27015;
    server.name = "Stats server";
    server.category = "dm";
    server.region = "ap-shanghai";
    server_id = servers_repo.insert(server);
  }

  std::int64_t open_season(const std::string& name, std::int64_t starts_at) {
    auto season = seasons.add(name, starts_at, "test");
    EXPECT_TRUE(season) << (season ? "" : season.error().message);
    return season ? season->id : 0;
  }

  IngestOutcome::Kind apply(const std::string& batch_id, Mode mode, std::vector<BatchPlayer> players) {
    StatsBatch batch{batch_id, mode, std::move(players)};
    return ingest.apply(server_id, batch, content_hash(batch), kNow).kind;
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }

  std::vector<std::string> ids_of(const std::vector<RankedPlayer>& players) {
    std::vector<std::string> out;
    for (const auto& p : players) out.push_back(p.steam_id);
    return out;
  }

  test::TestDatabase test_database;
  db::Database database;
  std::int64_t server_id = 0;
  SeasonRepository season_repository{database};
  Seasons seasons{season_repository, [] { return kNow; }};
  IngestRepository ingest{database};
  std::unordered_map<std::string, int> members;
  Standings standings{database, [this] { return members; }};
  LeaderboardService service{database, standings, [this] { return seasons.list(); }, [] { return kNow; }};

  std::vector<RankedPlayer> page(Mode mode, std::int64_t season, std::int64_t number, int group_set = 0) {
    auto listing = service.page(mode, season, number, group_set);
    EXPECT_TRUE(listing) << (listing ? "" : listing.error().message);
    return listing ? listing->players : std::vector<RankedPlayer>{};
  }
  std::vector<RankedPlayer> entries(std::int64_t season, const std::string& id) {
    auto found = service.player(id, season);
    EXPECT_TRUE(found);
    return found ? *found : std::vector<RankedPlayer>{};
  }
  std::int64_t total(Mode mode, int group_set = 0) { return service.page(mode, 0, 1, group_set)->total; }
};

}  // namespace portal::leaderboard
