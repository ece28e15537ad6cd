#include "db/writer_queue.hpp"

#include "db/transient_failure.hpp"

#include <soci/sqlite3/soci-sqlite3.h>

#include <algorithm>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

namespace portal::db {
namespace {

using Connection = const void*;

std::shared_mutex g_registry_mutex;
std::unordered_map<Connection, WriterQueue*> g_registry;

// The queues this thread holds a turn in, so a nested write on a second session does not wait for
// itself.
thread_local std::vector<const WriterQueue*> t_held;

// Only called for SQLite sessions. A static_cast: Debian's libsoci does not export the backend's
// typeinfo, so dynamic_cast cannot be used.
Connection connection_of(soci::session& sql) {
  auto* backend = static_cast<soci::sqlite3_session_backend*>(sql.get_backend());
  return backend == nullptr ? nullptr : static_cast<Connection>(backend->conn_);
}

WriterQueue* queue_of(soci::session& sql) {
  const Connection connection = connection_of(sql);
  if (connection == nullptr) return nullptr;
  std::shared_lock lock(g_registry_mutex);
  const auto found = g_registry.find(connection);
  return found == g_registry.end() ? nullptr : found->second;
}

}  // namespace

bool WriterQueue::acquire() {
  std::unique_lock lock(mutex_);
  const std::uint64_t ticket = next_ticket_++;
  waiting_.push_back(ticket);
  const bool turn = turn_.wait_for(lock, patience_, [&] { return !taken_ && waiting_.front() == ticket; });
  if (!turn) {
    waiting_.erase(std::find(waiting_.begin(), waiting_.end(), ticket));
    // The one behind may be first now.
    turn_.notify_all();
    return false;
  }
  waiting_.pop_front();
  taken_ = true;
  return true;
}

void WriterQueue::release() {
  {
    std::lock_guard lock(mutex_);
    taken_ = false;
  }
  turn_.notify_all();
}

std::size_t WriterQueue::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_.size();
}

WriterTurn::WriterTurn(soci::session& sql, Engine engine)
    : WriterTurn(engine == Engine::sqlite ? queue_of(sql) : nullptr) {}

WriterTurn::WriterTurn(WriterQueue* queue) {
  if (queue == nullptr || std::find(t_held.begin(), t_held.end(), queue) != t_held.end()) return;
  if (!queue->acquire()) throw_database_busy();
  held_ = queue;
  t_held.push_back(queue);
}

WriterTurn::~WriterTurn() {
  if (held_ == nullptr) return;
  t_held.erase(std::find(t_held.begin(), t_held.end(), held_));
  held_->release();
}

void register_writer_queue(soci::session& sql, WriterQueue& queue) {
  const Connection connection = connection_of(sql);
  if (connection == nullptr) return;
  std::unique_lock lock(g_registry_mutex);
  g_registry[connection] = &queue;
}

void unregister_writer_queue(soci::session& sql) {
  const Connection connection = connection_of(sql);
  if (connection == nullptr) return;
  std::unique_lock lock(g_registry_mutex);
  g_registry.erase(connection);
}

}  // namespace portal::db
