// `portal backup` against a serving portal while writes go on (the real binary), then the restore
// drill: a new portal started on the backup file answers with what was written before it. On
// PostgreSQL the command refuses and names pg_dump (docs/operations.md).

#include "db/database.hpp"
#include "support/http_client.hpp"
#include "support/process.hpp"
#include "support/test_app.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

namespace portal::test {
namespace {

std::int64_t marker_rows(db::Database& database) {
  return database.with_session([](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM audit_log WHERE action = 'test.backup'", soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

TEST(Backup, ACopyTakenWhileThePortalServesAndWritesRestoresIntoAWorkingPortal) {
  TestApp app;
  HttpClient http;
  const auto env = database_environment(app.database());
  const auto announced = run_process({PORTAL_BINARY, "announce", "set", "--lang", "en", "Back up before 02:00"}, env);
  ASSERT_EQ(announced.exit_code, 0) << announced.output;

  TempDir backups;
  const auto target = backups.path() / "portal-backup.db";
  if (app.database().engine == db::Engine::postgresql) {
    const auto refused = run_process({PORTAL_BINARY, "backup", "--to", target.string()}, env);
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.output.find("pg_dump"), std::string::npos) << refused.output;
    EXPECT_FALSE(std::filesystem::exists(target));
    return;
  }

  // Writes go on from another connection for the whole backup.
  db::Database writer_db(app.database());
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    while (writing) {
      writer_db.with_session([](soci::session& sql) {
        sql << "INSERT INTO audit_log (actor, action, target, details) VALUES ('test', 'test.backup', 'row', '{}')";
      });
    }
  });
  while (marker_rows(writer_db) < 50) std::this_thread::yield();
  const std::int64_t before = marker_rows(writer_db);
  const auto backed_up = run_process({PORTAL_BINARY, "backup", "--to", target.string()}, env);
  const std::int64_t after = marker_rows(writer_db);
  writing = false;
  writer.join();
  ASSERT_EQ(backed_up.exit_code, 0) << backed_up.output;
  EXPECT_NE(backed_up.output.find("integrity ok"), std::string::npos) << backed_up.output;
  EXPECT_GT(after, before) << "the portal kept writing during the backup";

  // Never overwritten.
  const auto again = run_process({PORTAL_BINARY, "backup", "--to", target.string()}, env);
  EXPECT_NE(again.exit_code, 0);
  EXPECT_NE(again.output.find("exists already"), std::string::npos) << again.output;

  // The restore: a portal whose database file is the backup.
  TestApp restored(TestAppOptions{.configure = [&](app::Config& c) { c.database.sqlite_file = target.string(); }});
  auto announcement = http.get(restored.url("/api/server/announcement?lang=en"));
  ASSERT_EQ(announcement.status, 200) << announcement.body;
  EXPECT_NE(announcement.body.find("Back up before 02:00"), std::string::npos) << announcement.body;
  auto copy_options = app.database();
  copy_options.sqlite_path = target;
  db::Database copy(copy_options);
  const std::int64_t copied = marker_rows(copy);
  EXPECT_GE(copied, before) << "every write committed before the backup began is in it";
  EXPECT_LE(copied, after) << "and nothing that was not written";
}

}  // namespace
}  // namespace portal::test
