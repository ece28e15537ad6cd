#pragma once
// The refresh job's body (the scheduler runs it: app/live_servers.cpp): reads every enabled server
// through the LiveSource (concurrently, time-bounded), updates the tracker and the served snapshot, and
// records a player-count sample per server per 5-minute bucket. Re-reads the server list each cycle, so
// CLI edits apply without a restart. With a LiveState (several instances on PostgreSQL) it first takes
// in the plugin reports other instances received, and afterwards publishes the list it serves.

#include "features/servers/live_source.hpp"
#include "features/servers/live_state.hpp"
#include "features/servers/repository.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <atomic>
#include <chrono>
#include <string>

namespace portal::servers {

constexpr std::int64_t kSampleBucketSeconds = 300;

struct RefresherOptions {
  std::chrono::hours history{24};
  std::chrono::seconds plugin_fresh{30};  // how old a shared plugin report may be and still count
  std::string instance;                   // names the publisher of the shared list
};

class Refresher {
 public:
  // `shared` may be null (one instance: nothing is shared).
  Refresher(Repository& repository, LiveSource& source, Tracker& tracker, SnapshotStore& store,
            RefresherOptions options, LiveState* shared = nullptr);
  Refresher(const Refresher&) = delete;
  Refresher& operator=(const Refresher&) = delete;

  // One cycle on the calling thread (a worker thread: it reads the database). Throws on a database
  // failure; the scheduler logs it and the next cycle tries again.
  void run_cycle();
  // The revision of the shared list this instance published last (0: none).
  std::int64_t published_revision() const { return published_.load(); }

 private:
  void take_shared_reports();

  Repository& repository_;
  LiveSource& source_;
  Tracker& tracker_;
  SnapshotStore& store_;
  RefresherOptions options_;
  LiveState* shared_;
  std::int64_t last_prune_ = 0;
  std::atomic<std::int64_t> published_{0};
};

}  // namespace portal::servers
