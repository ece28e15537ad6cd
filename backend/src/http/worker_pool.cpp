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
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> queue;
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
      }
      try {
        task();
      } catch (const std::exception& e) {
        spdlog::error("worker task failed: {}", e.what());
      } catch (...) {
        spdlog::error("worker task failed with a non-standard exception");
      }
    }
  }
};

WorkerPool::WorkerPool(int threads, std::function<void()> on_thread_start) : impl_(std::make_unique<Impl>()) {
  for (int i = 0; i < threads; ++i) {
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

}  // namespace portal::http
