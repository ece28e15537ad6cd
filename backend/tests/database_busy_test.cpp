// A database that stays busy answers a retryable 503 DATABASE_BUSY with Retry-After, not a 500.

#include "db/database.hpp"
#include "db/transaction.hpp"
#include "http/message.hpp"
#include "http/route.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include <memory>

namespace portal::test {
namespace {

TEST(DatabaseBusy, AWriteBlockedPastBusyTimeoutIs503WithRetryAfterAndSucceedsOnRetry) {
  // Always SQLite: the lock is held the way another process (the CLI, a backup) would hold it.
  const TestDatabase fresh(db::Engine::sqlite);
  db::Options options = fresh.options();
  options.busy_timeout_ms = 100;
  auto database = std::make_shared<db::Database>(options);
  database->with_session([](soci::session& sql) { sql << "CREATE TABLE notes (text TEXT NOT NULL)"; });

  TestApp app{TestAppOptions{.extra_routes = [database](http::RouteTable& routes) {
    routes.post_json("/api/test/note", http::Access::public_access, [database](http::Request&) {
      database->with_session([&](soci::session& sql) {
        db::write_transaction(sql, database->engine(), [&] { sql << "INSERT INTO notes (text) VALUES ('x')"; });
      });
      return http::empty_response(204);
    });
  }}};
  HttpClient client;

  soci::session other(*soci::factory_sqlite3(), options.sqlite_path.string());
  other << "BEGIN IMMEDIATE";
  const auto busy = client.post_json(app.url("/api/test/note"), "{}");
  EXPECT_EQ(busy.status, 503) << busy.body;
  EXPECT_EQ(busy.header("Retry-After"), "1");
  const auto body = busy.json().as_object();
  EXPECT_EQ(body.at("error").as_string(), "DATABASE_BUSY");
  EXPECT_EQ(body.at("details").at("retryAfter").as_int64(), 1);

  other << "ROLLBACK";
  EXPECT_EQ(client.post_json(app.url("/api/test/note"), "{}").status, 204);
  int rows = 0;
  database->with_session([&](soci::session& sql) { sql << "SELECT COUNT(*) FROM notes", soci::into(rows); });
  EXPECT_EQ(rows, 1);
}

}  // namespace
}  // namespace portal::test
