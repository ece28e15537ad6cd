#pragma once
// The one scheduler of the portal's periodic background work (DESIGN.md §6). Each job has a name, an
// interval and a body; it runs on a thread of its own, first at start() and then every interval
// (measured from the start of one run to the start of the next; a run longer than the interval is
// followed by the next at once, never by a pile of them). An exception from a run is logged and
// counted, and the job goes on.
//
// Elected jobs (a lock key from db/advisory_locks.hpp) run on one instance at a time: before every run
// the instance asks the Election whether it leads the job. An instance that does not lead skips the run
// and asks again after `retry`; when the leader stops (it resigns) or dies (its connection closes),
// another instance takes over at its next try. Jobs without a key run on every instance.
//
// stop() runs nothing new, waits for runs in progress to end, then resigns every lead. Tests that must
// not wait real seconds use a ManualClock and run_due_now() instead of start().
//
// A job with `soonest_on_wake` can also be woken (wake()): its next run comes forward, but never to
// less than that gap after the start of the previous run, so a thousand wakes a second cost a few
// runs, not a thousand.

#include "core/jobs/clock.hpp"
#include "core/jobs/election.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace portal::core::jobs {

struct Job {
  std::string name;  // "servers.refresh": a metric label, so a fixed word, never data
  std::chrono::milliseconds interval{10'000};
  std::function<void()> work;
  // Set: runs only on the instance that leads this key (db/advisory_locks.hpp). Unset: every instance.
  std::optional<std::int64_t> lock_key;
  // How soon an instance that does not lead asks again; zero: min(interval, 5 s).
  std::chrono::milliseconds retry{0};
  // start() runs the first tick on the calling thread (the server list is complete before the first
  // request), instead of on the job's thread.
  bool first_run_in_start = false;
  // Told when this instance starts or stops leading an elected job (and once at the first tick), on
  // the thread that asked. Not called for jobs that run on every instance.
  std::function<void(bool leading)> on_leadership;
  // Above zero: wake() brings the next run forward to this long after the start of the last one, so
  // work that something just made due (a stats batch for the standings) need not wait the interval.
  std::chrono::milliseconds soonest_on_wake{0};
};

struct JobStats {
  std::string name;
  std::chrono::milliseconds interval{0};
  bool elected = false;
  bool leading = false;  // this instance runs the job (always true for jobs of every instance)
  bool running = false;
  std::uint64_t runs = 0;                                         // completed runs here, failed ones included
  std::uint64_t failures = 0;                                     // runs that threw
  std::uint64_t skipped = 0;                                      // ticks another instance led
  std::optional<std::chrono::system_clock::time_point> last_run;  // start of the last run here
  std::optional<std::chrono::system_clock::time_point> last_ok;   // start of the last run that did not throw
  std::chrono::duration<double> last_duration{0};
  std::string last_error;
};

class Scheduler {
 public:
  // `instance` names this portal instance in logs and metrics (host:port).
  Scheduler(Election& election, const Clock& clock, std::string instance);
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Before start(). Throws std::invalid_argument for an empty or repeated name or a zero interval.
  void add(Job job);
  void start();
  void stop();  // idempotent; waits for runs in progress

  // Runs, on the calling thread, every job whose next tick is due by the clock; returns how many
  // actually ran (ticks skipped because another instance leads do not count). For tests, with a
  // ManualClock and without start().
  int run_due_now();

  bool leads(std::string_view job) const;
  // Brings the job's next run forward to `soonest_on_wake` after the start of its last run (at once
  // when that has passed); does nothing for a job without it, an unknown name or a run already
  // that close. Cheap and thread-safe: callers may call it on every request.
  void wake(std::string_view job);
  std::vector<JobStats> stats() const;
  const std::string& instance() const { return instance_; }
  // Prometheus text: portal_job_* per job, and portal_instance_info.
  std::string render_metrics() const;

 private:
  struct Entry;
  bool tick(Entry& entry);  // true when the job ran
  void loop(Entry& entry);

  Election& election_;
  const Clock& clock_;
  std::string instance_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool started_ = false;
  bool stopping_ = false;
  std::vector<std::unique_ptr<Entry>> entries_;
  std::vector<std::thread> threads_;
};

}  // namespace portal::core::jobs
