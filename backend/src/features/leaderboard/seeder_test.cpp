// The leaderboard seeder over a real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is
// set): determinism, counters that add up, the consistency rules of the generated stats.

#include "features/leaderboard/seeder.hpp"

#include "core/steam_id.hpp"
#include "db/migrations.hpp"
#include "db/row.hpp"
#include "features/leaderboard/seasons.hpp"
#include "support/test_database.hpp"
#include "features/leaderboard/calendar_for_test.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace portal::leaderboard {
namespace {

constexpr std::uint64_t kSeed = 20260101;

struct Row {
  std::optional<std::int64_t> season_id;
  Mode mode = Mode::dm;
  Counters counters;
  std::int64_t updated_at = 0;
};

// (board_id, steam_id) -> row
using Rows = std::map<std::pair<std::int64_t, std::string>, Row>;

Rows read_rows(db::Database& database) {
  return database.with_session([&](soci::session& sql) {
    Rows out;
    soci::rowset<soci::row> result =
        sql.prepare
        << "SELECT s.board_id, s.steam_id, b.season_id, b.mode, s.kills, s.deaths, s.headshots, "
           "s.playtime, s.wins, s.loses, s.rifle_kills, s.awp_kills, s.pistol_kills, s.clutches, "
           "s.clutchwins, s.updated_at FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id";
    for (const auto& r : result) {
      Row row;
      if (r.get_indicator(2) != soci::i_null) row.season_id = db::row_int64(r, 2);
      row.mode = mode_from_string(db::row_string(r, 3)).value();
      auto& c = row.counters;
      std::int64_t* fields[] = {&c.kills,       &c.deaths,    &c.headshots,    &c.playtime, &c.wins,      &c.loses,
                                &c.rifle_kills, &c.awp_kills, &c.pistol_kills, &c.clutches, &c.clutchwins};
      for (std::size_t i = 0; i < std::size(fields); ++i) *fields[i] = db::row_int64(r, 4 + i);
      row.updated_at = db::row_int64(r, 15);
      out[{db::row_int64(r, 0), db::row_string(r, 1)}] = row;
    }
    return out;
  });
}

std::map<std::string, std::string> read_nicknames(db::Database& database) {
  return database.with_session([&](soci::session& sql) {
    std::map<std::string, std::string> out;
    soci::rowset<soci::row> result = sql.prepare << "SELECT steam_id, nickname FROM leaderboard_players";
    for (const auto& r : result) out[db::row_string(r, 0)] = db::row_string(r, 1);
    return out;
  });
}

// A migrated database with its own season service.
struct Fixture {
  test::TestDatabase test_database;
  db::Database database{test_database.options()};
  SeasonRepository repository{database};
  Seasons seasons{repository, [] { return kNow; }};

  Fixture() { db::migrate(database, db::embedded_migrations(database.engine())); }

  std::int64_t add_season(const std::string& name, std::int64_t starts_at) {
    auto added = seasons.add(name, starts_at, "test");
    EXPECT_TRUE(added.ok());
    return added.ok() ? added->id : 0;
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }
};

SeedOptions options(std::int64_t players, std::vector<std::int64_t> season_ids) {
  SeedOptions o;
  o.players = players;
  o.season_ids = std::move(season_ids);
  o.random_seed = kSeed;
  o.sqlite_pause = std::chrono::milliseconds(0);
  return o;
}

TEST(SeederTest, SameSeedSameDataOtherSeedOtherPlayers) {
  Fixture a, b;
  const std::int64_t s1 = a.add_season("S1", kNow - 10 * kDay);
  ASSERT_EQ(b.add_season("S1", kNow - 10 * kDay), s1);  // the same board ids on both
  const auto report = seed_leaderboard(a.database, options(300, {s1}), kNow);
  seed_leaderboard(b.database, options(300, {s1}), kNow);

  const Rows first = read_rows(a.database);
  const Rows second = read_rows(b.database);
  EXPECT_EQ(report.players, 300);
  EXPECT_EQ(report.player_rows, 300);
  EXPECT_EQ(report.stats_rows, static_cast<std::int64_t>(first.size()));
  ASSERT_EQ(second.size(), first.size());
  for (const auto& [key, row] : first) {
    const auto found = second.find(key);
    ASSERT_NE(found, second.end()) << key.second;
    EXPECT_EQ(found->second.counters, row.counters) << key.second;
  }
  const auto names = read_nicknames(a.database);
  EXPECT_EQ(read_nicknames(b.database), names);
  for (std::int64_t i = 0; i < 300; ++i) {
    const SeedPlayer player = seeded_player(kSeed, i);
    ASSERT_TRUE(names.contains(player.steam_id)) << i;
    EXPECT_EQ(names.at(player.steam_id), player.nickname);
  }

  // Another seed on the same database: other players, nobody's counters touched twice.
  auto other = options(300, {s1});
  other.random_seed = kSeed + 1;
  seed_leaderboard(a.database, other, kNow);
  EXPECT_EQ(a.count("SELECT COUNT(*) FROM leaderboard_players"), 600);
  const Rows after = read_rows(a.database);
  for (const auto& [key, row] : first) EXPECT_EQ(after.at(key).counters, row.counters) << key.second;
}

TEST(SeederTest, ASecondRunAddsToTheCounters) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 10 * kDay);
  seed_leaderboard(f.database, options(200, {s1}), kNow - 60);
  const Rows once = read_rows(f.database);
  seed_leaderboard(f.database, options(200, {s1}), kNow);
  const Rows twice = read_rows(f.database);
  ASSERT_EQ(twice.size(), once.size());
  for (const auto& [key, row] : once) {
    Counters doubled = row.counters;
    doubled += row.counters;
    EXPECT_EQ(twice.at(key).counters, doubled) << key.second;
    EXPECT_EQ(twice.at(key).updated_at, kNow);
  }
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_players"), 200);
}

TEST(SeederTest, GeneratedStatsFollowTheRules) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 100 * kDay);
  const std::int64_t s2 = f.add_season("S2", kNow - 10 * kDay);
  const auto report = seed_leaderboard(f.database, options(3000, {s1, s2}), kNow);
  const Rows rows = read_rows(f.database);
  ASSERT_FALSE(rows.empty());

  std::map<std::string, std::set<Mode>> modes_of;
  std::map<Mode, std::vector<std::int64_t>> kills_of;
  std::int64_t kills = 0, headshots = 0, playtime = 0;
  for (const auto& [key, row] : rows) {
    const auto& c = row.counters;
    const std::string context = key.second + " " + std::string(to_string(row.mode));
    ASSERT_TRUE(core::is_steam_id64(key.second)) << key.second;
    EXPECT_TRUE(key.second.starts_with("7656119")) << key.second;
    EXPECT_GE(c.playtime, 1) << context;
    EXPECT_LE(c.headshots, c.kills) << context;
    EXPECT_LE(c.rifle_kills + c.awp_kills + c.pistol_kills, c.kills) << context;
    EXPECT_LE(c.clutchwins, c.clutches) << context;
    for (const std::int64_t value : {c.kills, c.deaths, c.headshots, c.wins, c.loses, c.rifle_kills, c.awp_kills,
                                     c.pistol_kills, c.clutches, c.clutchwins}) {
      EXPECT_GE(value, 0) << context;
    }
    if (row.mode == Mode::dm_pistol) {
      EXPECT_EQ(c.pistol_kills, c.kills) << context;
      EXPECT_EQ(c.rifle_kills + c.awp_kills, 0) << context;
    }
    if (row.mode == Mode::solo || row.mode == Mode::retakes) {
      EXPECT_GT(c.wins + c.loses, 0) << context;
    } else {
      EXPECT_EQ(c.wins + c.loses, 0) << context;
    }
    if (row.mode != Mode::retakes) {
      EXPECT_EQ(c.clutches, 0) << context;
    }
    if (c.kills >= 200) {
      const double rate = static_cast<double>(c.headshots) / static_cast<double>(c.kills);
      EXPECT_GE(rate, 0.24) << context;
      EXPECT_LE(rate, 0.66) << context;
    }
    if (row.season_id) continue;  // per-season rows below
    modes_of[key.second].insert(row.mode);
    kills_of[row.mode].push_back(c.kills);
    kills += c.kills;
    headshots += c.headshots;
    playtime += c.playtime;
  }

  // Every generated player plays something, but not every player plays every mode.
  EXPECT_EQ(modes_of.size(), 3000u);
  const auto all_four =
      std::count_if(modes_of.begin(), modes_of.end(), [](const auto& p) { return p.second.size() == 4; });
  const auto only_one =
      std::count_if(modes_of.begin(), modes_of.end(), [](const auto& p) { return p.second.size() == 1; });
  EXPECT_LT(all_four, 1500);
  EXPECT_GT(only_one, 300);
  for (const Mode mode : kModes) {
    EXPECT_GT(kills_of[mode].size(), 300u) << to_string(mode);
    EXPECT_LT(kills_of[mode].size(), 3000u) << to_string(mode);
  }

  // A long tail: the mean is well above the median, the best is far above both.
  auto dm = kills_of[Mode::dm];
  std::sort(dm.begin(), dm.end());
  const double mean =
      static_cast<double>(std::accumulate(dm.begin(), dm.end(), std::int64_t{0})) / static_cast<double>(dm.size());
  const double median = static_cast<double>(dm[dm.size() / 2]);
  EXPECT_GT(mean, 1.5 * median);
  EXPECT_GT(static_cast<double>(dm.back()), 20 * median);

  // Overall rates in the realistic band.
  const double hs_rate = static_cast<double>(headshots) / static_cast<double>(kills);
  EXPECT_GT(hs_rate, 0.3);
  EXPECT_LT(hs_rate, 0.6);
  const double kpm = static_cast<double>(kills) / static_cast<double>(playtime);
  EXPECT_GT(kpm, 0.3);
  EXPECT_LT(kpm, 3.0);

  // Nicknames: Latin tags and Chinese names, valid for the players table.
  const auto names = read_nicknames(f.database);
  EXPECT_EQ(names.size(), 3000u);
  EXPECT_EQ(report.player_rows, 3000);
  const auto non_ascii = std::count_if(names.begin(), names.end(), [](const auto& p) {
    return std::any_of(p.second.begin(), p.second.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  });
  EXPECT_GT(non_ascii, 600);
  EXPECT_LT(non_ascii, 2400);
  for (const auto& [id, name] : names) EXPECT_FALSE(name.empty()) << id;
}

TEST(SeederTest, AllTimeIsTheSumOfTheSeasons) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 100 * kDay);
  const std::int64_t s2 = f.add_season("S2", kNow - 10 * kDay);
  seed_leaderboard(f.database, options(500, {s1, s2}), kNow);
  const Rows rows = read_rows(f.database);

  std::map<std::pair<Mode, std::string>, Counters> sums, all_time;
  std::set<std::pair<Mode, std::string>> in_one_season_only;
  std::map<std::pair<Mode, std::string>, int> seasons_of;
  for (const auto& [key, row] : rows) {
    const auto who = std::pair(row.mode, key.second);
    if (row.season_id) {
      sums[who] += row.counters;
      ++seasons_of[who];
    } else {
      all_time[who] = row.counters;
    }
  }
  ASSERT_EQ(all_time.size(), sums.size());
  for (const auto& [who, total] : all_time) EXPECT_EQ(sums.at(who), total) << who.second;
  const auto in_one = std::count_if(seasons_of.begin(), seasons_of.end(), [](const auto& p) { return p.second == 1; });
  EXPECT_GT(in_one, 0) << "some players sit a season out";
}

TEST(SeederTest, WithoutSeasonsOnlyAllTimeAndWithoutAllTimeOnlySeasons) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 10 * kDay);
  auto only_all_time = options(100, {});
  only_all_time.modes = {Mode::retakes};
  seed_leaderboard(f.database, only_all_time, kNow);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
                    "WHERE b.season_id IS NULL AND b.mode = 'retakes'"),
            100)
      << "with one mode, everyone plays it";
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_stats"), 100);

  auto only_season = options(100, {s1});
  only_season.all_time = false;
  only_season.random_seed = 5;
  seed_leaderboard(f.database, only_season, kNow);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
                    "WHERE b.season_id IS NULL"),
            100);
  EXPECT_GT(f.count("SELECT COUNT(*) FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
                    "WHERE b.season_id IS NOT NULL"),
            100);
}

TEST(SeederTest, BoardsWrittenToAreMarkedChangedAndServingInstancesLoadAgain) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 10 * kDay);
  auto o = options(50, {s1});
  o.modes = {Mode::dm, Mode::solo};
  const auto report = seed_leaderboard(f.database, o, kNow);
  ASSERT_EQ(report.boards.size(), 4u);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at = " + std::to_string(kNow)), 4);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at = " + std::to_string(kNow) +
                    " AND mode IN ('dm', 'solo')"),
            4);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at = 0"), 4);
  EXPECT_EQ(f.count("SELECT index_epoch FROM leaderboard_meta"), 1) << "the rows bypassed the change log";
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_changes"), 0);
  for (const std::int64_t board : report.boards) {
    EXPECT_GT(f.count("SELECT COUNT(*) FROM leaderboard_stats WHERE board_id = " + std::to_string(board)), 0);
  }
}

TEST(SeederTest, WritesInChunksOfTheGivenSize) {
  Fixture f;
  auto o = options(1000, {});
  o.modes = {Mode::dm};
  o.chunk_rows = 100;
  std::vector<std::int64_t> seen;
  o.on_chunk = [&](const SeedReport& so_far) { seen.push_back(so_far.rows()); };
  const auto report = seed_leaderboard(f.database, o, kNow);
  EXPECT_EQ(report.rows(), 2000);
  EXPECT_EQ(report.transactions, 20);
  ASSERT_EQ(seen.size(), 20u);
  EXPECT_EQ(seen.front(), 100);
  EXPECT_EQ(seen.back(), 2000);
  EXPECT_GT(report.rows_per_second(), 0);
}

TEST(SeederTest, NamedPlayersPlayEveryModeOfEverySeason) {
  Fixture f;
  const std::int64_t s1 = f.add_season("S1", kNow - 100 * kDay);
  const std::int64_t s2 = f.add_season("S2", kNow - 10 * kDay);
  auto o = options(10, {s1, s2});
  o.named_players = {{"76561197960361544", "Alice"}, {"76561197972494985", "Bob 玩家"}};
  seed_leaderboard(f.database, o, kNow);
  const auto names = read_nicknames(f.database);
  EXPECT_EQ(names.at("76561197960361544"), "Alice");
  EXPECT_EQ(names.at("76561197972494985"), "Bob 玩家");
  for (const char* id : {"76561197960361544", "76561197972494985"}) {
    EXPECT_EQ(f.count(std::string("SELECT COUNT(*) FROM leaderboard_stats WHERE steam_id = '") + id + "'"), 12)
        << "4 modes x (2 seasons + all time)";
  }
}

TEST(SeederTest, RefusesWhatItCannotSeed) {
  Fixture f;
  EXPECT_THROW(seed_leaderboard(f.database, options(10, {99}), kNow), std::invalid_argument);
  auto no_board = options(10, {});
  no_board.all_time = false;
  EXPECT_THROW(seed_leaderboard(f.database, no_board, kNow), std::invalid_argument);
  auto no_mode = options(10, {});
  no_mode.modes.clear();
  EXPECT_THROW(seed_leaderboard(f.database, no_mode, kNow), std::invalid_argument);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_stats") + f.count("SELECT COUNT(*) FROM leaderboard_players"), 0);
  EXPECT_EQ(f.count("SELECT COUNT(*) FROM leaderboard_boards WHERE changed_at > 0"), 0);
  EXPECT_EQ(f.count("SELECT index_epoch FROM leaderboard_meta"), 0);
}

}  // namespace
}  // namespace portal::leaderboard
