#include "db/writer_queue.hpp"

#include "core/error.hpp"
#include "db/transaction.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace portal::db {
namespace {

using namespace std::chrono_literals;
using test::TestDatabase;

// Spins (with sleeps) until the queue holds `count` waiters; the test fails instead of hanging.
void wait_for_waiters(const WriterQueue& queue, std::size_t count) {
  for (int i = 0; i < 20000 && queue.waiting() < count; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(queue.waiting(), count);
}

TEST(WriterQueue, WritersGetTheirTurnInArrivalOrder) {
  WriterQueue queue(60s);
  ASSERT_TRUE(queue.acquire());
  std::mutex order_mutex;
  std::vector<int> order;
  std::vector<std::thread> writers;
  for (int id = 1; id <= 3; ++id) {
    writers.emplace_back([&, id] {
      ASSERT_TRUE(queue.acquire());
      {
        std::lock_guard lock(order_mutex);
        order.push_back(id);
      }
      queue.release();
    });
    // The next writer starts only once this one is queued, so arrival order is known.
    wait_for_waiters(queue, static_cast<std::size_t>(id));
  }
  queue.release();
  for (auto& writer : writers) writer.join();
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(queue.waiting(), 0u);
}

TEST(WriterQueue, AWriterOutOfPatienceLeavesTheQueueAndTheNextOneStillGetsItsTurn) {
  WriterQueue queue(50ms);
  ASSERT_TRUE(queue.acquire());
  EXPECT_FALSE(queue.acquire());
  EXPECT_EQ(queue.waiting(), 0u);
  queue.release();
  EXPECT_TRUE(queue.acquire());
  queue.release();
}

Options sqlite_options(const TestDatabase& fresh, int busy_timeout_ms) {
  Options options = fresh.options();
  options.busy_timeout_ms = busy_timeout_ms;
  return options;
}

TEST(WriterTurn, ManyWritersOfOneProcessAllCommit) {
  const TestDatabase fresh(Engine::sqlite);
  Database database(sqlite_options(fresh, 5000));
  database.with_session([](soci::session& sql) { sql << "CREATE TABLE counter (n INTEGER NOT NULL)"; });
  database.with_session([](soci::session& sql) { sql << "INSERT INTO counter (n) VALUES (0)"; });
  constexpr int kThreads = 6;
  constexpr int kWrites = 25;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kWrites; ++i) {
        try {
          database.with_session([&](soci::session& sql) {
            write_transaction(sql, Engine::sqlite, [&] {
              int n = 0;
              sql << "SELECT n FROM counter", soci::into(n);
              sql << "UPDATE counter SET n = :n", soci::use(n + 1);
            });
          });
        } catch (...) {
          ++failures;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  int n = 0;
  database.with_session([&](soci::session& sql) { sql << "SELECT n FROM counter", soci::into(n); });
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(n, kThreads * kWrites);
}

TEST(WriterTurn, ALockHeldByAnotherProcessPastBusyTimeoutIsARetryableDatabaseBusy) {
  const TestDatabase fresh(Engine::sqlite);
  Database database(sqlite_options(fresh, 100));
  database.with_session([](soci::session& sql) { sql << "CREATE TABLE t (x INTEGER)"; });
  // Another process: a connection of its own, outside the pool and its queue.
  soci::session other(*soci::factory_sqlite3(), fresh.options().sqlite_path.string());
  other << "BEGIN IMMEDIATE";
  try {
    database.with_session([](soci::session& sql) {
      write_transaction(sql, Engine::sqlite, [&] { sql << "INSERT INTO t (x) VALUES (1)"; });
    });
    ADD_FAILURE() << "the write went through a held lock";
  } catch (const core::UnavailableError& error) {
    EXPECT_EQ(error.error().code, "DATABASE_BUSY");
    EXPECT_EQ(error.error().kind, core::ErrorKind::unavailable);
    EXPECT_EQ(error.error().details.at("retryAfter").as_int64(), 1);
  }
  // A plain statement outside a transaction is mapped the same way.
  EXPECT_THROW(database.with_session([](soci::session& sql) { sql << "INSERT INTO t (x) VALUES (2)"; }),
               core::UnavailableError);
  other << "ROLLBACK";
  database.with_session([](soci::session& sql) {
    write_transaction(sql, Engine::sqlite, [&] { sql << "INSERT INTO t (x) VALUES (3)"; });
  });
  int rows = 0;
  database.with_session([&](soci::session& sql) { sql << "SELECT COUNT(*) FROM t", soci::into(rows); });
  EXPECT_EQ(rows, 1);
}

TEST(WriterTurn, OtherDatabaseErrorsPassUnchanged) {
  const TestDatabase fresh(Engine::sqlite);
  Database database(sqlite_options(fresh, 100));
  EXPECT_THROW(database.with_session([](soci::session& sql) { sql << "INSERT INTO missing (x) VALUES (1)"; }),
               soci::soci_error);
}

}  // namespace
}  // namespace portal::db
