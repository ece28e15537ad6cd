#include "db/sqlite_backup.hpp"

#include <soci/sqlite3/soci-sqlite3.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <system_error>

namespace portal::db {

namespace {

using sqlite_api::sqlite3;

struct CloseConnection {
  void operator()(sqlite3* connection) const { sqlite_api::sqlite3_close_v2(connection); }
};
using Connection = std::unique_ptr<sqlite3, CloseConnection>;

std::runtime_error failure(const std::string& what, sqlite3* connection) {
  return std::runtime_error(what + ": " + (connection ? sqlite_api::sqlite3_errmsg(connection) : "out of memory"));
}

// One text value of a single-row statement on the copy.
std::string single_text(sqlite3* connection, const char* sql) {
  sqlite_api::sqlite3_stmt* statement = nullptr;
  if (sqlite_api::sqlite3_prepare_v2(connection, sql, -1, &statement, nullptr) != SQLITE_OK) {
    throw failure(std::string("Cannot read the backup (") + sql + ")", connection);
  }
  std::string value;
  if (sqlite_api::sqlite3_step(statement) == SQLITE_ROW) {
    const auto* text = sqlite_api::sqlite3_column_text(statement, 0);
    if (text) value = reinterpret_cast<const char*>(text);
  }
  sqlite_api::sqlite3_finalize(statement);
  return value;
}

}  // namespace

BackupReport backup_sqlite(Database& database, const std::filesystem::path& target) {
  if (database.engine() != Engine::sqlite) {
    throw std::runtime_error(
        "portal backup copies SQLite databases; back PostgreSQL up with pg_dump "
        "(docs/operations.md, \"Backups\")");
  }
  std::error_code ec;
  if (std::filesystem::exists(target, ec)) {
    throw std::runtime_error("The backup file " + target.string() + " exists already; choose a new name");
  }
  const auto started = std::chrono::steady_clock::now();
  std::filesystem::path partial = target;
  partial += ".partial";
  std::filesystem::remove(partial, ec);

  sqlite3* opened = nullptr;
  const int open_result =
      sqlite_api::sqlite3_open_v2(partial.c_str(), &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  Connection copy(opened);
  if (open_result != SQLITE_OK) throw failure("Cannot create the backup file " + partial.string(), copy.get());

  BackupReport report;
  database.with_session([&](soci::session& sql) {
    auto* source = static_cast<soci::sqlite3_session_backend*>(sql.get_backend())->conn_;
    sqlite_api::sqlite3_backup* backup = sqlite_api::sqlite3_backup_init(copy.get(), "main", source, "main");
    if (!backup) throw failure("Cannot start the backup", copy.get());
    // -1: every page in one step, so under one read transaction of the source: a consistent moment.
    const int stepped = sqlite_api::sqlite3_backup_step(backup, -1);
    report.pages = sqlite_api::sqlite3_backup_pagecount(backup);
    const int finished = sqlite_api::sqlite3_backup_finish(backup);
    if (stepped != SQLITE_DONE || finished != SQLITE_OK) throw failure("The backup failed", copy.get());
  });

  const std::string integrity = single_text(copy.get(), "PRAGMA integrity_check");
  if (integrity != "ok") {
    copy.reset();
    std::filesystem::remove(partial, ec);
    throw std::runtime_error("The backup failed its integrity check (" + integrity + "); nothing was kept");
  }
  const std::string version = single_text(copy.get(), "SELECT MAX(version) FROM schema_migrations");
  report.schema_version = version.empty() ? 0 : std::stoi(version);
  copy.reset();
  std::filesystem::rename(partial, target, ec);
  if (ec) throw std::runtime_error("Cannot move the backup to " + target.string() + ": " + ec.message());
  report.file = target;
  report.bytes = static_cast<std::int64_t>(std::filesystem::file_size(target, ec));
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace portal::db
