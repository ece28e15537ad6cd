#include "db/migrations.hpp"

#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace portal::db {
namespace {

using test::TestDatabase;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

bool table_exists(soci::session& sql, Engine engine, const std::string& name) {
  int count = 0;
  if (engine == Engine::sqlite) {
    sql << "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = :name", soci::use(name),
        soci::into(count);
  } else {
    sql << "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() "
           "AND table_name = :name",
        soci::use(name), soci::into(count);
  }
  return count > 0;
}

std::vector<std::pair<int, std::string>> recorded(Database& database) {
  return database.with_session([](soci::session& sql) {
    std::vector<std::pair<int, std::string>> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT version, name, applied_at FROM schema_migrations ORDER BY version");
    for (const soci::row& row : rows) {
      out.emplace_back(row.get<int>(0), row.get<std::string>(1));
      EXPECT_EQ(row.get_indicator(2), soci::i_ok);
    }
    return out;
  });
}

// Three steps, each needing the one before, with several statements per file.
std::vector<Migration> steps() {
  return {
      {1, "create_a",
       "CREATE TABLE a (id INTEGER PRIMARY KEY, label TEXT NOT NULL);\n"
       "INSERT INTO a (id, label) VALUES (1, 'one; with a semicolon');\n"},
      {2, "create_b",
       "CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a (id));\n"
       "INSERT INTO b (id, a_id) SELECT id, id FROM a;"},
      {3, "add_note", "ALTER TABLE b ADD COLUMN note TEXT;\nUPDATE b SET note = 'n';"},
  };
}

std::string current_utc_year() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  return std::to_string(1900 + tm.tm_year);
}

int advisory_locks(soci::session& sql) {
  int count = 0;
  // Only this test's database: tests running in parallel take the same lock in their own databases.
  sql << "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
         "(SELECT oid FROM pg_database WHERE datname = current_database())",
      soci::into(count);
  return count;
}

TEST(Migrations, EmbeddedSetsMatchAcrossEnginesAndStartWithTheAuditLog) {
  const auto& sqlite = embedded_migrations(Engine::sqlite);
  const auto& postgres = embedded_migrations(Engine::postgresql);
  ASSERT_FALSE(sqlite.empty());
  ASSERT_EQ(sqlite.size(), postgres.size());
  for (std::size_t i = 0; i < sqlite.size(); ++i) {
    EXPECT_EQ(sqlite[i].version, postgres[i].version);
    EXPECT_EQ(sqlite[i].name, postgres[i].name);
    EXPECT_NE(sqlite[i].sql, postgres[i].sql);
    if (i > 0) {
      EXPECT_GT(sqlite[i].version, sqlite[i - 1].version);
    }
  }
  EXPECT_EQ(sqlite[0].version, 1);
  EXPECT_EQ(sqlite[0].name, "audit_log");
  EXPECT_THAT(sqlite[0].sql, HasSubstr("CREATE TABLE audit_log"));
  EXPECT_THAT(postgres[0].sql, HasSubstr("BIGSERIAL"));
}

TEST(Migrations, AppliesInOrderOnceAndRecordsEachVersion) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const std::vector<Migration> all = steps();

  const MigrationReport first = migrate(database, {all[0], all[1]});
  EXPECT_THAT(first.applied, ElementsAre(1, 2));
  EXPECT_EQ(first.current_version, 2);

  const MigrationReport second = migrate(database, all);
  EXPECT_THAT(second.applied, ElementsAre(3));
  EXPECT_EQ(second.current_version, 3);

  const MigrationReport third = migrate(database, all);
  EXPECT_THAT(third.applied, IsEmpty());
  EXPECT_EQ(third.current_version, 3);

  EXPECT_THAT(recorded(database),
              ElementsAre(std::pair<int, std::string>{1, "create_a"}, std::pair<int, std::string>{2, "create_b"},
                          std::pair<int, std::string>{3, "add_note"}));
  database.with_session([](soci::session& sql) {
    std::string note;
    int a_id = 0;
    sql << "SELECT note, a_id FROM b WHERE id = 1", soci::into(note), soci::into(a_id);
    EXPECT_EQ(note, "n");
    EXPECT_EQ(a_id, 1);
  });
}

TEST(Migrations, EmptyDatabaseWithNoMigrationsIsVersionZero) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const MigrationReport report = migrate(database, {});
  EXPECT_THAT(report.applied, IsEmpty());
  EXPECT_EQ(report.current_version, 0);
  EXPECT_TRUE(database.with_session(
      [&](soci::session& sql) { return table_exists(sql, database.engine(), "schema_migrations"); }));
}

TEST(Migrations, EmbeddedMigrationsCreateAWorkingAuditLog) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const auto& embedded = embedded_migrations(database.engine());
  const MigrationReport report = migrate(database, embedded);
  EXPECT_EQ(report.applied.size(), embedded.size());
  EXPECT_EQ(report.current_version, embedded.back().version);
  EXPECT_THAT(migrate(database, embedded).applied, IsEmpty());

  database.with_session([&](soci::session& sql) {
    const std::string action = "server.create";
    const std::string details = R"({"id": 12})";
    sql << "INSERT INTO audit_log (action, target, details) VALUES (:action, 'server:12', :details)", soci::use(action),
        soci::use(details);
    std::string actor;
    std::string created_at;
    int id = 0;
    sql << "SELECT id, actor, CAST(created_at AS TEXT) FROM audit_log", soci::into(id), soci::into(actor),
        soci::into(created_at);
    EXPECT_GE(id, 1);
    EXPECT_EQ(actor, "system");
    EXPECT_THAT(created_at, HasSubstr(current_utc_year()));
    // action is required and details must be JSON.
    EXPECT_THROW(sql << "INSERT INTO audit_log (target) VALUES ('x')", soci::soci_error);
    EXPECT_THROW(sql << "INSERT INTO audit_log (action, details) VALUES ('a', 'not json')", soci::soci_error);
    int indexes = 0;
    if (database.engine() == Engine::sqlite) {
      sql << "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_log' "
             "AND sql LIKE '%created_at%'",
          soci::into(indexes);
    } else {
      sql << "SELECT COUNT(*) FROM pg_indexes WHERE tablename = 'audit_log' AND indexdef LIKE '%created_at%'",
          soci::into(indexes);
    }
    EXPECT_EQ(indexes, 1);
  });
}

TEST(Migrations, AFailingMigrationRollsBackAndNamesTheFile) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const Engine engine = database.engine();
  std::vector<Migration> list = {
      steps()[0],
      {2, "broken", "CREATE TABLE half (x INTEGER);\nINSERT INTO half (x) VALUES (1);\nCREATE TABLE oops (;\n"},
      {3, "after", "CREATE TABLE after_broken (x INTEGER);"},
  };
  std::string message;
  try {
    migrate(database, list);
  } catch (const std::runtime_error& error) {
    message = error.what();
  }
  const std::string dir = engine == Engine::sqlite ? "sqlite" : "postgres";
  EXPECT_THAT(message, AllOf(HasSubstr(dir + "/0002_broken.sql"), HasSubstr("syntax error"), HasSubstr("rolled back")));
  database.with_session([&](soci::session& sql) {
    EXPECT_TRUE(table_exists(sql, engine, "a"));  // version 1 stays applied
    EXPECT_FALSE(table_exists(sql, engine, "half"));
    EXPECT_FALSE(table_exists(sql, engine, "after_broken"));  // nothing after the failure runs
    if (engine == Engine::postgresql) {
      EXPECT_EQ(advisory_locks(sql), 0);
    }
  });
  EXPECT_THAT(recorded(database), ElementsAre(std::pair<int, std::string>{1, "create_a"}));

  // Fixed, it applies from where it stopped.
  list[1].sql = "CREATE TABLE half (x INTEGER);\nINSERT INTO half (x) VALUES (1);";
  const MigrationReport report = migrate(database, list);
  EXPECT_THAT(report.applied, ElementsAre(2, 3));
  EXPECT_EQ(report.current_version, 3);
}

TEST(Migrations, AScriptThatCommitsItselfIsRejected) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const std::vector<Migration> list = {{1, "sneaky", "CREATE TABLE s (x INTEGER); COMMIT;"}};
  try {
    migrate(database, list);
    ADD_FAILURE() << "migrate accepted a script with COMMIT";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr("0001_sneaky.sql"), HasSubstr("ended the transaction")));
  }
  EXPECT_THAT(recorded(database), IsEmpty());
}

TEST(Migrations, VersionsMustBeUniqueAndIncreasing) {
  const TestDatabase fresh;
  Database database(fresh.options());
  const Migration one{1, "one", "CREATE TABLE one (x INTEGER);"};
  const Migration two{2, "two", "CREATE TABLE two (x INTEGER);"};
  EXPECT_THROW(migrate(database, {two, one}), std::invalid_argument);
  EXPECT_THROW(migrate(database, {one, Migration{1, "again", "SELECT 1;"}}), std::invalid_argument);
  EXPECT_THROW(migrate(database, {Migration{0, "zero", "SELECT 1;"}}), std::invalid_argument);
  EXPECT_THROW(migrate(database, {Migration{1, "", "SELECT 1;"}}), std::invalid_argument);
  // Nothing ran.
  EXPECT_FALSE(database.with_session([&](soci::session& sql) { return table_exists(sql, database.engine(), "one"); }));
}

TEST(Migrations, ARenamedMigrationIsDetected) {
  const TestDatabase fresh;
  Database database(fresh.options());
  migrate(database, {Migration{1, "first", "CREATE TABLE f (x INTEGER);"}});
  try {
    migrate(database, {Migration{1, "renamed", "CREATE TABLE f (x INTEGER);"}});
    ADD_FAILURE() << "migrate accepted a renamed migration";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr("\"first\""), HasSubstr("0001_renamed.sql")));
  }
}

TEST(Migrations, ConcurrentRunsApplyEachMigrationOnce) {
  const TestDatabase fresh;
  Database first(fresh.options());
  Database second(fresh.options());
  const std::vector<Migration> all = steps();
  MigrationReport a;
  MigrationReport b;
  std::string error_a;
  std::string error_b;
  std::thread ta([&] {
    try {
      a = migrate(first, all);
    } catch (const std::exception& e) {
      error_a = e.what();
    }
  });
  std::thread tb([&] {
    try {
      b = migrate(second, all);
    } catch (const std::exception& e) {
      error_b = e.what();
    }
  });
  ta.join();
  tb.join();
  EXPECT_EQ(error_a, "");
  EXPECT_EQ(error_b, "");
  std::vector<int> together = a.applied;
  together.insert(together.end(), b.applied.begin(), b.applied.end());
  std::sort(together.begin(), together.end());
  EXPECT_THAT(together, ElementsAre(1, 2, 3));
  EXPECT_EQ(a.current_version, 3);
  EXPECT_EQ(b.current_version, 3);
  EXPECT_EQ(recorded(first).size(), 3U);
}

TEST(PostgresServer, MigrationsReleaseTheAdvisoryLock) {
  // PostgresServer tests need a server; plain runs exclude them (Makefile), the PostgreSQL run includes them.
  ASSERT_TRUE(TestDatabase::using_postgres()) << "needs PORTAL_TEST_POSTGRES_URL: run through scripts/with-postgres.sh";
  const TestDatabase fresh;
  Options options = fresh.options();
  options.pool_size = 1;  // the same connection runs the migration and the check
  Database database(options);
  migrate(database, steps());
  EXPECT_EQ(database.with_session(advisory_locks), 0);
}

TEST(Migrations, RefusedOnAnIoThread) {
  const TestDatabase fresh;
  Database database(fresh.options());
  bool refused = false;
  std::thread io([&] {
    mark_io_thread();
    try {
      migrate(database, steps());
    } catch (const std::logic_error&) {
      refused = true;
    }
  });
  io.join();
  EXPECT_TRUE(refused);
}

}  // namespace
}  // namespace portal::db
