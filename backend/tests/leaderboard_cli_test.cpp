// `portal seasons add|close|list`, `portal seed-leaderboard` and `portal leaderboard rank`, running the
// real binary against a fresh database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set);
// and the demo-mode leaderboard seed those commands share their data model with.

#include "app/demo/demo_leaderboard.hpp"
#include "db/migrations.hpp"
#include "sim/steam/dev_openid_provider.hpp"
#include "support/cli_test.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

class LeaderboardCli : public CliTest {};

TEST_F(LeaderboardCli, SeasonsAddListClose) {
  EXPECT_THAT(ok({"seasons", "add", "S1 2026", "--start", "2025-09-01"}),
              HasSubstr("season 1 'S1 2026' added, open from 2025-09-01 (GMT+8)"));
  EXPECT_EQ(scalar("SELECT starts_at FROM seasons WHERE id = 1"), 1756656000) << "midnight in GMT+8";

  const std::string second = ok({"seasons", "add", "  S2 2026 "});
  EXPECT_THAT(second, HasSubstr("season 2 'S2 2026' added, open from "));
  EXPECT_THAT(second, HasSubstr("season 1 'S1 2026' closed at "));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons WHERE ends_at IS NULL"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_boards WHERE season_id = 2"), 4);

  const std::string list = ok({"seasons", "list"});
  EXPECT_THAT(list, ContainsRegex("id +name +start \\(GMT\\+8\\) +end \\(GMT\\+8\\) +dm +dm-pistol +solo +retakes"));
  EXPECT_THAT(list, ContainsRegex("2 +S2 2026 +[0-9]{4}-[0-9]{2}-[0-9]{2} +open +0 +0 +0 +0"));
  EXPECT_THAT(list, ContainsRegex("1 +S1 2026 +2025-09-01 +[0-9]{4}-[0-9]{2}-[0-9]{2} +0"));
  EXPECT_THAT(list, ContainsRegex("- +all time +0 +0 +0 +0"));
  EXPECT_LT(list.find("S2 2026"), list.find("S1 2026")) << "newest first";

  EXPECT_THAT(ok({"seasons", "close", "2"}), HasSubstr("season 2 'S2 2026' closed at "));
  EXPECT_THAT(ok({"seasons", "list"}), Not(HasSubstr("open")));
  refused({"seasons", "close", "2"}, "season 2 ('S2 2026') is closed already (SEASON_CLOSED)");
  refused({"seasons", "close", "99"}, "season 99 does not exist (SEASON_NOT_FOUND)");

  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'season.create'"), 2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'season.close'"), 2);
}

TEST_F(LeaderboardCli, BadSeasonInputIsRefusedWithAClearMessage) {
  for (const char* date : {"2025-13-01", "2025-02-30", "2025-9-1", "yesterday", "1969-12-31"}) {
    refused({"seasons", "add", "S1", "--start", date}, "--start must be a date YYYY-MM-DD (GMT+8)");
  }
  refused({"seasons", "add", std::string(33, 'x')},
          "the season name must be at most 32 characters, got 33 (VALIDATION_FAILED)");
  refused({"seasons", "add", "   "}, "must not be empty (VALIDATION_FAILED)");
  refused({"seasons", "add", "S1", "--start", "2999-01-01"}, "cannot start in the future");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons"), 0);

  ok({"seasons", "add", "S1", "--start", "2025-09-01"});
  refused({"seasons", "add", "S1"}, "a season named 'S1' exists already (SEASON_NAME_TAKEN)");
  refused({"seasons", "add", "S0", "--start", "2025-08-01"}, "must not start before the open season 'S1'");
  refused({"seasons", "add"}, "name");
  refused({"seasons", "close", "one"}, "id");
  refused({"seasons"}, "subcommand");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons WHERE ends_at IS NULL"), 1);
}

TEST_F(LeaderboardCli, SeedThenList) {
  ok({"seasons", "add", "S1 2026", "--start", "2025-09-01"});
  const std::string seeded = ok({"seed-leaderboard", "--players", "300", "--mode", "dm", "--mode", "retakes",
                                 "--season", "current", "--seed", "7"});
  EXPECT_THAT(seeded, ContainsRegex("seeded 300 players: [0-9]+ stats rows and 300 player rows on 4 board\\(s\\) in "
                                    "[0-9.]+ s, [0-9]+ transactions \\([0-9]+ rows/s\\)"));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_players"), 300);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at > 0"), 4);
  EXPECT_EQ(scalar("SELECT index_epoch FROM leaderboard_meta"), 1) << "serving instances load the boards again";
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
                   "WHERE b.mode IN ('solo', 'dm-pistol')"),
            0);

  const std::string list = ok({"seasons", "list"});
  EXPECT_THAT(list, ContainsRegex("1 +S1 2026 +2025-09-01 +open +[1-9][0-9]* +0 +0 +[1-9][0-9]*"));
  EXPECT_THAT(list, ContainsRegex("- +all time +[1-9][0-9]* +0 +0 +[1-9][0-9]*"));
}

TEST_F(LeaderboardCli, StandingsLoadsEveryBoardAndSaysWhatItTook) {
  const std::string seeded = ok({"seed-leaderboard", "--players", "100", "--mode", "solo"});
  EXPECT_THAT(seeded, HasSubstr("seeded 100 players: 100 stats rows and 100 player rows on 1 board(s)"));

  const std::string standings = ok({"leaderboard", "standings"});
  EXPECT_THAT(standings, ContainsRegex("board [0-9]+ \\(solo, all time\\): 100 players, [0-9.]+ MB in memory"));
  EXPECT_THAT(standings, ContainsRegex("loaded in [0-9]+ ms through change 0; [0-9.]+ MB of orders in all"));

  // The same seed again adds to the same players.
  const long long kills = scalar("SELECT SUM(kills) FROM leaderboard_stats");
  ok({"seed-leaderboard", "--players", "100", "--mode", "solo"});
  EXPECT_EQ(scalar("SELECT SUM(kills) FROM leaderboard_stats"), 2 * kills);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_players"), 100);
  refused({"seed-leaderboard", "--players", "100", "--no-rank"}, "--no-rank");
}

TEST_F(LeaderboardCli, BadSeedInputIsRefusedWithAClearMessage) {
  refused({"seed-leaderboard", "--players", "10", "--mode", "arena"},
          "unknown mode 'arena': expected dm, dm-pistol, solo or retakes");
  refused({"seed-leaderboard", "--players", "10", "--season", "current"}, "--season current: no season is open");
  refused({"seed-leaderboard", "--players", "10", "--season", "99"}, "season 99 does not exist");
  refused({"seed-leaderboard", "--players", "10", "--season", "S1"}, "--season must be a season id or 'current'");
  refused({"seed-leaderboard", "--players", "0"}, "--players must be between 1 and 100000000");
  refused({"seed-leaderboard", "--players", "10", "--no-all-time"}, "nothing to seed");
  refused({"seed-leaderboard", "--players", "many"}, "players");
  refused({"seed-leaderboard"}, "--players");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_players"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_stats"), 0);
}

TEST(DemoLeaderboard, SeedsSeasonsPlayersAndMembersOnce) {
  TestDatabase test_database;
  db::Database database(test_database.options());
  db::migrate(database, db::embedded_migrations(database.engine()));
  auto scalar = [&](const std::string& query) {
    return database.with_session([&](soci::session& sql) {
      long long value = 0;
      sql << query, soci::into(value);
      return value;
    });
  };
  constexpr std::int64_t kNow = 1767225600;
  app::seed_demo_leaderboard(database, kNow);

  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons"), 2);
  EXPECT_EQ(scalar("SELECT starts_at FROM seasons WHERE name = 'S1 2026'"), kNow - 150 * 86400);
  EXPECT_EQ(scalar("SELECT ends_at FROM seasons WHERE name = 'S1 2026'"), kNow - 45 * 86400);
  EXPECT_EQ(scalar("SELECT starts_at FROM seasons WHERE name = 'S2 2026' AND ends_at IS NULL"), kNow - 45 * 86400);
  const long long players = scalar("SELECT COUNT(*) FROM leaderboard_players");
  EXPECT_GE(players, 3000);
  EXPECT_LE(players, 3000 + static_cast<long long>(sim::DevOpenIdProvider::presets().size()))
      << "the synthetic players and the dev login's presets";
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at = " + std::to_string(kNow)), 12)
      << "4 modes x (2 seasons + all time)";
  for (const auto& preset : sim::DevOpenIdProvider::presets()) {
    const std::string id = std::to_string(preset.steam_id);
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM leaderboard_stats WHERE steam_id = '" + id + "'"), 12)
        << preset.persona_name;
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships WHERE steam_id = '" + id + "'"), 0) << preset.persona_name;
  }
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships"), 60);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships WHERE grp = 'pro'"), 30);
  EXPECT_EQ(scalar("SELECT COUNT(DISTINCT steam_id) FROM vip_subscriptions WHERE expires_at > " + std::to_string(kNow)),
            100);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships m WHERE NOT EXISTS "
                   "(SELECT 1 FROM leaderboard_players p WHERE p.steam_id = m.steam_id)"),
            0)
      << "members are seeded players";

  // A second start changes nothing.
  const long long kills = scalar("SELECT SUM(kills) FROM leaderboard_stats");
  app::seed_demo_leaderboard(database, kNow + 3600);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM seasons"), 2);
  EXPECT_EQ(scalar("SELECT SUM(kills) FROM leaderboard_stats"), kills);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships"), 60);
}

}  // namespace
}  // namespace portal::test
