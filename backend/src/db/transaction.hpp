#pragma once
// A write transaction around a repository body: on SQLite, the writer first waits its turn among the
// process's writers (writer_queue.hpp), then BEGIN IMMEDIATE takes the write lock at once, so no
// writer fails at COMMIT; BEGIN on PostgreSQL. COMMIT when the body returns, ROLLBACK when it throws.

#include "db/database.hpp"
#include "db/dialect.hpp"
#include "db/writer_queue.hpp"

#include <type_traits>
#include <utility>

namespace portal::db {

// Leaves the session out of any transaction; never throws (the connection may be gone already).
inline void rollback_quietly(soci::session& sql, Engine engine) noexcept {
  try {
    if (dialect::in_transaction(sql, engine)) sql << "ROLLBACK";
  } catch (...) {
    // Nothing more to undo.
  }
}

template <typename Fn>
auto write_transaction(soci::session& sql, Engine engine, Fn&& fn) {
  const WriterTurn turn(sql, engine);
  sql << dialect::begin_write_sql(engine);
  try {
    if constexpr (std::is_void_v<decltype(std::forward<Fn>(fn)())>) {
      std::forward<Fn>(fn)();
      sql << "COMMIT";
    } else {
      auto result = std::forward<Fn>(fn)();
      sql << "COMMIT";
      return result;
    }
  } catch (...) {
    rollback_quietly(sql, engine);
    throw;
  }
}

// The same, for a body returning a core::Result or core::Status: COMMIT when it holds a value,
// ROLLBACK when it holds an error (nothing the body wrote stays) or throws.
template <typename Fn>
auto write_transaction_if_ok(soci::session& sql, Engine engine, Fn&& fn) -> decltype(fn()) {
  const WriterTurn turn(sql, engine);
  sql << dialect::begin_write_sql(engine);
  try {
    auto result = std::forward<Fn>(fn)();
    sql << (result ? "COMMIT" : "ROLLBACK");
    return result;
  } catch (...) {
    rollback_quietly(sql, engine);
    throw;
  }
}

}  // namespace portal::db
