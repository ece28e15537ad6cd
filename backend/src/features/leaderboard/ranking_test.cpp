// Ingestion, ranking and reading over a real database (SQLite, or PostgreSQL when
// PORTAL_TEST_POSTGRES_URL is set): the ranks served must be exactly the documented order.

#include "db/migrations.hpp"
#include "features/leaderboard/board_repository.hpp"
#include "features/leaderboard/ingest_repository.hpp"
#include "features/leaderboard/ranker.hpp"
#include "features/leaderboard/season_repository.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/servers/repository.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace portal::leaderboard {
namespace {

constexpr std::int64_t kNow = 1767225600;  // 2026-01-01T00:00:00Z

std::string steam_id(int n) { return std::to_string(76561198000000000LL + n); }

class RankingTest : public ::testing::Test {
 protected:
  RankingTest() : database(test_database.options()) {
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
  BoardRepository boards{database};
  std::unordered_map<std::string, int> members;
  Ranker ranker{database, [this] { return members; }, [] { return kNow; }};
};

TEST_F(RankingTest, RanksAreExactlyTheDocumentedOrderAcrossChunks) {
  // 12,345 players with many equal kills and deaths, so the tie-breaks decide most places and the
  // SQLite writer needs three chunks.
  std::mt19937 random(7);
  std::vector<PlayerStats> expected;
  std::vector<BatchPlayer> batch;
  int batch_number = 0;
  for (int i = 0; i < 12345; ++i) {
    BatchPlayer p{
        steam_id(static_cast<int>((i * 7919) % 100000)), "p" + std::to_string(i),
        Counters{.kills = static_cast<std::int64_t>(random() % 40), .deaths = static_cast<std::int64_t>(random() % 6)}};
    expected.push_back({p.steam_id, p.counters});
    batch.push_back(std::move(p));
    if (batch.size() == kMaxBatchPlayers || i == 12344) {
      ASSERT_EQ(apply("b" + std::to_string(batch_number++), Mode::dm, std::move(batch)), IngestOutcome::Kind::applied);
      batch.clear();
    }
  }
  std::sort(expected.begin(), expected.end(), ranks_above);

  EXPECT_EQ(boards.board({0, Mode::dm})->ranked, 0) << "nothing is ranked before the job runs";
  const auto reports = ranker.refresh_dirty();
  ASSERT_EQ(reports.size(), 1U) << "only the all-time dm board received stats";
  EXPECT_EQ(reports[0].players, 12345);

  const auto info = boards.board({0, Mode::dm});
  EXPECT_EQ(info->ranked, 12345);
  EXPECT_EQ(info->ranked_at, kNow);
  for (const std::int64_t first : {1L, 4951L, 5000L, 10001L, 12301L}) {
    const auto page = boards.by_rank({0, Mode::dm}, first, first + 49);
    const auto last = std::min<std::int64_t>(first + 49, 12345);
    ASSERT_EQ(static_cast<std::int64_t>(page.size()), last - first + 1);
    for (std::size_t i = 0; i < page.size(); ++i) {
      const auto& want = expected[static_cast<std::size_t>(first - 1) + i];
      EXPECT_EQ(page[i].steam_id, want.steam_id) << "rank " << first + static_cast<std::int64_t>(i);
      EXPECT_EQ(page[i].counters, want.counters);
      EXPECT_EQ(page[i].rank, first + static_cast<std::int64_t>(i));
    }
  }
  const auto& someone = expected[8765];
  const auto entries = boards.player(0, someone.steam_id);
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].rank, 8766);
  EXPECT_EQ(entries[0].mode, Mode::dm);
}

TEST_F(RankingTest, BatchesGoToTheOpenSeasonAndAllTimeOnce) {
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
  ranker.refresh_dirty();

  const auto in = [&](std::int64_t season) {
    const auto entries = boards.player(season, steam_id(1));
    return entries.empty() ? Counters{} : entries[0].counters;
  };
  EXPECT_EQ(in(first), (Counters{.kills = 10, .deaths = 2, .wins = 1}));
  EXPECT_EQ(in(second), (Counters{.kills = 5, .deaths = 1}));
  EXPECT_EQ(in(0), (Counters{.kills = 15, .deaths = 3, .wins = 1})) << "the repeated batch added nothing";
  EXPECT_EQ(boards.player(0, steam_id(1))[0].nickname, "Alice") << "a batch without a nickname keeps the old one";

  ASSERT_TRUE(seasons.close(second, kNow, "test"));
  ASSERT_EQ(apply("m3", Mode::solo, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  ranker.refresh_dirty();
  EXPECT_EQ(in(second).kills, 5) << "a closed season receives nothing";
  EXPECT_EQ(in(0).kills, 16);
}

TEST_F(RankingTest, GroupFiltersNumberTheirMembersInRankOrder) {
  std::vector<BatchPlayer> players;
  for (int i = 1; i <= 10; ++i) players.push_back({steam_id(i), std::nullopt, {.kills = 100 - i}});
  ASSERT_EQ(apply("m", Mode::dm, std::move(players)), IngestOutcome::Kind::applied);
  members = {{steam_id(2), kPro}, {steam_id(5), kKol | kVip}, {steam_id(7), kOp | kPro}, {steam_id(9), kVip}};
  ranker.refresh_dirty();

  const BoardKey key{0, Mode::dm};
  EXPECT_EQ(ids_of(boards.by_group_position(key, kPro, 1, 50)), (std::vector<std::string>{steam_id(2), steam_id(7)}));
  EXPECT_EQ(ids_of(boards.by_group_position(key, kPro | kKol | kOp, 1, 50)),
            (std::vector<std::string>{steam_id(2), steam_id(5), steam_id(7)}));
  EXPECT_EQ(boards.group_size(key, kKol | kOp), 2);
  const auto second_page = boards.by_group_position(key, kPro | kKol | kOp, 2, 3);
  ASSERT_EQ(second_page.size(), 2U);
  EXPECT_EQ(second_page[0].position, 2);
  EXPECT_EQ(second_page[0].rank, 5);
  EXPECT_EQ(second_page[0].group_bits, kKol | kVip);
  EXPECT_EQ(boards.by_rank(key, 9, 9)[0].group_bits, kVip) << "VIP shows as a badge but is no filter";
}

TEST_F(RankingTest, MembershipChangesRankEveryBoardAgain) {
  ASSERT_EQ(apply("m", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  ranker.note_membership_changes();
  ranker.refresh_dirty();
  EXPECT_TRUE(ranker.refresh_dirty().empty()) << "nothing changed since";
  EXPECT_FALSE(ranker.note_membership_changes());

  members = {{steam_id(1), kOp}};
  EXPECT_TRUE(ranker.note_membership_changes());
  EXPECT_EQ(ranker.refresh_dirty().size(), 4U) << "every all-time board";
  EXPECT_EQ(boards.by_rank({0, Mode::dm}, 1, 1)[0].group_bits, kOp);

  // Another instance (a new Ranker) that sees the same members does not rank again.
  Ranker other(
      database, [this] { return members; }, [] { return kNow; });
  EXPECT_FALSE(other.note_membership_changes());
}

TEST_F(RankingTest, NewRankingsReplaceTheOldGeneration) {
  ASSERT_EQ(
      apply("m1", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 1}}, {steam_id(2), std::nullopt, {.kills = 2}}}),
      IngestOutcome::Kind::applied);
  ranker.refresh_dirty();
  EXPECT_EQ(ids_of(boards.by_rank({0, Mode::dm}, 1, 2)), (std::vector<std::string>{steam_id(2), steam_id(1)}));

  ASSERT_EQ(
      apply("m2", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 5}}, {steam_id(3), std::nullopt, {.kills = 1}}}),
      IngestOutcome::Kind::applied);
  // Until the job runs, readers see the previous ranking; the newcomer shows without a rank.
  EXPECT_EQ(ids_of(boards.by_rank({0, Mode::dm}, 1, 5)), (std::vector<std::string>{steam_id(2), steam_id(1)}));
  const auto newcomer = boards.player(0, steam_id(3));
  ASSERT_EQ(newcomer.size(), 1U);
  EXPECT_FALSE(newcomer[0].rank.has_value());
  EXPECT_EQ(newcomer[0].counters.kills, 1);

  const auto reports = ranker.refresh_dirty();
  ASSERT_EQ(reports.size(), 1U);
  EXPECT_EQ(reports[0].generation, 2);
  EXPECT_EQ(ids_of(boards.by_rank({0, Mode::dm}, 1, 5)),
            (std::vector<std::string>{steam_id(1), steam_id(2), steam_id(3)}));
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_ranks"), 3) << "the first generation is gone";
}

TEST_F(RankingTest, ABoardHeldByAnotherRefreshIsSkippedUntilItsLeaseEnds) {
  ASSERT_EQ(apply("m", Mode::dm, {{steam_id(1), std::nullopt, {.kills = 1}}}), IngestOutcome::Kind::applied);
  database.with_session([](soci::session& sql) {
    sql << "UPDATE leaderboard_boards SET lease_until = " << kNow + 30 << " WHERE dirty = 1";
  });
  EXPECT_TRUE(ranker.refresh_dirty().empty());
  Ranker later(
      database, [this] { return members; }, [] { return kNow + 31; });
  EXPECT_EQ(later.refresh_dirty().size(), 1U);
}

}  // namespace
}  // namespace portal::leaderboard
