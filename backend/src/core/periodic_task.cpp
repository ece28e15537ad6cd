#include "core/periodic_task.hpp"

#include <spdlog/spdlog.h>

namespace portal::core {

PeriodicTask::PeriodicTask(std::string name, std::chrono::milliseconds interval, std::function<void()> work)
    : name_(std::move(name)), interval_(interval), work_(std::move(work)) {}

PeriodicTask::~PeriodicTask() { stop(); }

void PeriodicTask::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { loop(); });
}

void PeriodicTask::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  signal_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PeriodicTask::loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto started = std::chrono::steady_clock::now();
    lock.unlock();
    try {
      work_();
    } catch (const std::exception& e) {
      spdlog::warn("{} failed: {}", name_, e.what());
    }
    lock.lock();
    signal_.wait_until(lock, started + interval_, [this] { return stopping_; });
  }
}

}  // namespace portal::core
