#include "db/leader_election.hpp"

#include "db/advisory_locks.hpp"
#include "db/database.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace portal::db {
namespace {

using test::TestDatabase;

constexpr std::int64_t kKey = advisory_locks::kJobServersRefresh;

// Ends the backends of one application_name, as a dying instance or a network cut would.
int terminate(Database& database, const std::string& application_name) {
  return database.with_session([&](soci::session& sql) {
    int count = 0;
    sql << "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name",
        soci::use(application_name), soci::into(count);
    return count;
  });
}

TEST(PostgresServer, OneInstanceLeadsAKeyAndTheLeadMovesWhenItStopsOrDies) {
  // PostgresServer tests need a server; plain runs exclude them (Makefile), the PostgreSQL run includes them.
  ASSERT_TRUE(TestDatabase::using_postgres()) << "needs PORTAL_TEST_POSTGRES_URL: run through scripts/with-postgres.sh";
  const TestDatabase fresh;
  Database database(fresh.options());
  AdvisoryLockElection a(fresh.options().postgres_url, "a:1");
  AdvisoryLockElection b(fresh.options().postgres_url, "b:2");
  AdvisoryLockElection c(fresh.options().postgres_url, "c:3");

  EXPECT_TRUE(a.lead(kKey));
  EXPECT_TRUE(a.lead(kKey));  // confirmed, still its own
  EXPECT_FALSE(b.lead(kKey));
  EXPECT_FALSE(c.lead(kKey));
  EXPECT_TRUE(b.lead(advisory_locks::kJobAuthPurge));  // another job, another leader

  // A stops: it gives the lead up at once.
  a.resign_all();
  EXPECT_TRUE(b.lead(kKey));
  EXPECT_FALSE(c.lead(kKey));
  EXPECT_FALSE(a.lead(kKey));

  // B dies: its connection closes and the server releases its locks.
  ASSERT_EQ(terminate(database, b.application_name()), 1);
  // pg_terminate_backend only signals: the locks go when the backend has exited.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!c.lead(kKey) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(c.lead(kKey));
  EXPECT_THROW(b.lead(kKey), std::runtime_error);  // finds its connection gone
  EXPECT_FALSE(b.lead(kKey));                      // reconnected: C leads now
  EXPECT_TRUE(b.lead(advisory_locks::kJobAuthPurge));
}

}  // namespace
}  // namespace portal::db
