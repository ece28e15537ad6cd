#pragma once
// Threads for blocking work (database queries, blocking outside calls). The I/O threads hand such
// work here and resume when it is done, so a slow query never stalls other connections.

#include <functional>
#include <memory>

namespace portal::http {

class WorkerPool {
 public:
  // on_thread_start runs first on every worker thread (e.g. to name it for the logs).
  explicit WorkerPool(int threads, std::function<void()> on_thread_start = {});
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void post(std::function<void()> task);
  // Finishes queued tasks and joins the threads; later posts are dropped.
  void join();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::http
