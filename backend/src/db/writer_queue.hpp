#pragma once
// One SQLite file takes one writer at a time. SQLite's own busy handler makes a waiting writer poll
// with growing sleeps, so under steady contention one writer can lose the race again and again until
// busy_timeout and fail. Writers of this process therefore wait their turn here first, in arrival
// order; SQLite's busy_timeout is left to arbitrate with other processes (the CLI, a backup).

#include "db/database.hpp"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>

namespace portal::db {

class WriterQueue {
 public:
  explicit WriterQueue(std::chrono::milliseconds patience) : patience_(patience) {}
  WriterQueue(const WriterQueue&) = delete;
  WriterQueue& operator=(const WriterQueue&) = delete;

  // Waits until every earlier caller has released; false when patience ran out first (the caller
  // then holds nothing).
  bool acquire();
  void release();
  // Writers waiting now (not counting the one holding the turn).
  std::size_t waiting() const;

 private:
  std::chrono::milliseconds patience_;
  mutable std::mutex mutex_;
  std::condition_variable turn_;
  std::deque<std::uint64_t> waiting_;
  std::uint64_t next_ticket_ = 0;
  bool taken_ = false;
};

// The turn of one write transaction: on SQLite, waits in the queue of the session's database (a
// session opened outside a db::Database has none and waits for nothing); on PostgreSQL, nothing.
// Throws core::UnavailableError (DATABASE_BUSY) when the wait exceeds the database's busy_timeout.
// A thread already holding the turn of that database does not queue again.
class WriterTurn {
 public:
  WriterTurn(soci::session& sql, Engine engine);
  // The turn in `queue` itself (nullptr: nothing), taken before a session is leased.
  explicit WriterTurn(WriterQueue* queue);
  ~WriterTurn();
  WriterTurn(const WriterTurn&) = delete;
  WriterTurn& operator=(const WriterTurn&) = delete;

 private:
  WriterQueue* held_ = nullptr;
};

// Used by Database: which queue the writers on a pooled SQLite connection wait in.
void register_writer_queue(soci::session& sql, WriterQueue& queue);
void unregister_writer_queue(soci::session& sql);

}  // namespace portal::db
