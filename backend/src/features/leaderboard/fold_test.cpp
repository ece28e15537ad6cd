// The fold (fold_repository.hpp) against the standings' unfolded changes: what a batch adds shows at
// once, reaches the tables exactly once, and a reader never counts a change twice or drops one, on
// whichever side of a fold it reads.

#include "features/leaderboard/fold_repository.hpp"
#include "features/leaderboard/standings_test_support.hpp"

#include <gtest/gtest.h>

namespace portal::leaderboard {
namespace {

class FoldTest : public StandingsTest {
 protected:
  FoldRepository fold{database};

  std::size_t unfolded_kept() const {
    std::size_t n = 0;
    for (const auto& board : standings.sizes()) n += board.unfolded;
    return n;
  }
  long long table_headshots(const std::string& id) {
    return count(
        "SELECT COALESCE(SUM(s.headshots), 0) FROM leaderboard_stats s JOIN leaderboard_boards b ON "
        "b.id = s.board_id WHERE b.season_id IS NULL AND s.steam_id = '" +
        id + "'");
  }
};

TEST_F(FoldTest, ABatchShowsBeforeTheFoldAndTheFoldAddsItOnce) {
  ASSERT_EQ(apply("a", Mode::dm, {{steam_id(1), "Alpha", {.kills = 10, .deaths = 2, .headshots = 4, .wins = 1}}}),
            IngestOutcome::Kind::applied);
  standings.follow();
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_stats"), 0) << "ingestion only appends";
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_players"), 0);
  auto shown = page(Mode::dm, 0, 1);
  ASSERT_EQ(shown.size(), 1U);
  EXPECT_EQ(shown[0].nickname, "Alpha");
  EXPECT_EQ(shown[0].counters.kills, 10);
  EXPECT_EQ(shown[0].counters.headshots, 4);
  EXPECT_EQ(shown[0].counters.wins, 1);
  ASSERT_EQ(entries(0, steam_id(1)).size(), 1U);
  EXPECT_EQ(entries(0, steam_id(1))[0].counters.headshots, 4);

  const auto report = fold.fold(1000);
  EXPECT_EQ(report.changes, 1U);
  EXPECT_EQ(report.stats_rows, 1U);
  EXPECT_EQ(report.players, 1U);
  EXPECT_EQ(table_headshots(steam_id(1)), 4);
  // This instance has not looked since the fold: it still keeps the change, and must not add it again.
  EXPECT_EQ(unfolded_kept(), 1U);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.headshots, 4);
  EXPECT_EQ(entries(0, steam_id(1))[0].counters.headshots, 4);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].nickname, "Alpha");

  standings.follow();
  EXPECT_EQ(unfolded_kept(), 0U) << "the tables hold it now";
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.headshots, 4);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].nickname, "Alpha");
  EXPECT_EQ(fold.fold(1000).changes, 0U) << "nothing is folded twice";
  EXPECT_EQ(table_headshots(steam_id(1)), 4);
}

TEST_F(FoldTest, FoldedAndUnfoldedChangesAddUpOnEveryPathAndEveryInstance) {
  // Player 1 in five batches, named in the second and fourth; player 2 in every other.
  for (int i = 0; i < 5; ++i) {
    std::vector<BatchPlayer> players{{steam_id(1),
                                      i == 1   ? std::optional<std::string>("First")
                                      : i == 3 ? "Second"
                                               : std::optional<std::string>(),
                                      {.kills = 3, .deaths = 1, .headshots = 1, .playtime = 10}}};
    if (i % 2 == 0) players.push_back({steam_id(2), std::nullopt, {.kills = 5, .headshots = 2}});
    ASSERT_EQ(apply("b" + std::to_string(i), Mode::dm, std::move(players)), IngestOutcome::Kind::applied);
    standings.follow();
    // A fold of one change at a time after every other batch leaves some folded, some not.
    if (i % 2 == 1) {
      ASSERT_EQ(fold.fold(1).changes, 1U);
      ASSERT_EQ(fold.fold(1).changes, 1U);
    }
  }
  const auto check = [&](Standings& instance, const char* who) {
    const LeaderboardService reader{database, instance, [this] { return seasons.list(); }, [] { return kNow; }};
    const auto listing = reader.page(Mode::dm, 0, 1, 0);
    ASSERT_TRUE(listing) << who;
    ASSERT_EQ(listing->players.size(), 2U) << who;
    EXPECT_EQ(listing->players[0].steam_id, steam_id(2)) << who;  // 15 kills against 15, fewer deaths
    EXPECT_EQ(listing->players[0].counters.kills, 15) << who;
    EXPECT_EQ(listing->players[0].counters.headshots, 6) << who;
    EXPECT_EQ(listing->players[1].counters.kills, 15) << who;
    EXPECT_EQ(listing->players[1].counters.deaths, 5) << who;
    EXPECT_EQ(listing->players[1].counters.headshots, 5) << who;
    EXPECT_EQ(listing->players[1].counters.playtime, 50) << who;
    EXPECT_EQ(listing->players[1].nickname, "Second") << who << ": the newest name given";
  };
  check(standings, "the instance that followed every batch");
  Standings loaded{database, [this] { return members; }};
  loaded.follow();
  check(loaded, "an instance that loaded folded and unfolded changes at once");
  while (fold.fold(2).changes > 0) {
  }
  check(standings, "after the last fold, before looking again");
  standings.follow();
  loaded.follow();
  check(standings, "after the last fold");
  check(loaded, "the loaded instance after the last fold");
  EXPECT_EQ(table_headshots(steam_id(1)), 5);
  EXPECT_EQ(table_headshots(steam_id(2)), 6);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_players WHERE nickname = 'Second'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_players WHERE steam_id = '" + steam_id(2) + "' AND nickname = ''"),
            1)
      << "a player no batch named is known, without a name";
}

TEST_F(FoldTest, ASeasonBoardAndTheAllTimeBoardFoldTogether) {
  const auto season = open_season("S1", kNow - 3600);
  ASSERT_EQ(apply("s", Mode::dm, {{steam_id(7), "Seven", {.kills = 9, .clutches = 2}}}), IngestOutcome::Kind::applied);
  standings.follow();
  EXPECT_EQ(entries(season, steam_id(7)).at(0).counters.clutches, 2);
  EXPECT_EQ(fold.fold(1000).changes, 2U) << "one row per board";
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_stats WHERE clutches = 2"), 2);
  standings.follow();
  EXPECT_EQ(entries(season, steam_id(7)).at(0).counters.clutches, 2);
  EXPECT_EQ(entries(0, steam_id(7)).at(0).counters.clutches, 2);
}

TEST_F(FoldTest, ChangesOfABoardRemovedByHandDoNotStopTheFold) {
  const auto season = open_season("S1", kNow - 3600);
  ASSERT_EQ(apply("s", Mode::dm, {{steam_id(8), "Eight", {.kills = 4}}}), IngestOutcome::Kind::applied);
  database.with_session([&](soci::session& sql) {
    const long long id = season;
    sql << "DELETE FROM leaderboard_boards WHERE season_id = :season", soci::use(id);
  });
  const auto report = fold.fold(1000);
  EXPECT_EQ(report.changes, 2U);
  EXPECT_EQ(report.stats_rows, 1U) << "the all-time board's row only";
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_stats"), 1);
  EXPECT_EQ(fold.fold(1000).changes, 0U);
}

// A batch's log rows go in statements of 32, 8 and 1 rows, kept compiled between batches: 21 players
// on two boards (42 rows: 32 + 8 + 1 + 1) and then 5 (10 rows: 8 + 1 + 1) must land whole, each row
// with its own player's values, on both boards.
TEST_F(FoldTest, EveryRowOfABatchLandsWhateverItsSizeAndTheNextBatchReusesTheStatements) {
  const auto season = open_season("S1", kNow - 60);
  auto players = [](int first, int count) {
    std::vector<BatchPlayer> out;
    for (int n = first; n < first + count; ++n) {
      out.push_back({steam_id(n), "P" + std::to_string(n), {.kills = n, .deaths = 1, .headshots = 2 * n}});
    }
    return out;
  };
  ASSERT_EQ(apply("big", Mode::dm, players(1, 21)), IngestOutcome::Kind::applied);
  ASSERT_EQ(apply("small", Mode::dm, players(101, 5)), IngestOutcome::Kind::applied);
  ASSERT_EQ(apply("again", Mode::dm, players(1, 21)), IngestOutcome::Kind::applied);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_changes"), 2 * (21 + 5 + 21));
  standings.follow();
  EXPECT_EQ(fold.fold(1000).changes, static_cast<std::size_t>(2 * (21 + 5 + 21)));
  for (const std::int64_t board_season : {std::int64_t{0}, season}) {
    for (const int n : {1, 8, 17, 21, 101, 105}) {
      const auto found = entries(board_season, steam_id(n));
      ASSERT_EQ(found.size(), 1U) << n;
      const int times = n > 100 ? 1 : 2;
      EXPECT_EQ(found[0].counters.kills, times * n) << n;
      EXPECT_EQ(found[0].counters.headshots, times * 2 * n) << n;
      EXPECT_EQ(found[0].nickname, "P" + std::to_string(n)) << n;
    }
  }
  EXPECT_EQ(total(Mode::dm), 26);
}

}  // namespace
}  // namespace portal::leaderboard
