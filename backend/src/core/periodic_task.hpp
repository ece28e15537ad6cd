#pragma once
// A background job on a thread of its own: runs `work` now and then every `interval` (measured from the
// start of one run to the start of the next; a run that takes longer is followed by the next at once)
// until stopped. An exception from `work` is logged and the job goes on.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace portal::core {

class PeriodicTask {
 public:
  PeriodicTask(std::string name, std::chrono::milliseconds interval, std::function<void()> work);
  ~PeriodicTask();
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

  void start();
  void stop();  // waits for a run in progress to finish

 private:
  void loop();

  std::string name_;
  std::chrono::milliseconds interval_;
  std::function<void()> work_;
  std::mutex mutex_;
  std::condition_variable signal_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace portal::core
