#include "db/migrations.hpp"

#include "db/advisory_locks.hpp"
#include "db/dialect.hpp"

#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

namespace portal::db {
namespace {

// Key of the session-level PostgreSQL advisory lock held while migrating (advisory_locks.hpp).
constexpr long long kMigrationLockKey = advisory_locks::kMigrations;

// "sqlite/0001_audit_log.sql", as under backend/migrations/.
std::string file_name(Engine engine, const Migration& migration) {
  char number[16];
  std::snprintf(number, sizeof number, "%04d", migration.version);
  return std::string(engine == Engine::sqlite ? "sqlite" : "postgres") + "/" + number + "_" + migration.name + ".sql";
}

void check_order(const std::vector<Migration>& migrations) {
  int previous = 0;
  for (const Migration& migration : migrations) {
    if (migration.version <= 0) {
      throw std::invalid_argument("Migration \"" + migration.name + "\" has version " +
                                  std::to_string(migration.version) + "; versions start at 1.");
    }
    if (migration.version <= previous) {
      throw std::invalid_argument(
          "Migration versions must be unique and increasing: " + std::to_string(migration.version) + " (\"" +
          migration.name + "\") follows " + std::to_string(previous) + ".");
    }
    if (migration.name.empty()) {
      throw std::invalid_argument("Migration " + std::to_string(migration.version) + " has no name.");
    }
    previous = migration.version;
  }
}

// Holds the PostgreSQL migration lock for the whole run; nothing on SQLite, where BEGIN IMMEDIATE
// per migration serialises writers.
class MigrationLock {
 public:
  MigrationLock(soci::session& sql, Engine engine) : sql_(sql), engine_(engine) {
    if (engine_ == Engine::postgresql) {
      dialect::exec_script(sql_, engine_, "SELECT pg_advisory_lock(" + std::to_string(kMigrationLockKey) + ")");
    }
  }
  ~MigrationLock() {
    if (engine_ != Engine::postgresql) return;
    try {
      dialect::exec_script(sql_, engine_, "SELECT pg_advisory_unlock(" + std::to_string(kMigrationLockKey) + ")");
    } catch (...) {
      // The connection is gone, and the server released the lock with it.
    }
  }
  MigrationLock(const MigrationLock&) = delete;
  MigrationLock& operator=(const MigrationLock&) = delete;

 private:
  soci::session& sql_;
  Engine engine_;
};

std::map<int, std::string> recorded_versions(soci::session& sql) {
  std::map<int, std::string> out;
  soci::rowset<soci::row> rows = (sql.prepare << "SELECT version, name FROM schema_migrations");
  for (const soci::row& row : rows) out.emplace(row.get<int>(0), row.get<std::string>(1));
  return out;
}

// Applies one migration in its own transaction with its schema_migrations row. False when another
// process recorded it in the meantime.
bool apply(soci::session& sql, Engine engine, const Migration& migration) {
  try {
    sql << dialect::begin_write_sql(engine);
    int already = 0;
    sql << "SELECT COUNT(*) FROM schema_migrations WHERE version = :version", soci::use(migration.version),
        soci::into(already);
    if (already > 0) {
      sql << "COMMIT";
      return false;
    }
    dialect::exec_script(sql, engine, migration.sql);
    if (!dialect::in_transaction(sql, engine)) {
      throw std::runtime_error("the script ended the transaction itself; it must not hold BEGIN, COMMIT or ROLLBACK");
    }
    sql << "INSERT INTO schema_migrations (version, name, applied_at) VALUES (:version, :name, " +
               std::string(dialect::now_utc_sql(engine)) + ")",
        soci::use(migration.version), soci::use(migration.name);
    sql << "COMMIT";
    return true;
  } catch (const std::exception& error) {
    try {
      if (dialect::in_transaction(sql, engine)) sql << "ROLLBACK";
    } catch (...) {
      // Nothing more to undo: the transaction or the connection is already gone.
    }
    throw std::runtime_error("Migration " + std::to_string(migration.version) + " (" + file_name(engine, migration) +
                             ") failed and was rolled back: " + error.what());
  }
}

}  // namespace

MigrationReport migrate(Database& database, const std::vector<Migration>& migrations) {
  check_order(migrations);
  const Engine engine = database.engine();
  return database.with_session([&](soci::session& sql) {
    const MigrationLock lock(sql, engine);
    dialect::exec_script(sql, engine,
                         engine == Engine::sqlite
                             ? "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                               "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                             : "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                               "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)");

    const std::map<int, std::string> recorded = recorded_versions(sql);
    MigrationReport report;
    for (const Migration& migration : migrations) {
      if (const auto it = recorded.find(migration.version); it != recorded.end()) {
        if (it->second != migration.name) {
          throw std::runtime_error("schema_migrations records version " + std::to_string(migration.version) + " as \"" +
                                   it->second + "\", but this build has " + file_name(engine, migration) +
                                   "; a migration file was renamed or replaced.");
        }
        continue;
      }
      if (apply(sql, engine, migration)) report.applied.push_back(migration.version);
    }
    int current = 0;
    sql << "SELECT COALESCE(MAX(version), 0) FROM schema_migrations", soci::into(current);
    report.current_version = current;
    return report;
  });
}

}  // namespace portal::db
