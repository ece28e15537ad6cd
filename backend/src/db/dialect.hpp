#pragma once
// The few places where SQLite and PostgreSQL differ below the SQL text that repositories write:
// running a script of several statements natively, transaction state, the SQL for "now" as stored in
// timestamp columns, and keeping passwords of connection strings out of messages.
//
// Timestamps: SQLite stores them as TEXT in UTC ISO-8601 ("2025-01-31T12:00:00.000Z", the format of
// now_utc_sql), PostgreSQL as TIMESTAMPTZ; every PostgreSQL connection runs with TimeZone=UTC.

#include "db/database.hpp"

#include <string>
#include <string_view>

namespace portal::db::dialect {

// Runs a script that may hold several statements with the engine's own multi-statement exec
// (sqlite3_exec, PQexec), without splitting it. Result rows are discarded. Throws std::runtime_error
// with the engine's error text.
void exec_script(soci::session& sql, Engine engine, const std::string& script);

// True while the session is inside an open (possibly failed) transaction.
bool in_transaction(soci::session& sql, Engine engine);

// Starts a write transaction: BEGIN IMMEDIATE on SQLite (takes the write lock now, so two writers
// wait on busy_timeout instead of failing later), BEGIN on PostgreSQL.
std::string_view begin_write_sql(Engine engine);

// SQL expression for the current time as stored in timestamp columns (see above).
std::string_view now_utc_sql(Engine engine);

// The connection string with its password (keyword form, URI user info or URI query) replaced by ***.
std::string redact_postgres_url(std::string_view url);

// `text` with every occurrence of the password of `url` replaced by ***.
std::string scrub_password(std::string text, std::string_view url);

}  // namespace portal::db::dialect
