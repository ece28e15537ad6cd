#include "db/dialect.hpp"

#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::db::dialect {
namespace {

using test::TestDatabase;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(Dialect, RedactsPasswordsInEveryForm) {
  EXPECT_EQ(redact_postgres_url("host=db user=portal password=s3cret dbname=portal"),
            "host=db user=portal password=*** dbname=portal");
  EXPECT_EQ(redact_postgres_url("host=db password = 'a b\\'c' dbname=portal"), "host=db password = *** dbname=portal");
  EXPECT_EQ(redact_postgres_url("postgresql://portal:s3cret@db:5432/portal"), "postgresql://portal:***@db:5432/portal");
  EXPECT_EQ(redact_postgres_url("postgres://portal:p%40ss@db/portal"), "postgres://portal:***@db/portal");
  EXPECT_EQ(redact_postgres_url("postgresql://db/portal?user=portal&password=s3cret&sslmode=require"),
            "postgresql://db/portal?user=portal&password=***&sslmode=require");
  EXPECT_EQ(redact_postgres_url("host=db dbname=portal"), "host=db dbname=portal");
  // The decoded spelling is scrubbed from messages too.
  EXPECT_EQ(scrub_password("authentication failed for p@ss", "postgres://portal:p%40ss@db/portal"),
            "authentication failed for ***");
  EXPECT_THAT(scrub_password("missing \"=\" after \"s3cret\"", "host=db password=s3cret broken"),
              Not(HasSubstr("s3cret")));
}

TEST(Dialect, NowAndBeginDifferPerEngine) {
  EXPECT_EQ(begin_write_sql(Engine::sqlite), "BEGIN IMMEDIATE");
  EXPECT_EQ(begin_write_sql(Engine::postgresql), "BEGIN");
  EXPECT_THAT(std::string(now_utc_sql(Engine::sqlite)), HasSubstr("strftime"));
  EXPECT_EQ(now_utc_sql(Engine::postgresql), "now()");
}

TEST(Dialect, ExecScriptRunsSeveralStatementsAndTracksTransactions) {
  const TestDatabase fresh;
  Database database(fresh.options());
  database.with_session([&](soci::session& sql) {
    const Engine engine = database.engine();
    EXPECT_FALSE(in_transaction(sql, engine));
    exec_script(sql, engine,
                "CREATE TABLE t (x INTEGER, s TEXT);\n"
                "-- a comment; with a semicolon\n"
                "INSERT INTO t (x, s) VALUES (1, 'a;b');\n"
                "INSERT INTO t (x, s) VALUES (2, 'c');\n");
    int sum = 0;
    sql << "SELECT SUM(x) FROM t", soci::into(sum);
    EXPECT_EQ(sum, 3);
    std::string s;
    sql << "SELECT s FROM t WHERE x = 1", soci::into(s);
    EXPECT_EQ(s, "a;b");

    sql << begin_write_sql(engine);
    EXPECT_TRUE(in_transaction(sql, engine));
    exec_script(sql, engine, "INSERT INTO t (x, s) VALUES (10, 'd')");
    sql << "ROLLBACK";
    EXPECT_FALSE(in_transaction(sql, engine));
    sql << "SELECT SUM(x) FROM t", soci::into(sum);
    EXPECT_EQ(sum, 3);

    try {
      exec_script(sql, engine, "INSERT INTO t (x) VALUES (5); SELEC 1;");
      ADD_FAILURE() << "exec_script accepted a syntax error";
    } catch (const std::runtime_error& error) {
      EXPECT_THAT(error.what(), HasSubstr("syntax error"));
    }
  });
}

}  // namespace
}  // namespace portal::db::dialect
