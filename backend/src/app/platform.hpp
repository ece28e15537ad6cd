#pragma once
// What every module runs on, built once from the config: the database (migrated), the named bounded
// pools blocking work runs on, the job scheduler with its election (advisory locks on PostgreSQL, this
// instance alone on SQLite), and the metrics. The HTTP server and the modules come on top (app.cpp).

#include "app/config/config.hpp"
#include "core/jobs/clock.hpp"
#include "core/jobs/election.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/database.hpp"
#include "http/metrics.hpp"
#include "http/server.hpp"
#include "http/worker_pool.hpp"

#include <memory>
#include <string>

namespace portal::app {

class Platform {
 public:
  // Opens and migrates the database; throws when either fails.
  explicit Platform(const Config& config);
  ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  db::Database& database() { return *database_; }
  core::jobs::Scheduler& jobs() { return *jobs_; }
  http::Metrics& metrics() { return metrics_; }
  http::ServerPools pools() {
    return {.database = workers_.get(), .hashing = hashing_.get(), .outbound = outbound_.get()};
  }

  // After the server has stopped: lets the pools finish their queues, then stops the jobs (a run in
  // progress ends first). Idempotent.
  void drain();

 private:
  std::unique_ptr<db::Database> database_;
  core::jobs::SystemClock clock_;
  std::unique_ptr<core::jobs::Election> election_;
  std::unique_ptr<core::jobs::Scheduler> jobs_;
  http::Metrics metrics_;
  std::unique_ptr<http::WorkerPool> workers_;   // the database pool
  std::unique_ptr<http::WorkerPool> hashing_;   // password hashing
  std::unique_ptr<http::WorkerPool> outbound_;  // calls to outside systems
};

}  // namespace portal::app
