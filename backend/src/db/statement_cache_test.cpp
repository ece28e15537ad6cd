#include "db/statement_cache.hpp"

#include "db/dialect.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace portal::db {
namespace {

using test::TestDatabase;

struct NumbersQuery {
  static inline int compiled = 0;
  long long above = 0;
  long long value = 0;
  soci::statement statement;
  explicit NumbersQuery(soci::session& sql)
      : statement(
            (sql.prepare << "SELECT n FROM numbers WHERE n > :above ORDER BY n", soci::use(above), soci::into(value))) {
    ++compiled;
  }
};

class StatementCacheTest : public ::testing::Test {
 protected:
  TestDatabase test_db{Engine::sqlite};
  Database database{[this] {
    auto options = test_db.options();
    options.pool_size = 1;  // every lease is the same connection
    return options;
  }()};
  Database other{test_db.options()};

  void SetUp() override {
    database.with_session([](soci::session& sql) {
      dialect::exec_script(sql, Engine::sqlite,
                           "CREATE TABLE numbers (n INTEGER PRIMARY KEY); INSERT INTO numbers VALUES (1), (2), (3);");
    });
  }
  NumbersQuery* first_above(long long above, long long& found) {
    return database.with_session([&](soci::session& sql) {
      auto query = database.statements().take<NumbersQuery>(sql);
      query->above = above;
      found = query->statement.execute(true) ? query->value : -1;  // one row of several: not run to its end
      return &*query;
    });
  }
};

TEST_F(StatementCacheTest, AQueryIsCompiledOncePerConnectionAndRunWithNewValues) {
  const int before = NumbersQuery::compiled;
  long long found = 0;
  NumbersQuery* made = first_above(0, found);
  EXPECT_EQ(found, 1);
  EXPECT_EQ(first_above(1, found), made) << "the same compiled statement";
  EXPECT_EQ(found, 2);
  EXPECT_EQ(first_above(3, found), made);
  EXPECT_EQ(found, -1);
  EXPECT_EQ(NumbersQuery::compiled, before + 1);
}

TEST_F(StatementCacheTest, AQueryLeftMidwayDoesNotHoldTheConnectionOnAnOldSnapshot) {
  long long found = 0;
  first_above(0, found);
  other.with_session([](soci::session& sql) { sql << "INSERT INTO numbers VALUES (4)"; });
  // Without the reset at the end of each use, the connection would still be reading inside the
  // left-over statement's transaction, and miss the new row.
  const long long count = database.with_session([](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM numbers", soci::into(n);
    return n;
  });
  EXPECT_EQ(count, 4);
}

TEST_F(StatementCacheTest, AQueryThatFailedIsCompiledAfresh) {
  long long found = 0;
  first_above(0, found);
  EXPECT_THROW(database.with_session([&](soci::session& sql) {
    auto query = database.statements().take<NumbersQuery>(sql);
    query->statement.execute(true);
    throw std::runtime_error("failed midway");
  }),
               std::runtime_error);
  const int before = NumbersQuery::compiled;
  first_above(2, found);
  EXPECT_EQ(found, 3);
  EXPECT_EQ(NumbersQuery::compiled, before + 1) << "the failed one was dropped";
}

}  // namespace
}  // namespace portal::db
