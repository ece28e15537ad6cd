#pragma once
// The database: a pool of SOCI sessions over SQLite (default) or PostgreSQL. SOCI calls block, so
// sessions may only be taken on worker threads; an I/O thread that asks for one gets a logic_error.

#include <soci/soci.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace portal::db {

enum class Engine { sqlite, postgresql };

class WriterQueue;
class StatementCache;

// See transient_failure.hpp: call inside a catch block.
void rethrow_if_transient(Engine engine);

struct Options {
  Engine engine = Engine::sqlite;
  std::filesystem::path sqlite_path;  // created with its parent folder if missing
  std::string postgres_url;           // libpq connection string or URI
  int pool_size = 4;
  int busy_timeout_ms = 5000;
};

class Database {
 public:
  // Opens pool_size connections. SQLite: WAL, busy_timeout, foreign_keys=ON, synchronous=NORMAL.
  // Throws std::runtime_error with a clear message when the database cannot be opened.
  explicit Database(const Options& options);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  Engine engine() const { return engine_; }
  int pool_size() const { return pool_size_; }

  // Runs fn with a leased session. Throws std::logic_error on an I/O thread (see mark_io_thread), and
  // core::UnavailableError when the database stayed busy (transient_failure.hpp).
  template <typename Fn>
  auto with_session(Fn&& fn) {
    check_not_io_thread();
    soci::session sql(*pool_);
    return run_on(sql, std::forward<Fn>(fn));
  }

  // with_session for a write transaction: on SQLite the writer's turn (writer_queue.hpp) is taken
  // first and the session leased after, so writers waiting for a long write (the leaderboard's fold)
  // hold none of the pool's connections and reads go on. The turn is never held while waiting for a
  // connection: the writers holding them may be waiting for the turn (every other writer takes it
  // inside its session). When none is free at once, the turn is let go and this waits as they do.
  // Throws as with_session, and core::UnavailableError when the turn did not come within busy_timeout.
  template <typename Fn>
  auto with_write_session(Fn&& fn) {
    check_not_io_thread();
    if (auto turn = take_writer_turn()) {
      if (const auto lease = try_lease()) return run_on(lease->session(), std::forward<Fn>(fn));
    }
    return with_session(std::forward<Fn>(fn));
  }

  // Writers of this process waiting for their turn now (SQLite; 0 on PostgreSQL).
  std::size_t writers_waiting() const;

  // SELECT 1 on a leased session; false (never throws) when the database does not answer.
  bool ping();

  // Statements compiled once per connection (statement_cache.hpp).
  StatementCache& statements() { return *statements_; }

 private:
  // A connection of the pool, given back when destroyed.
  class Lease {
   public:
    Lease(soci::connection_pool& pool, std::size_t position) : pool_(pool), position_(position) {}
    ~Lease() { pool_.give_back(position_); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    soci::session& session() const { return pool_.at(position_); }

   private:
    soci::connection_pool& pool_;
    std::size_t position_;
  };

  template <typename Fn>
  auto run_on(soci::session& sql, Fn&& fn) {
    try {
      return std::forward<Fn>(fn)(sql);
    } catch (const soci::soci_error&) {
      rethrow_if_transient(engine_);
      throw;
    }
  }

  void check_not_io_thread() const;
  // The writer's turn held until destroyed (empty on PostgreSQL).
  std::shared_ptr<void> take_writer_turn();
  // A connection if one is free now, else nothing.
  std::unique_ptr<Lease> try_lease();

  Engine engine_;
  int pool_size_;
  std::unique_ptr<soci::connection_pool> pool_;
  std::unique_ptr<WriterQueue> writers_;  // SQLite only
  // After pool_: destroyed first, so every cached statement is finalized while its connection is open.
  std::unique_ptr<StatementCache> statements_;
};

// Called once by every I/O thread; from then on that thread may not lease sessions.
void mark_io_thread();
bool is_io_thread();

std::string_view to_string(Engine engine);

}  // namespace portal::db
