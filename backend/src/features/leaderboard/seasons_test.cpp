// Season rules over a real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

#include "features/leaderboard/seasons.hpp"

#include "db/migrations.hpp"
#include "support/test_database.hpp"
#include "features/leaderboard/calendar_for_test.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace portal::leaderboard {
namespace {

class SeasonsTest : public ::testing::Test {
 protected:
  SeasonsTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
  }

  Season add_ok(const std::string& name, std::int64_t starts_at) {
    auto added = seasons.add(name, starts_at, "test");
    EXPECT_TRUE(added.ok()) << name << ": " << (added.ok() ? "" : added.error().message);
    return added.ok() ? added.value() : Season{};
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }

  test::TestDatabase test_database;
  db::Database database;
  SeasonRepository repository{database};
  std::atomic<std::int64_t> now{kNow};
  Seasons seasons{repository, [this] { return now.load(); }};
};

void expect_error(const core::Error& error, core::ErrorKind kind, const std::string& code) {
  EXPECT_EQ(error.kind, kind) << error.message;
  EXPECT_EQ(error.code, code) << error.message;
}

void expect_validation(const core::Error& error, const std::string& field) {
  expect_error(error, core::ErrorKind::validation, "VALIDATION_FAILED");
  ASSERT_TRUE(error.details.contains("field"));
  EXPECT_EQ(error.details.at("field").as_string(), field);
}

TEST_F(SeasonsTest, NoSeasonsAtFirst) {
  EXPECT_TRUE(seasons.list().empty());
  EXPECT_FALSE(seasons.current());
  EXPECT_FALSE(seasons.find(1));
  // The all-time boards come with the schema.
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_boards WHERE season_id IS NULL"), 4);
}

TEST_F(SeasonsTest, AddOpensTheSeasonWithABoardPerMode) {
  const Season s1 = add_ok("S1 2026", kNow - 10 * kDay);
  EXPECT_GT(s1.id, 0);
  EXPECT_EQ(s1.name, "S1 2026");
  EXPECT_EQ(s1.starts_at, kNow - 10 * kDay);
  EXPECT_TRUE(s1.open());
  EXPECT_EQ(seasons.find(s1.id), s1);
  EXPECT_EQ(seasons.current(), s1);

  const auto boards = repository.boards();
  int season_boards = 0;
  for (const Mode mode : kModes) {
    const auto found = std::find_if(boards.begin(), boards.end(),
                                    [&](const BoardSummary& b) { return b.season_id == s1.id && b.mode == mode; });
    ASSERT_NE(found, boards.end()) << to_string(mode);
    EXPECT_EQ(found->players, 0);
    EXPECT_EQ(found->changed_at, 0);
    ++season_boards;
  }
  EXPECT_EQ(season_boards, 4);
  EXPECT_EQ(boards.size(), 8u);
  EXPECT_FALSE(boards.front().season_id) << "all-time boards are listed first";
  EXPECT_EQ(
      count("SELECT COUNT(*) FROM audit_log WHERE action = 'season.create' AND actor = 'test' AND target = 'season:" +
            std::to_string(s1.id) + "'"),
      1);
}

TEST_F(SeasonsTest, AddClosesTheOpenSeasonAtTheNewStart) {
  const Season s1 = add_ok("S1", kNow - 100 * kDay);
  const Season s2 = add_ok("S2", kNow - 30 * kDay);
  const auto closed = seasons.find(s1.id);
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->ends_at, kNow - 30 * kDay);
  EXPECT_EQ(seasons.current(), s2);
  EXPECT_EQ(count("SELECT COUNT(*) FROM seasons WHERE ends_at IS NULL"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'season.close' AND target = 'season:" +
                  std::to_string(s1.id) + "'"),
            1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_boards WHERE season_id IS NOT NULL"), 8);

  // The same start as the open season's is allowed: that one ends where it began.
  const Season s3 = add_ok("S3", kNow - 30 * kDay);
  EXPECT_EQ(seasons.find(s2.id)->ends_at, s2.starts_at);
  EXPECT_EQ(seasons.current(), s3);
}

TEST_F(SeasonsTest, TheDatabaseHoldsAtMostOneOpenSeason) {
  add_ok("S1", kNow);
  EXPECT_ANY_THROW(database.with_session([](soci::session& sql) {
    sql << "INSERT INTO seasons (name, starts_at, ends_at, created_at) VALUES ('other', 1, NULL, 1)";
  }));
  EXPECT_EQ(count("SELECT COUNT(*) FROM seasons"), 1);
}

TEST_F(SeasonsTest, AStartBeforeTheOpenSeasonOrInTheFutureIsRefused) {
  const Season s1 = add_ok("S1", kNow - 10 * kDay);
  auto earlier = seasons.add("S0", kNow - 11 * kDay, "test");
  ASSERT_FALSE(earlier.ok());
  expect_validation(earlier.error(), "startsAt");
  EXPECT_EQ(earlier.error().details.at("openSeasonId").as_int64(), s1.id);
  EXPECT_NE(earlier.error().message.find("'S1'"), std::string::npos) << earlier.error().message;

  auto future = seasons.add("S2", kNow + 1, "test");
  ASSERT_FALSE(future.ok());
  expect_validation(future.error(), "startsAt");
  auto negative = seasons.add("S2", -1, "test");
  ASSERT_FALSE(negative.ok());
  expect_validation(negative.error(), "startsAt");

  // Nothing changed.
  EXPECT_EQ(seasons.current(), s1);
  EXPECT_EQ(seasons.list().size(), 1u);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_boards"), 8);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log"), 1);
}

TEST_F(SeasonsTest, NamesAreTrimmedAndChecked) {
  EXPECT_EQ(add_ok("  S1 2026\t", kNow - 5).name, "S1 2026");
  EXPECT_EQ(add_ok("\xE3\x80\x80第二赛季\xE3\x80\x80", kNow - 4).name, "第二赛季");  // ideographic spaces
  std::string chinese_32;
  for (int i = 0; i < 32; ++i) chinese_32 += "季";
  EXPECT_EQ(add_ok(chinese_32, kNow - 3).name, chinese_32) << "32 characters, 96 bytes";

  for (const std::string& bad : {std::string(""), std::string("   "), std::string(33, 'x'), chinese_32 + "季",
                                 std::string("a\tb"), std::string("a\nb"), std::string("a\x7f"),
                                 std::string("a\xC2\x85"), std::string("a\0b", 3), std::string("bad \xFF utf8"),
                                 std::string("\xC0\xAF"), std::string("\xED\xA0\x80"), std::string("cut \xE5\xAD")}) {
    auto added = seasons.add(bad, kNow, "test");
    ASSERT_FALSE(added.ok()) << bad;
    expect_validation(added.error(), "name");
  }
  EXPECT_EQ(seasons.list().size(), 3u);
}

TEST_F(SeasonsTest, NamesAreUnique) {
  add_ok("S1", kNow - 10);
  const Season s2 = add_ok("S2", kNow - 5);
  for (const char* taken : {"S1", " S2 "}) {
    auto again = seasons.add(taken, kNow, "test");
    ASSERT_FALSE(again.ok()) << taken;
    expect_error(again.error(), core::ErrorKind::conflict, "SEASON_NAME_TAKEN");
  }
  EXPECT_EQ(seasons.current(), s2) << "a refused add closes nothing";
  EXPECT_TRUE(seasons.add("s1", kNow, "test").ok()) << "names compare exactly";
}

TEST_F(SeasonsTest, CloseEndsTheOpenSeason) {
  auto unknown = seasons.close(42, kNow, "test");
  ASSERT_FALSE(unknown.ok());
  expect_error(unknown.error(), core::ErrorKind::not_found, "SEASON_NOT_FOUND");

  const Season s1 = add_ok("S1", kNow - 10 * kDay);
  auto closed = seasons.close(s1.id, kNow, "test");
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  EXPECT_EQ(closed->ends_at, kNow);
  EXPECT_FALSE(seasons.current());
  EXPECT_EQ(seasons.find(s1.id)->ends_at, kNow);

  auto again = seasons.close(s1.id, kNow + 1, "test");
  ASSERT_FALSE(again.ok());
  expect_error(again.error(), core::ErrorKind::conflict, "SEASON_CLOSED");
  EXPECT_EQ(seasons.find(s1.id)->ends_at, kNow) << "a refused close changes nothing";
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'season.close'"), 1);

  // Closed at its start when the clock says earlier (the schema wants ends_at >= starts_at).
  const Season s2 = add_ok("S2", kNow);
  auto early = seasons.close(s2.id, kNow - 60, "test");
  ASSERT_TRUE(early.ok());
  EXPECT_EQ(early->ends_at, kNow);
}

TEST_F(SeasonsTest, ListIsNewestFirst) {
  const Season a = add_ok("A", kNow - 300 * kDay);
  const Season b = add_ok("B", kNow - 200 * kDay);
  const Season c = add_ok("C", kNow - 200 * kDay);  // same start as B: the higher id first
  ASSERT_TRUE(seasons.close(c.id, kNow - 100 * kDay, "test").ok());
  // With no season open, an older season may be added (it becomes the open one).
  const Season old = add_ok("Old", kNow - 400 * kDay);
  const auto list = seasons.list();
  ASSERT_EQ(list.size(), 4u);
  EXPECT_EQ(list[0].id, c.id);
  EXPECT_EQ(list[1].id, b.id);
  EXPECT_EQ(list[2].id, a.id);
  EXPECT_EQ(list[3].id, old.id);
  EXPECT_EQ(seasons.current(), old);
}

TEST_F(SeasonsTest, ConcurrentAddsLeaveOneOpenSeason) {
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        if (!seasons.add("T" + std::to_string(t) + "-" + std::to_string(i), kNow, "test").ok()) ++failures;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM seasons"), 20);
  EXPECT_EQ(count("SELECT COUNT(*) FROM seasons WHERE ends_at IS NULL"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM leaderboard_boards WHERE season_id IS NOT NULL"), 80);
}

}  // namespace
}  // namespace portal::leaderboard
