#include "http/worker_pool.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

namespace portal::http {

// A plain queue and threads: simpler to reason about at shutdown than asio::thread_pool, and it
// keeps Asio headers out of this file.
struct WorkerPool::Impl {
  explicit Impl(PoolOptions o) : options(std::move(o)) {}

  PoolOptions options;
  mutable std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> queue;
  std::size_t busy = 0;
  std::uint64_t completed = 0;
  std::uint64_t rejected = 0;
  bool closing = false;
  std::vector<std::thread> threads;

  void work(const std::function<void()>& on_thread_start) {
    if (on_thread_start) on_thread_start();
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return closing || !queue.empty(); });
        if (queue.empty()) return;
        task = std::move(queue.front());
        queue.pop_front();
        ++busy;
      }
      try {
        task();
      } catch (const std::exception& e) {
        spdlog::error("{} task failed: {}", options.name, e.what());
      } catch (...) {
        spdlog::error("{} task failed with a non-standard exception", options.name);
      }
      task = nullptr;  // what the task captured goes before the pool counts it done
      std::lock_guard lock(mutex);
      --busy;
      ++completed;
    }
  }
};

WorkerPool::WorkerPool(int threads, std::function<void()> on_thread_start)
    : WorkerPool(PoolOptions{.threads = threads}, std::move(on_thread_start)) {}

WorkerPool::WorkerPool(PoolOptions options, std::function<void()> on_thread_start)
    : impl_(std::make_unique<Impl>(std::move(options))) {
  for (int i = 0; i < impl_->options.threads; ++i) {
    impl_->threads.emplace_back([this, on_thread_start] { impl_->work(on_thread_start); });
  }
}

WorkerPool::~WorkerPool() { join(); }

void WorkerPool::post(std::function<void()> task) {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->closing) return;
    impl_->queue.push_back(std::move(task));
  }
  impl_->wake.notify_one();
}

bool WorkerPool::try_post(std::function<void()> task) {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->closing) return false;
    const auto& bound = impl_->options.max_queue;
    const std::size_t threads = static_cast<std::size_t>(impl_->options.threads);
    if (bound && impl_->queue.size() + impl_->busy >= threads + *bound) {
      ++impl_->rejected;
      return false;
    }
    impl_->queue.push_back(std::move(task));
  }
  impl_->wake.notify_one();
  return true;
}

void WorkerPool::join() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->closing = true;
  }
  impl_->wake.notify_all();
  for (auto& thread : impl_->threads) {
    if (thread.joinable()) thread.join();
  }
  impl_->threads.clear();
}

const std::string& WorkerPool::name() const { return impl_->options.name; }

PoolStats WorkerPool::stats() const {
  std::lock_guard lock(impl_->mutex);
  return PoolStats{.name = impl_->options.name,
                   .threads = impl_->options.threads,
                   .max_queue = impl_->options.max_queue,
                   .queued = impl_->queue.size(),
                   .busy = impl_->busy,
                   .completed = impl_->completed,
                   .rejected = impl_->rejected};
}

}  // namespace portal::http
