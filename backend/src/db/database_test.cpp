#include "db/database.hpp"

#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace portal::db {
namespace {

using test::TestDatabase;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

std::string open_error(const Options& options) {
  try {
    Database database(options);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  ADD_FAILURE() << "Database opened";
  return {};
}

// ---- SQLite ----

struct SqlitePragmas {
  std::string journal_mode;
  int foreign_keys = -1;
  int synchronous = -1;
  int busy_timeout = -1;
};

SqlitePragmas read_pragmas(soci::session& sql) {
  SqlitePragmas p;
  sql << "PRAGMA journal_mode", soci::into(p.journal_mode);
  sql << "PRAGMA foreign_keys", soci::into(p.foreign_keys);
  sql << "PRAGMA synchronous", soci::into(p.synchronous);
  sql << "PRAGMA busy_timeout", soci::into(p.busy_timeout);
  return p;
}

TEST(SqliteDatabase, EveryConnectionHasWalForeignKeysNormalSyncAndBusyTimeout) {
  const TestDatabase fresh(Engine::sqlite);
  Options options = fresh.options();
  options.pool_size = 3;
  options.busy_timeout_ms = 1234;
  Database database(options);
  EXPECT_EQ(database.engine(), Engine::sqlite);
  // Nested leases hold all three pooled sessions at once, so each connection is checked.
  std::vector<SqlitePragmas> seen;
  database.with_session([&](soci::session& a) {
    database.with_session([&](soci::session& b) {
      database.with_session([&](soci::session& c) {
        EXPECT_NE(a.get_backend(), b.get_backend());
        EXPECT_NE(b.get_backend(), c.get_backend());
        EXPECT_NE(a.get_backend(), c.get_backend());
        seen = {read_pragmas(a), read_pragmas(b), read_pragmas(c)};
      });
    });
  });
  ASSERT_EQ(seen.size(), 3U);
  for (const SqlitePragmas& p : seen) {
    EXPECT_EQ(p.journal_mode, "wal");
    EXPECT_EQ(p.foreign_keys, 1);
    EXPECT_EQ(p.synchronous, 1);  // NORMAL
    EXPECT_EQ(p.busy_timeout, 1234);
  }
  EXPECT_TRUE(std::filesystem::exists(options.sqlite_path));
}

TEST(SqliteDatabase, ForeignKeysAreEnforced) {
  const TestDatabase fresh(Engine::sqlite);
  Database database(fresh.options());
  database.with_session([](soci::session& sql) {
    sql << "CREATE TABLE parent (id INTEGER PRIMARY KEY)";
    sql << "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id))";
    sql << "INSERT INTO parent (id) VALUES (1)";
    sql << "INSERT INTO child (id, parent_id) VALUES (1, 1)";
    EXPECT_THROW(sql << "INSERT INTO child (id, parent_id) VALUES (2, 42)", soci::soci_error);
  });
}

TEST(SqliteDatabase, CreatesMissingParentFolders) {
  const TestDatabase fresh(Engine::sqlite);
  Options options = fresh.options();
  options.sqlite_path = options.sqlite_path.parent_path() / "a" / "b c" / "x=y.db";  // space and '=' too
  Database database(options);
  database.with_session([](soci::session& sql) { sql << "CREATE TABLE t (x INTEGER)"; });
  EXPECT_TRUE(std::filesystem::is_regular_file(options.sqlite_path));
}

TEST(SqliteDatabase, OpenFailureIsARuntimeErrorNamingTheFile) {
  const TestDatabase fresh(Engine::sqlite);
  const std::filesystem::path blocker = fresh.options().sqlite_path.parent_path() / "not_a_folder";
  std::ofstream(blocker) << "x";
  Options options = fresh.options();
  options.sqlite_path = blocker / "portal.db";
  EXPECT_THAT(open_error(options), HasSubstr(blocker.string()));
  // A folder where the file should be.
  options.sqlite_path = fresh.options().sqlite_path.parent_path();
  EXPECT_THAT(open_error(options), HasSubstr("Cannot open the SQLite database"));
}

TEST(SqliteDatabase, RejectsEmptyPoolAndPath) {
  Options options;
  options.sqlite_path.clear();
  EXPECT_THROW(Database{options}, std::runtime_error);
  const TestDatabase fresh(Engine::sqlite);
  options = fresh.options();
  options.pool_size = 0;
  EXPECT_THROW(Database{options}, std::invalid_argument);
}

// ---- both engines ----

TEST(Database, PingAnswersTrue) {
  const TestDatabase fresh;
  Database database(fresh.options());
  EXPECT_EQ(database.engine(), fresh.engine());
  EXPECT_TRUE(database.ping());
}

TEST(Database, SessionsAreRefusedOnIoThreads) {
  const TestDatabase fresh;
  Database database(fresh.options());
  EXPECT_FALSE(is_io_thread());
  std::string message;
  bool ping_result = true;
  bool marked = false;
  std::thread io([&] {
    mark_io_thread();
    marked = is_io_thread();
    try {
      database.with_session([](soci::session& sql) { sql << "SELECT 1"; });
    } catch (const std::logic_error& error) {
      message = error.what();
    }
    ping_result = database.ping();  // never throws
  });
  io.join();
  EXPECT_TRUE(marked);
  EXPECT_EQ(message, "database session requested on an I/O thread");
  EXPECT_FALSE(ping_result);
  // The flag is per thread: this (worker) thread still may lease sessions.
  EXPECT_FALSE(is_io_thread());
  EXPECT_EQ(database.with_session([](soci::session& sql) {
    int two = 0;
    sql << "SELECT 1 + 1", soci::into(two);
    return two;
  }),
            2);
}

TEST(Database, EngineNames) {
  EXPECT_EQ(to_string(Engine::sqlite), "sqlite");
  EXPECT_EQ(to_string(Engine::postgresql), "postgresql");
}

// ---- PostgreSQL ----

TEST(PostgresDatabase, UnreachableServerIsARuntimeErrorWithoutThePassword) {
  Options options;
  options.engine = Engine::postgresql;
  options.pool_size = 1;
  options.postgres_url = "host=127.0.0.1 port=1 dbname=portal user=portal password=s3cr3t-pw connect_timeout=1";
  std::string message = open_error(options);
  EXPECT_THAT(message, AllOf(HasSubstr("Cannot open the PostgreSQL database"), HasSubstr("127.0.0.1"),
                             HasSubstr("dbname=portal"), Not(HasSubstr("s3cr3t-pw"))));
  options.postgres_url = "postgresql://portal:s3cr3t-pw@127.0.0.1:1/portal?connect_timeout=1";
  message = open_error(options);
  EXPECT_THAT(message, AllOf(HasSubstr("127.0.0.1"), Not(HasSubstr("s3cr3t-pw"))));
  // A string libpq cannot parse: its message would echo the password.
  options.postgres_url = "host=127.0.0.1 password=s3cr3t-pw broken";
  message = open_error(options);
  EXPECT_THAT(message, AllOf(HasSubstr("not a valid"), Not(HasSubstr("s3cr3t-pw"))));
  options.postgres_url = "";
  EXPECT_THAT(open_error(options), HasSubstr("no connection string"));
}

TEST(PostgresServer, SessionsRunInUtc) {
  // PostgresServer tests need a server; plain runs exclude them (Makefile), the PostgreSQL run includes them.
  ASSERT_TRUE(TestDatabase::using_postgres()) << "needs PORTAL_TEST_POSTGRES_URL: run through scripts/with-postgres.sh";
  const TestDatabase fresh;
  Database database(fresh.options());
  const std::string zone = database.with_session([](soci::session& sql) {
    std::string value;
    sql << "SHOW TimeZone", soci::into(value);
    return value;
  });
  EXPECT_EQ(zone, "UTC");
}

TEST(PostgresServer, PingIsFalseWhenTheConnectionDropsThenRecovers) {
  // PostgresServer tests need a server; plain runs exclude them (Makefile), the PostgreSQL run includes them.
  ASSERT_TRUE(TestDatabase::using_postgres()) << "needs PORTAL_TEST_POSTGRES_URL: run through scripts/with-postgres.sh";
  const TestDatabase fresh;
  Options options = fresh.options();
  options.pool_size = 1;
  Database database(options);
  ASSERT_TRUE(database.ping());
  Database killer(options);
  const int killed = killer.with_session([](soci::session& sql) {
    int count = 0;
    sql << "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity "
           "WHERE datname = current_database() AND pid <> pg_backend_pid()",
        soci::into(count);
    return count;
  });
  ASSERT_EQ(killed, 1);
  EXPECT_FALSE(database.ping());  // the statement on the dropped connection fails...
  EXPECT_TRUE(database.ping());   // ...and the connection was replaced for the next one
  EXPECT_EQ(database.with_session([](soci::session& sql) {
    std::string value;
    sql << "SHOW TimeZone", soci::into(value);
    return value;
  }),
            "UTC");
}

}  // namespace
}  // namespace portal::db
