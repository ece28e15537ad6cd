#pragma once
// The time the job scheduler reads: a steady clock for intervals and the wall clock for "last run"
// metrics. SystemClock is the real one; ManualClock lets tests move time by hand, so they never sleep
// real seconds to see a job come due (they drive the jobs with Scheduler::run_due_now()).

#include <chrono>
#include <cstdint>
#include <mutex>

namespace portal::core::jobs {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::chrono::steady_clock::time_point now() const = 0;
  virtual std::chrono::system_clock::time_point wall_now() const = 0;
};

class SystemClock final : public Clock {
 public:
  std::chrono::steady_clock::time_point now() const override { return std::chrono::steady_clock::now(); }
  std::chrono::system_clock::time_point wall_now() const override { return std::chrono::system_clock::now(); }
};

// Starts at the real time of its construction and moves only when told to.
class ManualClock final : public Clock {
 public:
  ManualClock() : now_(std::chrono::steady_clock::now()), wall_(std::chrono::system_clock::now()) {}
  std::chrono::steady_clock::time_point now() const override {
    std::lock_guard lock(mutex_);
    return now_;
  }
  std::chrono::system_clock::time_point wall_now() const override {
    std::lock_guard lock(mutex_);
    return wall_;
  }
  void advance(std::chrono::steady_clock::duration by) {
    std::lock_guard lock(mutex_);
    now_ += by;
    wall_ += std::chrono::duration_cast<std::chrono::system_clock::duration>(by);
  }

 private:
  mutable std::mutex mutex_;
  std::chrono::steady_clock::time_point now_;
  std::chrono::system_clock::time_point wall_;
};

}  // namespace portal::core::jobs
