#include "app/platform.hpp"

#include "app/config/database_options.hpp"
#include "db/leader_election.hpp"
#include "db/migrations.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>

namespace portal::app {

namespace {

// Names this instance in job metrics, logs and pg_stat_activity: host:port.
std::string instance_name(const Config& config) {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::snprintf(host, sizeof host, "localhost");
  return std::string(host) + ":" + std::to_string(config.server.port);
}

std::unique_ptr<http::WorkerPool> pool(std::string name, int threads, int queue) {
  return std::make_unique<http::WorkerPool>(
      http::PoolOptions{.name = std::move(name), .threads = threads, .max_queue = static_cast<std::size_t>(queue)});
}

}  // namespace

Platform::Platform(const Config& config) {
  database_ = std::make_unique<db::Database>(database_options(config));
  const auto report = db::migrate(*database_, db::embedded_migrations(database_->engine()));
  spdlog::info("database {} at schema version {} ({} migration(s) applied now)", db::to_string(database_->engine()),
               report.current_version, report.applied.size());

  // Each elected job runs on the one instance that leads it (DESIGN.md §6).
  const std::string instance = instance_name(config);
  if (database_->engine() == db::Engine::postgresql) {
    election_ = std::make_unique<db::AdvisoryLockElection>(config.database.postgres_url, instance);
  } else {
    election_ = std::make_unique<core::jobs::AlwaysLead>();
  }
  jobs_ = std::make_unique<core::jobs::Scheduler>(*election_, clock_, instance);

  const auto& pools = config.pools;
  workers_ = pool("database", config.database.pool_size, pools.database_queue);
  hashing_ = pool("hashing", pools.hashing_threads, pools.hashing_queue);
  outbound_ = pool("outbound", pools.outbound_threads, pools.outbound_queue);
  for (const auto* each : {workers_.get(), hashing_.get(), outbound_.get()}) metrics_.watch_pool(*each);
}

Platform::~Platform() { drain(); }

void Platform::drain() {
  workers_->join();
  hashing_->join();
  outbound_->join();
  jobs_->stop();
}

}  // namespace portal::app
