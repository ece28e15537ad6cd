#pragma once
// A write transaction around a repository body: BEGIN IMMEDIATE on SQLite (the write lock is taken
// now, so writers queue on busy_timeout instead of failing at COMMIT), BEGIN on PostgreSQL; COMMIT
// when the body returns, ROLLBACK when it throws.

#include "db/database.hpp"
#include "db/dialect.hpp"

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

}  // namespace portal::db
