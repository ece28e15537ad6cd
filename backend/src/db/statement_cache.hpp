#pragma once
// Statements compiled once per pooled SQLite connection and run again with new values. On SQLite,
// compiling a statement (sqlite3_prepare) costs more than running a short indexed query: a leaderboard
// page spent about a fifth of its CPU there.
//
// A cached query is a class holding its bound variables and its soci::statement, built from a
// soci::session& through `sql.prepare << ...` (so the statement belongs to the pooled connection, not
// to the lease), and named `statement`. The caller sets the variables, then executes:
//
//   struct PageQuery {
//     long long first = 0;
//     soci::row row;
//     soci::statement statement;
//     explicit PageQuery(soci::session& sql)
//         : statement((sql.prepare << "SELECT ... WHERE rank >= :first", soci::use(first), soci::into(row))) {}
//   };
//   database.with_session([&](soci::session& sql) {
//     auto query = database.statements().take<PageQuery>(sql);
//     query->first = 10;
//     query->statement.execute();
//     while (query->statement.fetch()) { ... query->row ... }
//   });
//
// PostgreSQL gets a fresh query every time: SOCI's failover replaces a broken connection's backend,
// and a statement kept on the old one would outlive it.

#include "db/database.hpp"

#include <soci/soci.h>

#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>
#include <utility>

namespace portal::db {

// sqlite3_reset of the statement (its bindings stay).
void finish_sqlite_statement(soci::statement& statement);

class StatementCache {
  using Key = std::pair<const void*, std::type_index>;

 public:
  explicit StatementCache(Engine engine) : engine_(engine) {}
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  // A query of type Query for the leased connection `sql`, used by one lease at a time (a pooled
  // connection is never leased twice at once). When the handle goes out of scope after an exception,
  // the query is dropped, so a statement left half-run is compiled afresh next time.
  template <typename Query>
  class Handle {
   public:
    Handle(StatementCache* cache, Key key, std::shared_ptr<Query> query)
        : cache_(cache), key_(std::move(key)), query_(std::move(query)), exceptions_(std::uncaught_exceptions()) {}
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() {
      if (!cache_) return;
      if (std::uncaught_exceptions() > exceptions_) {
        cache_->drop(key_);
        return;
      }
      // A statement not stepped to its end keeps its read transaction open, and the connection would
      // go on reading that old snapshot: every use ends with a reset.
      finish_sqlite_statement(query_->statement);
    }
    Query* operator->() const { return query_.get(); }
    Query& operator*() const { return *query_; }

   private:
    StatementCache* cache_;
    Key key_;
    std::shared_ptr<Query> query_;
    int exceptions_;
  };

  template <typename Query>
  Handle<Query> take(soci::session& sql) {
    Key key{sql.get_backend(), std::type_index(typeid(Query))};
    if (engine_ != Engine::sqlite) return Handle<Query>(nullptr, key, std::make_shared<Query>(sql));
    {
      std::lock_guard lock(mutex_);
      if (auto found = queries_.find(key); found != queries_.end()) {
        return Handle<Query>(this, key, std::static_pointer_cast<Query>(found->second));
      }
    }
    auto made = std::make_shared<Query>(sql);
    std::lock_guard lock(mutex_);
    queries_[key] = made;
    return Handle<Query>(this, key, std::move(made));
  }

  // Finalizes every cached statement; the Database calls it before its connections close.
  void clear() {
    std::lock_guard lock(mutex_);
    queries_.clear();
  }

 private:
  void drop(const Key& key) {
    std::lock_guard lock(mutex_);
    queries_.erase(key);
  }

  Engine engine_;
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<void>> queries_;
};

}  // namespace portal::db
