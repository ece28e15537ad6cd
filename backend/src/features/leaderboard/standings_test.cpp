// Ingestion, the standings (each board's order in memory, following the change log) and reading over a
// real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set): the ranks served must be
// exactly the documented order, and follow() must do work in proportion to what changed.

#include "features/leaderboard/fold_repository.hpp"
#include "features/leaderboard/seeder.hpp"
#include "features/leaderboard/standings_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace portal::leaderboard {
namespace {

TEST_F(StandingsTest, RanksAreExactlyTheDocumentedOrder) {
  // 12,345 players with many equal kills and deaths, so the tie-breaks decide most places; blocks of
  // the in-memory order split many times.
  std::mt19937 random(7);
  std::vector<PlayerStats> expected;
  std::vector<BatchPlayer> batch;
  int batch_number = 0;
  for (int i = 0; i < 12345; ++i) {
    BatchPlayer p{steam_id(static_cast<int>((i * 7919) % 100000)), "p" + std::to_string(i),
                  Counters{.kills = static_cast<std::int64_t>(random() % 40),
                           .deaths = static_cast<std::int64_t>(random() % 6),
                           .headshots = static_cast<std::int64_t>(random() % 9)}};
    expected.push_back({p.steam_id, p.counters});
    batch.push_back(std::move(p));
    if (batch.size() == kMaxBatchPlayers || i == 12344) {
      ASSERT_EQ(apply("b" + std::to_string(batch_number++), Mode::dm, std::move(batch)), IngestOutcome::Kind::applied);
      batch.clear();
    }
  }
  std::sort(expected.begin(), expected.end(),
            [](const PlayerStats& a, const PlayerStats& b) { return ranks_above(a, b); });

  EXPECT_EQ(total(Mode::dm), 0) << "nothing is in the order before the standings follow the log";
  const auto loaded = standings.follow();
  EXPECT_TRUE(loaded.loaded);
  EXPECT_EQ(total(Mode::dm), 12345);
  EXPECT_EQ(service.top(Mode::dm, 0)->ranked_at, kNow);
  for (const std::int64_t number : {1L, 100L, 101L, 201L, 247L}) {
    const auto players = page(Mode::dm, 0, number);
    const std::int64_t first = (number - 1) * kPageSize + 1;
    const auto last = std::min<std::int64_t>(first + kPageSize - 1, 12345);
    ASSERT_EQ(static_cast<std::int64_t>(players.size()), last - first + 1) << "page " << number;
    for (std::size_t i = 0; i < players.size(); ++i) {
      const auto& want = expected[static_cast<std::size_t>(first - 1) + i];
      EXPECT_EQ(players[i].steam_id, want.steam_id) << "rank " << first + static_cast<std::int64_t>(i);
      EXPECT_EQ(players[i].counters, want.counters);
      EXPECT_EQ(players[i].rank, first + static_cast<std::int64_t>(i));
    }
  }
  EXPECT_TRUE(page(Mode::dm, 0, 248).empty()) << "a page past the end is empty";
  const auto& someone = expected[8765];
  const auto mine = entries(0, someone.steam_id);
  ASSERT_EQ(mine.size(), 1U);
  EXPECT_EQ(mine[0].rank, 8766);
  EXPECT_EQ(mine[0].mode, Mode::dm);
}

TEST_F(StandingsTest, BatchesGoToTheOpenSeasonAndAllTimeOnce) {
  const auto first = open_season("S1", kNow - 1000);
  ASSERT_EQ(apply("m1", Mode::solo, {{steam_id(1), "Alice", {.kills = 10, .deaths = 2, .wins = 1}}}),
            IngestOutcome::Kind::applied);
  const auto second = open_season("S2", kNow - 10);
  ASSERT_EQ(apply("m2", Mode::solo, {{steam_id(1), std::nullopt, {.kills = 5, .deaths = 1}}}),
            IngestOutcome::Kind::applied);

  EXPECT_EQ(apply("m2", Mode::solo, {{steam_id(1), std::nullopt, {.kills = 5, .deaths = 1}}}),
            IngestOutcome::Kind::duplicate);
  EXPECT_EQ(apply("m2", Mode::solo, {{steam_id(1), std::nullopt, {.kills = 6, .deaths = 1}}}),
            IngestOutcome::Kind::id_reused);
  standings.follow();

  const auto in = [&](std::int64_t season) {
    const auto found = entries(season, steam_id(1));
    return found.empty() ? Counters{} : found[0].counters;
  };
  EXPECT_EQ(in(first), (Counters{.kills = 10, .deaths = 2, .wins = 1}));
  EXPECT_EQ(in(second), (Counters{.kills = 5, .deaths = 1}));
  EXPECT_EQ(in(0), (Counters{.kills = 15, .deaths = 3, .wins = 1})) << "the repeated batch added nothing";
  EXPECT_EQ(entries(0, steam_id(1))[0].nickname, "Alice") << "a batch without a nickname keeps the old one";
  EXPECT_EQ(entries(second, steam_id(1))[0].rank, 1);

  ASSERT_TRUE(seasons.close(second, kNow, "test"));
  ASSERT_EQ(apply("m3", Mode::solo, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  standings.follow();
  EXPECT_EQ(in(second).kills, 5) << "a closed season receives nothing";
  EXPECT_EQ(in(0).kills, 16);
}

TEST_F(StandingsTest, GroupFiltersNumberTheirMembersInRankOrder) {
  std::vector<BatchPlayer> players;
  for (int i = 1; i <= 10; ++i) players.push_back({steam_id(i), std::nullopt, {.kills = 100 - i}});
  ASSERT_EQ(apply("m", Mode::dm, std::move(players)), IngestOutcome::Kind::applied);
  members = {{steam_id(2), kPro}, {steam_id(5), kKol | kVip}, {steam_id(7), kOp | kPro}, {steam_id(9), kVip}};
  standings.follow();

  EXPECT_EQ(ids_of(page(Mode::dm, 0, 1, kPro)), (std::vector<std::string>{steam_id(2), steam_id(7)}));
  EXPECT_EQ(ids_of(page(Mode::dm, 0, 1, kPro | kKol | kOp)),
            (std::vector<std::string>{steam_id(2), steam_id(5), steam_id(7)}));
  EXPECT_EQ(total(Mode::dm, kKol | kOp), 2);
  const auto listed = page(Mode::dm, 0, 1, kPro | kKol | kOp);
  ASSERT_EQ(listed.size(), 3U);
  EXPECT_EQ(listed[1].position, 2);
  EXPECT_EQ(listed[1].rank, 5);
  EXPECT_EQ(listed[1].group_bits, kKol | kVip);
  EXPECT_EQ(page(Mode::dm, 0, 1)[8].group_bits, kVip) << "VIP shows as a badge but is no filter";

  // A member moving up moves in the filter too.
  ASSERT_EQ(apply("m2", Mode::dm, {{steam_id(7), std::nullopt, {.kills = 50}}}), IngestOutcome::Kind::applied);
  standings.follow();
  EXPECT_EQ(ids_of(page(Mode::dm, 0, 1, kPro)), (std::vector<std::string>{steam_id(7), steam_id(2)}));
  EXPECT_EQ(page(Mode::dm, 0, 1, kPro)[0].rank, 1);
}

TEST_F(StandingsTest, MembershipChangesReachBadgesAndFiltersAtTheNextFollow) {
  ASSERT_EQ(apply("m", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  standings.follow();
  EXPECT_EQ(total(Mode::dm, kOp), 0);

  members = {{steam_id(1), kOp}};
  const auto report = standings.follow();
  EXPECT_EQ(report.changes, 0U) << "no stats changed";
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].group_bits, kOp);
  EXPECT_EQ(total(Mode::dm, kOp), 1);
  EXPECT_EQ(entries(0, steam_id(1))[0].group_bits, kOp);

  members.clear();
  standings.follow();
  EXPECT_EQ(total(Mode::dm, kOp), 0) << "a revoked or expired group leaves the filter";
}

TEST_F(StandingsTest, FollowingAppliesOnlyWhatChanged) {
  std::vector<BatchPlayer> players;
  for (int i = 1; i <= 100; ++i) players.push_back({steam_id(i), std::nullopt, {.kills = 1000 - i}});
  ASSERT_EQ(apply("m1", Mode::dm, std::move(players)), IngestOutcome::Kind::applied);
  EXPECT_TRUE(standings.follow().loaded);
  const auto idle = standings.follow();
  EXPECT_FALSE(idle.loaded);
  EXPECT_EQ(idle.changes, 0U);
  EXPECT_EQ(idle.boards, 0U);

  // Player 100 (last) jumps to first; player 101 arrives; a newcomer shows without a rank until then.
  ASSERT_EQ(apply("m2", Mode::dm,
                  {{steam_id(100), std::nullopt, {.kills = 5000}}, {steam_id(101), std::nullopt, {.kills = 950}}}),
            IngestOutcome::Kind::applied);
  EXPECT_TRUE(entries(0, steam_id(101)).empty()) << "the batch shows once this instance has followed the log";

  const auto report = standings.follow();
  EXPECT_FALSE(report.loaded);
  EXPECT_EQ(report.changes, 2U) << "two players changed on one board: two log rows, not the board";
  EXPECT_EQ(report.boards, 1U);
  EXPECT_EQ(total(Mode::dm), 101);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].steam_id, steam_id(100));
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.kills, 5000 + 900);
  EXPECT_EQ(entries(0, steam_id(101))[0].rank, 52)
      << "49 players and the one who jumped above, and player 50 (equal, lower id)";
  EXPECT_EQ(entries(0, steam_id(1))[0].rank, 2);
}

TEST_F(StandingsTest, InstancesFollowingTheSameLogAgreeOnEveryRank) {
  Standings other{database, [this] { return members; }};
  std::mt19937 random(3);
  for (int round = 0; round < 5; ++round) {
    std::vector<BatchPlayer> players;
    for (int i = 0; i < 200; ++i) {
      players.push_back(
          {steam_id(static_cast<int>(random() % 500)),
           std::nullopt,
           {.kills = static_cast<std::int64_t>(random() % 7), .deaths = static_cast<std::int64_t>(random() % 3)}});
    }
    std::sort(players.begin(), players.end(), [](const auto& a, const auto& b) { return a.steam_id < b.steam_id; });
    players.erase(std::unique(players.begin(), players.end(),
                              [](const auto& a, const auto& b) { return a.steam_id == b.steam_id; }),
                  players.end());
    ASSERT_EQ(apply("r" + std::to_string(round), Mode::dm, std::move(players)), IngestOutcome::Kind::applied);
    standings.follow();
    if (round % 2 == 1) other.follow();  // the other instance catches up less often
  }
  other.follow();
  const auto board = service.top(Mode::dm, 0)->total;
  ASSERT_GT(board, 300);
  const auto id = *BoardRepository(database).board_id({0, Mode::dm});
  const auto mine = standings.by_rank(id, 1, board);
  const auto theirs = other.by_rank(id, 1, board);
  ASSERT_EQ(mine.size(), theirs.size());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    EXPECT_EQ(mine[i].steam_id, theirs[i].steam_id) << "rank " << i + 1;
    EXPECT_EQ(mine[i].rank, static_cast<std::int64_t>(i) + 1);
  }
  // An instance starting now loads the boards instead of following: the same order and the same time.
  Standings started{database, [this] { return members; }};
  EXPECT_TRUE(started.follow().loaded);
  const auto loaded = started.by_rank(id, 1, board);
  ASSERT_EQ(loaded.size(), mine.size());
  for (std::size_t i = 0; i < mine.size(); ++i) EXPECT_EQ(loaded[i].steam_id, mine[i].steam_id) << "rank " << i + 1;
  EXPECT_EQ(standings.updated_at(id), kNow) << "rankedAt is the newest batch's time, not the follow's";
  EXPECT_EQ(other.updated_at(id), kNow);
  EXPECT_EQ(started.updated_at(id), kNow);
}

TEST_F(StandingsTest, BulkSeedingAndAPrunedLogMakeAnInstanceLoadAgain) {
  ASSERT_EQ(apply("m", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  EXPECT_TRUE(standings.follow().loaded);

  SeedOptions seed;
  seed.players = 300;
  seed.modes = {Mode::dm};
  const auto seeded = seed_leaderboard(database, seed, kNow);
  ASSERT_GT(seeded.stats_rows, 0);
  const auto after_seed = standings.follow();
  EXPECT_TRUE(after_seed.loaded) << "seeded rows bypass the log; the raised epoch says so";
  EXPECT_EQ(total(Mode::dm), 1 + seeded.stats_rows);

  Standings behind{database, [this] { return members; }};
  EXPECT_TRUE(behind.follow().loaded);
  ASSERT_EQ(apply("m2", Mode::dm, {{steam_id(2), std::nullopt, {.kills = 100000}}}), IngestOutcome::Kind::applied);
  EXPECT_EQ(ChangeLogRepository(database).prune(kNow + 1), 0) << "changes not folded yet are kept";
  EXPECT_EQ(FoldRepository(database).fold(100).changes, 2U);
  EXPECT_EQ(ChangeLogRepository(database).prune(kNow + 1), 2) << "both log rows are folded and older than the cut";
  const auto caught_up = behind.follow();
  EXPECT_TRUE(caught_up.loaded) << "the change it missed was pruned: it reads the boards again";
  EXPECT_EQ(behind.find(*BoardRepository(database).board_id({0, Mode::dm}), steam_id(2))->rank, 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_changes"), 0);
}

}  // namespace
}  // namespace portal::leaderboard
