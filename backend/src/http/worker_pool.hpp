#pragma once
// Threads for blocking work (database queries, password hashing, outbound HTTP calls). The I/O
// threads hand such work to the pool the route names and resume when it is done, so a slow query
// never stalls other connections. A pool may bound how much work it accepts: threads + max_queue
// tasks at most, running or waiting; try_post refuses the rest at once, so that a flood of one kind of
// work (logins, calls to Steam) is answered "busy" instead of queuing in front of everything else.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace portal::http {

struct PoolOptions {
  std::string name = "workers";  // for metrics and logs: "database", "hashing", "outbound"
  int threads = 1;
  // Tasks that may wait for a thread beyond those running; nullopt = no bound.
  std::optional<std::size_t> max_queue;
};

struct PoolStats {
  std::string name;
  int threads = 0;
  std::optional<std::size_t> max_queue;
  std::size_t queued = 0;  // waiting for a thread
  std::size_t busy = 0;    // running
  std::uint64_t completed = 0;
  std::uint64_t rejected = 0;  // refused by try_post because the queue was full
};

class WorkerPool {
 public:
  // An unbounded pool named "workers". on_thread_start runs first on every worker thread (e.g. to
  // name it for the logs).
  explicit WorkerPool(int threads, std::function<void()> on_thread_start = {});
  explicit WorkerPool(PoolOptions options, std::function<void()> on_thread_start = {});
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues the task whatever the bound (internal work that must not be dropped).
  void post(std::function<void()> task);
  // Queues the task unless threads + max_queue tasks are already running or waiting, or the pool is
  // closing; false (and the task is dropped, unrun) otherwise. Never blocks.
  bool try_post(std::function<void()> task);
  // Finishes queued tasks and joins the threads; later posts are dropped.
  void join();

  const std::string& name() const;
  PoolStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::http
