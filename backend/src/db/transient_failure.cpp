#include "db/transient_failure.hpp"

#include "core/error.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <sqlite3.h>

#include <cstdint>

namespace portal::db {

void throw_database_busy() {
  throw core::UnavailableError(core::Error::make(core::ErrorKind::unavailable, "DATABASE_BUSY",
                                                 "The database is busy, please retry shortly",
                                                 {{"retryAfter", static_cast<std::int64_t>(kBusyRetryAfterSeconds)}}));
}

void rethrow_if_transient(Engine engine) {
  try {
    throw;
  } catch (const soci::sqlite3_soci_error& error) {
    // Primary code only: the extended ones (SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED_SHAREDCACHE ...) mean the same here.
    const int primary = error.result() & 0xff;
    if (engine == Engine::sqlite && (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)) throw_database_busy();
  } catch (const soci::postgresql_soci_error& error) {
    const std::string state = error.sqlstate();
    if (engine == Engine::postgresql && (state == "40001" || state == "40P01" || state == "55P03")) {
      throw_database_busy();
    }
  } catch (...) {
    // Not a database failure a retry cures.
  }
}

}  // namespace portal::db
