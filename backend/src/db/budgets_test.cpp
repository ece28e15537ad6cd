// Budgets in the database: window rules on a clock the test sets, and no overshoot when many
// connections take from one budget at once (on both engines).

#include "db/budgets.hpp"

#include "db/migrations.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace portal::db {
namespace {

using namespace std::chrono_literals;

class BudgetsTest : public ::testing::Test {
 protected:
  BudgetsTest() { migrate(database, embedded_migrations(database.engine())); }

  test::TestDatabase test_database;
  Database database{test_database.options()};
  Budgets budgets{database};
  std::int64_t now = 1'800'000'000;
};

TEST_F(BudgetsTest, TakesUntilEmptyThenTellsWhenTheWindowCloses) {
  const core::RateLimit limit{3, 60s};
  EXPECT_FALSE(budgets.take("k", limit, now));
  EXPECT_FALSE(budgets.take("k", limit, now + 10));
  EXPECT_FALSE(budgets.take("k", limit, now + 20));
  const auto wait = budgets.take("k", limit, now + 25);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 35s);
  EXPECT_EQ(budgets.used("k", now + 25), 3);
  // The window opened at the first unit; it closes 60 s later and the budget is whole again.
  EXPECT_FALSE(budgets.take("k", limit, now + 60));
  EXPECT_EQ(budgets.used("k", now + 60), 1);
}

TEST_F(BudgetsTest, KeysAreIndependent) {
  const core::RateLimit limit{1, 60s};
  EXPECT_FALSE(budgets.take("a", limit, now));
  EXPECT_TRUE(budgets.take("a", limit, now));
  EXPECT_FALSE(budgets.take("b", limit, now));
}

TEST_F(BudgetsTest, GiveBackAndResetRestoreUnits) {
  const core::RateLimit limit{2, 60s};
  EXPECT_FALSE(budgets.take("k", limit, now));
  EXPECT_FALSE(budgets.take("k", limit, now));
  EXPECT_TRUE(budgets.take("k", limit, now));
  budgets.give_back("k");
  EXPECT_FALSE(budgets.take("k", limit, now));
  budgets.reset("k");
  EXPECT_EQ(budgets.used("k", now), 0);
  EXPECT_FALSE(budgets.take("k", limit, now));
  budgets.give_back("never-used");  // nothing to return: no row, no error
  EXPECT_EQ(budgets.used("never-used", now), 0);
}

TEST_F(BudgetsTest, PurgeForgetsClosedWindowsOnly) {
  const core::RateLimit limit{1, 60s};
  EXPECT_FALSE(budgets.take("old", limit, now));
  EXPECT_FALSE(budgets.take("new", limit, now + 50));
  budgets.purge(now + 60);
  EXPECT_EQ(budgets.used("old", now + 59), 0);
  EXPECT_EQ(budgets.used("new", now + 59), 1);
}

TEST_F(BudgetsTest, ConcurrentTakersNeverOvershoot) {
  const core::RateLimit limit{10, 900s};
  std::atomic<int> taken{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 6; ++i) {
        if (!budgets.take("race", limit, now)) ++taken;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(taken.load(), 10);
  EXPECT_EQ(budgets.used("race", now), 10);
}

}  // namespace
}  // namespace portal::db
