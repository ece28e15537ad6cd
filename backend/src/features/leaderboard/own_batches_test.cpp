// The instance that takes a batch shows it at once (Standings::apply_own) and its follow() passes the
// batch's rows over; whatever order own rows and the log's other rows arrive in, every instance ends
// with the same ranks and counters (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

#include "features/leaderboard/fold_repository.hpp"
#include "features/leaderboard/standings_test_support.hpp"

#include <gtest/gtest.h>

namespace portal::leaderboard {
namespace {

class OwnBatchesTest : public StandingsTest {
 protected:
  IngestOutcome take(const std::string& batch_id, std::vector<BatchPlayer> players) {
    StatsBatch batch{batch_id, Mode::dm, std::move(players)};
    auto outcome = ingest.apply(server_id, batch, content_hash(batch), kNow);
    EXPECT_EQ(outcome.kind, IngestOutcome::Kind::applied);
    return outcome;
  }
  std::int64_t board() { return *BoardRepository(database).board_id({0, Mode::dm}); }

  // Every rank, counter and name the two instances serve agrees.
  void expect_same(Standings& a, Standings& b) {
    const LeaderboardService first{database, a, [this] { return seasons.list(); }, [] { return kNow; }};
    const LeaderboardService second{database, b, [this] { return seasons.list(); }, [] { return kNow; }};
    const auto mine = first.page(Mode::dm, 0, 1, 0);
    const auto theirs = second.page(Mode::dm, 0, 1, 0);
    ASSERT_TRUE(mine && theirs);
    ASSERT_EQ(mine->total, theirs->total);
    ASSERT_EQ(mine->players.size(), theirs->players.size());
    for (std::size_t i = 0; i < mine->players.size(); ++i) {
      EXPECT_EQ(mine->players[i].steam_id, theirs->players[i].steam_id) << "rank " << i + 1;
      EXPECT_EQ(mine->players[i].rank, static_cast<std::int64_t>(i) + 1);
      EXPECT_EQ(mine->players[i].counters, theirs->players[i].counters) << mine->players[i].steam_id;
      EXPECT_EQ(mine->players[i].nickname, theirs->players[i].nickname) << mine->players[i].steam_id;
    }
  }
};

TEST_F(OwnBatchesTest, TheBatchAnswersItsRowsWithTheSeqsTheLogGaveThem) {
  take("a", {{steam_id(1), "Alice", {.kills = 3, .deaths = 1}}});
  // 45 players on two boards: 90 rows, appended as 32 + 32 + 8 + 8 + 8 + 1 + 1.
  open_season("S1", kNow - 100);
  std::vector<BatchPlayer> players;
  for (int i = 0; i < 45; ++i) {
    players.push_back({steam_id(i + 1),
                       i % 3 == 0 ? std::optional<std::string>("n" + std::to_string(i)) : std::nullopt,
                       {.kills = i, .deaths = i % 4, .headshots = i % 5, .playtime = 60 + i}});
  }
  const auto outcome = take("b", players);
  ASSERT_EQ(outcome.changes.size(), 90U);
  const auto logged = ChangeLogRepository(database).changes_after(1, 1000);
  ASSERT_EQ(logged.size(), 90U);
  for (std::size_t i = 0; i < logged.size(); ++i) {
    const auto& mine = outcome.changes[i];
    EXPECT_EQ(mine.seq, logged[i].seq) << i;
    EXPECT_EQ(mine.board_id, logged[i].board_id) << i;
    EXPECT_EQ(mine.steam_id, logged[i].steam_id) << i;
    EXPECT_EQ(mine.nickname, logged[i].nickname) << i;
    EXPECT_EQ(mine.added, logged[i].added) << i;
    EXPECT_EQ(mine.changed_at, logged[i].changed_at) << i;
  }
}

TEST_F(OwnBatchesTest, AnOwnBatchShowsAtOnceAndTheFollowAddsItOnlyOnce) {
  take("a", {{steam_id(1), "Alice", {.kills = 10, .deaths = 2}}, {steam_id(2), "Bob", {.kills = 5}}});
  standings.follow();

  const auto own = take("b", {{steam_id(2), "Bobby", {.kills = 20, .deaths = 1}}, {steam_id(3), "Cleo", {.kills = 1}}});
  standings.apply_own(own.changes);
  const auto shown = page(Mode::dm, 0, 1);
  ASSERT_EQ(shown.size(), 3U) << "before any follow";
  EXPECT_EQ(shown[0].steam_id, steam_id(2));
  EXPECT_EQ(shown[0].counters.kills, 25);
  EXPECT_EQ(shown[0].nickname, "Bobby");
  EXPECT_EQ(entries(0, steam_id(3))[0].rank, 3);

  const auto report = standings.follow();
  EXPECT_FALSE(report.loaded);
  EXPECT_EQ(report.changes, 0U) << "the rows it took itself are not applied again";
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.kills, 25) << "not added twice";

  standings.apply_own(own.changes);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.kills, 25) << "rows already taken are left out";

  Standings started{database, [this] { return members; }};
  started.follow();
  expect_same(standings, started);
}

TEST_F(OwnBatchesTest, OwnRowsAmongOtherInstancesRowsAddUpInAnyOrder) {
  Standings other{database, [this] { return members; }};
  take("a", {{steam_id(1), "Alice", {.kills = 1}}});
  standings.follow();
  other.follow();

  // Batches 1 and 3 come from another instance; this one takes 2 and 4, and learns of 4 first.
  const auto theirs_1 = take("1", {{steam_id(1), "Al", {.kills = 4}}, {steam_id(2), "Bo", {.kills = 2}}});
  const auto own_2 =
      take("2", {{steam_id(1), std::nullopt, {.kills = 3, .deaths = 1}}, {steam_id(3), "Cy", {.kills = 9}}});
  const auto theirs_3 = take("3", {{steam_id(2), "Bob", {.kills = 6}}});
  const auto own_4 = take("4", {{steam_id(1), "Alice", {.kills = 2}}, {steam_id(2), std::nullopt, {.deaths = 3}}});
  standings.apply_own(own_4.changes);
  standings.apply_own(own_2.changes);
  EXPECT_EQ(entries(0, steam_id(3))[0].counters.kills, 9) << "own rows show before the other instance's";
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].nickname, "Cy");

  const auto report = standings.follow();
  EXPECT_EQ(report.changes, 3U) << "1's two rows and 3's one; its own were passed over";
  EXPECT_EQ(report.seq, own_4.changes.back().seq) << "own batch 4 follows the log it read";
  other.follow();
  expect_same(standings, other);
  const auto alice = entries(0, steam_id(1));
  ASSERT_EQ(alice.size(), 1U);
  EXPECT_EQ(alice[0].counters.kills, 1 + 4 + 3 + 2);
  EXPECT_EQ(alice[0].nickname, "Alice") << "the newest name, though its batch was taken first";
  EXPECT_EQ(entries(0, steam_id(2))[0].nickname, "Bob");

  // The fold adds everything into the tables once; the kept changes are forgotten and nothing is lost.
  FoldRepository fold(database);
  while (fold.fold(3).changes > 0) {
  }
  standings.follow();
  other.follow();
  expect_same(standings, other);
  EXPECT_EQ(entries(0, steam_id(1))[0].counters.kills, 10);
  EXPECT_EQ(standings.sizes()[0].unfolded, 0U);
  Standings started{database, [this] { return members; }};
  started.follow();
  expect_same(standings, started);
}

TEST_F(OwnBatchesTest, AGroupMembersOwnBatchMovesTheirRankAtOnceAndTheFilterOrderAtTheNextFollow) {
  members = {{steam_id(1), kPro}, {steam_id(2), kPro}};
  take("a", {{steam_id(1), std::nullopt, {.kills = 10}},
             {steam_id(2), std::nullopt, {.kills = 5}},
             {steam_id(3), std::nullopt, {.kills = 7}}});
  standings.follow();
  ASSERT_EQ(ids_of(page(Mode::dm, 0, 1, kPro)), (std::vector<std::string>{steam_id(1), steam_id(2)}));

  standings.apply_own(take("b", {{steam_id(2), std::nullopt, {.kills = 10}}}).changes);
  const auto at_once = page(Mode::dm, 0, 1, kPro);
  ASSERT_EQ(at_once.size(), 2U);
  EXPECT_EQ(at_once[1].steam_id, steam_id(2));
  EXPECT_EQ(at_once[1].rank, 1) << "the rank and kills as they are now";
  EXPECT_EQ(at_once[1].counters.kills, 15);

  const auto report = standings.follow();
  EXPECT_EQ(report.boards, 0U) << "no row to apply";
  EXPECT_EQ(ids_of(page(Mode::dm, 0, 1, kPro)), (std::vector<std::string>{steam_id(2), steam_id(1)}));
}

TEST_F(OwnBatchesTest, HandedOverBatchesWaitForTheirApplierOrTheNextFollowOldestFirst) {
  take("a", {{steam_id(1), "Alice", {.kills = 1}}});
  standings.follow();
  standings.hand_over(take("b", {{steam_id(2), "Bo", {.kills = 5}}}).changes);
  standings.hand_over(take("c", {{steam_id(2), "Bob", {.kills = 1}}}).changes);
  EXPECT_EQ(total(Mode::dm), 1) << "handing over only keeps them";

  EXPECT_EQ(standings.apply_handed_over(), 2U);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.kills, 6);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].nickname, "Bob");
  EXPECT_EQ(standings.apply_handed_over(), 0U) << "each batch once";

  standings.hand_over(take("d", {{steam_id(3), std::nullopt, {.kills = 9}}}).changes);
  const auto report = standings.follow();
  EXPECT_EQ(report.changes, 0U) << "the follow applied the handed-over batch first, not from the log";
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].steam_id, steam_id(3));
  Standings started{database, [this] { return members; }};
  started.follow();
  expect_same(standings, started);
}

TEST_F(OwnBatchesTest, BeforeTheFirstLoadOwnRowsWaitForIt) {
  standings.apply_own(take("a", {{steam_id(1), std::nullopt, {.kills = 1}}}).changes);
  EXPECT_EQ(total(Mode::dm), 0);
  EXPECT_TRUE(standings.follow().loaded);
  EXPECT_EQ(page(Mode::dm, 0, 1)[0].counters.kills, 1) << "the load took it, once";
}

}  // namespace
}  // namespace portal::leaderboard
