#pragma once
// The refresh job: every interval, reads every enabled server through the LiveSource (concurrently,
// time-bounded), updates the tracker and the served snapshot, and records a player-count sample per
// server per 5-minute bucket. Re-reads the server list each cycle, so CLI edits apply without a restart.

#include "features/servers/live_source.hpp"
#include "features/servers/repository.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace portal::servers {

constexpr std::int64_t kSampleBucketSeconds = 300;

struct RefresherOptions {
  std::chrono::seconds interval{10};
  std::chrono::hours history{24};
};

class Refresher {
 public:
  Refresher(Repository& repository, LiveSource& source, Tracker& tracker, SnapshotStore& store,
            RefresherOptions options);
  ~Refresher();
  Refresher(const Refresher&) = delete;
  Refresher& operator=(const Refresher&) = delete;

  // Runs the first cycle on the calling thread (bounded by the query timeouts), so the list is
  // complete before the first visitor asks, then every interval on the job's own thread.
  void start();
  void stop();  // waits for a running cycle to end
  // One cycle on the calling thread (a worker thread: it reads the database).
  void run_cycle();

 private:
  void loop();
  void cycle_logging_errors();

  Repository& repository_;
  LiveSource& source_;
  Tracker& tracker_;
  SnapshotStore& store_;
  RefresherOptions options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
  std::int64_t last_prune_ = 0;
};

}  // namespace portal::servers
