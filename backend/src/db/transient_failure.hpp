#pragma once
// Database failures that a retry may cure become core::UnavailableError, so the client gets a
// retryable 503 with Retry-After instead of a 500: DATABASE_BUSY (SQLite busy or locked past
// busy_timeout; PostgreSQL serialization failure, deadlock, lock timeout) and DATABASE_UNAVAILABLE
// (PostgreSQL cannot be reached: the connection failed or the server is shutting down or starting;
// the pool reconnects on the next statement once it is back). Anything else passes unchanged.

#include "db/database.hpp"

namespace portal::db {

// Seconds a client is told to wait before retrying.
constexpr int kBusyRetryAfterSeconds = 1;
constexpr int kUnavailableRetryAfterSeconds = 2;

[[noreturn]] void throw_database_busy();
// 503 DATABASE_UNAVAILABLE: the database cannot be reached (PostgreSQL down, restarting, unreachable).
[[noreturn]] void throw_database_unavailable();

// Call inside a catch block: throws core::UnavailableError when the exception in flight is a
// transient database failure of `engine`; returns otherwise (the caller rethrows the original).
void rethrow_if_transient(Engine engine);

}  // namespace portal::db
