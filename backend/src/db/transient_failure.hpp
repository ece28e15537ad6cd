#pragma once
// Database failures that a retry may cure (SQLite busy or locked past busy_timeout; PostgreSQL
// serialization failure, deadlock, lock timeout) become core::UnavailableError, so the client gets a
// retryable 503 DATABASE_BUSY with Retry-After instead of a 500. Anything else passes unchanged.

#include "db/database.hpp"

namespace portal::db {

// Seconds a client is told to wait before retrying.
constexpr int kBusyRetryAfterSeconds = 1;

[[noreturn]] void throw_database_busy();

// Call inside a catch block: throws core::UnavailableError when the exception in flight is a
// transient database failure of `engine`; returns otherwise (the caller rethrows the original).
void rethrow_if_transient(Engine engine);

}  // namespace portal::db
