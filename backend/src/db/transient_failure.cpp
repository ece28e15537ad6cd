#include "db/transient_failure.hpp"

#include "core/error.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::db {

void throw_database_busy() {
  throw core::UnavailableError(core::Error::make(core::ErrorKind::unavailable, "DATABASE_BUSY",
                                                 "The database is busy, please retry shortly",
                                                 {{"retryAfter", static_cast<std::int64_t>(kBusyRetryAfterSeconds)}}));
}

void throw_database_unavailable() {
  throw core::UnavailableError(core::Error::make(
      core::ErrorKind::unavailable, "DATABASE_UNAVAILABLE", "The database cannot be reached, please retry shortly",
      {{"retryAfter", static_cast<std::int64_t>(kUnavailableRetryAfterSeconds)}}));
}

namespace {

// SQLSTATE class 08 (connection exception) and 57P01..57P03 (admin or crash shutdown, cannot connect now).
bool is_unreachable_state(const std::string& state) {
  return state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03";
}

// SOCI reports a failed (re)connection as a plain soci_error with these texts (postgresql/session.cpp,
// statement.cpp): no SQLSTATE exists when no server answered.
bool is_connection_failure_text(std::string_view text) {
  return text.starts_with("Cannot establish connection to the database") ||
         text.find("Connection failed") != std::string_view::npos ||
         text.find("server closed the connection unexpectedly") != std::string_view::npos ||
         text.find("no connection to the server") != std::string_view::npos;
}

}  // namespace

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
    if (engine == Engine::postgresql &&
        (is_unreachable_state(state) || error.get_error_category() == soci::soci_error::connection_error ||
         is_connection_failure_text(error.what()))) {
      throw_database_unavailable();
    }
  } catch (const soci::soci_error& error) {
    if (engine == Engine::postgresql && is_connection_failure_text(error.what())) throw_database_unavailable();
  } catch (...) {
    // Not a database failure a retry cures.
  }
}

}  // namespace portal::db
