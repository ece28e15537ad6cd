#include "app/app.hpp"

#include "app/database_options.hpp"
#include "app/modules.hpp"
#include "app/process/free_port.hpp"
#include "app/process/ops_routes.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/database.hpp"
#include "db/leader_election.hpp"
#include "db/migrations.hpp"
#include "http/dispatcher.hpp"
#include "http/response_policy.hpp"
#include "http/route_listing.hpp"
#include "http/server.hpp"
#include "http/worker_pool.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>

namespace portal::app {

namespace {

http::ResponsePolicyOptions policy_options(const Config& config, const Modules& modules) {
  http::ResponsePolicyOptions options{
      .hsts = config.security.hsts,
      .hsts_max_age_s = config.security.hsts_max_age_s,
      .cors_origins = config.security.cors_origins,
  };
  for (const auto& module : modules.list) {
    for (auto& origin : module->frame_origins()) options.frame_origins.push_back(std::move(origin));
  }
  return options;
}

// Every module's per-address budgets, by policy name; a name two modules claim is a bug.
RateLimitPolicies rate_limit_policies(const Modules& modules) {
  RateLimitPolicies policies;
  for (const auto& module : modules.list) {
    for (auto& [name, limit] : module->rate_limit_policies()) {
      if (!policies.emplace(name, limit).second) {
        throw std::logic_error("rate-limit policy " + name + " declared twice (module " + std::string(module->name()) +
                               ")");
      }
    }
  }
  return policies;
}

// Names this instance in job metrics, logs and pg_stat_activity: host:port.
std::string instance_name(const Config& config) {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::snprintf(host, sizeof host, "localhost");
  return std::string(host) + ":" + std::to_string(config.server.port);
}

}  // namespace

struct App::Parts {
  Config config;
  std::unique_ptr<db::Database> database;
  Modules modules;
  core::jobs::SystemClock clock;
  std::unique_ptr<core::jobs::Election> election;  // PostgreSQL: advisory locks; SQLite: always this one
  std::unique_ptr<core::jobs::Scheduler> jobs;     // declared after the features: stops before they go
  http::Metrics metrics;
  std::unique_ptr<http::Dispatcher> dispatcher;
  std::unique_ptr<http::WorkerPool> workers;   // the database pool
  std::unique_ptr<http::WorkerPool> hashing;   // password hashing
  std::unique_ptr<http::WorkerPool> outbound;  // calls to outside systems
  std::unique_ptr<http::Server> server;
  std::uint16_t port = 0;
  std::unique_ptr<PortReservation> reserved_port;  // held from the constructor until the server listens
  bool started = false;
  bool modules_stopped = false;
};

App::App(Config config, ExtraRoutes extra_routes) : parts_(std::make_unique<Parts>()) {
  auto& p = *parts_;
  p.config = std::move(config);
  if (p.config.server.port == 0) {
    p.reserved_port = std::make_unique<PortReservation>(p.config.server.host);
    p.config.server.port = p.reserved_port->port();
  }
  p.database = std::make_unique<db::Database>(database_options(p.config));
  const auto report = db::migrate(*p.database, db::embedded_migrations(p.database->engine()));
  spdlog::info("database {} at schema version {} ({} migration(s) applied now)", db::to_string(p.database->engine()),
               report.current_version, report.applied.size());

  build_modules(p.modules, p.config, *p.database);

  // Background jobs: each elected one runs on the one instance that leads it (DESIGN.md §6).
  const std::string instance = instance_name(p.config);
  if (p.database->engine() == db::Engine::postgresql) {
    p.election = std::make_unique<db::AdvisoryLockElection>(p.config.database.postgres_url, instance);
  } else {
    p.election = std::make_unique<core::jobs::AlwaysLead>();
  }
  p.jobs = std::make_unique<core::jobs::Scheduler>(*p.election, p.clock, instance);
  for (const auto& module : p.modules.list) module->add_jobs(*p.jobs);

  // The whole API, feature by feature.
  http::RouteTable routes;
  register_ops_routes(routes, *p.database, p.metrics, [jobs = p.jobs.get()] { return jobs->render_metrics(); });
  for (const auto& module : p.modules.list) module->register_routes(routes);
  if (extra_routes) extra_routes(routes);

  auto static_files = std::make_shared<http::StaticFiles>(p.config.server.web_root);
  if (!static_files->has_index()) {
    spdlog::warn("web app not found at {}; pages answer 503 until `make build` has run", p.config.server.web_root);
  }
  p.dispatcher = std::make_unique<http::Dispatcher>(
      http::Router(std::move(routes)), *p.modules.callers, std::move(static_files),
      http::ResponsePolicy(policy_options(p.config, p.modules)), p.metrics,
      http::DispatcherOptions{.default_body_limit = static_cast<std::size_t>(p.config.server.body_limit_bytes),
                              .access_log = p.config.log.access_log,
                              .trust_forwarded_for = p.config.security.trust_forwarded_for,
                              .rate_limits = rate_limit_policies(p.modules)});
  const auto& pools = p.config.pools;
  p.workers = std::make_unique<http::WorkerPool>(
      http::PoolOptions{.name = "database",
                        .threads = p.config.database.pool_size,
                        .max_queue = static_cast<std::size_t>(pools.database_queue)});
  p.hashing = std::make_unique<http::WorkerPool>(http::PoolOptions{
      .name = "hashing", .threads = pools.hashing_threads, .max_queue = static_cast<std::size_t>(pools.hashing_queue)});
  p.outbound = std::make_unique<http::WorkerPool>(
      http::PoolOptions{.name = "outbound",
                        .threads = pools.outbound_threads,
                        .max_queue = static_cast<std::size_t>(pools.outbound_queue)});
  for (const auto* pool : {p.workers.get(), p.hashing.get(), p.outbound.get()}) p.metrics.watch_pool(*pool);
  const auto& s = p.config.server;
  p.server = std::make_unique<http::Server>(
      http::ServerOptions{
          .host = s.host,
          .port = static_cast<std::uint16_t>(s.port),
          .io_threads = s.io_threads,
          .read_timeout = std::chrono::seconds(s.read_timeout_s),
          .write_timeout = std::chrono::seconds(s.write_timeout_s),
          .idle_timeout = std::chrono::seconds(s.idle_timeout_s),
          .shutdown_grace = std::chrono::seconds(s.shutdown_grace_s),
          .header_limit = static_cast<std::size_t>(s.header_limit_bytes),
          // Behind a proxy every connection comes from the proxy's address: the cap would starve it.
          .max_connections_per_address =
              p.config.security.trust_forwarded_for ? 0 : static_cast<std::size_t>(s.max_connections_per_address),
          .on_io_thread_start = [] { db::mark_io_thread(); },
      },
      *p.dispatcher,
      http::ServerPools{.database = p.workers.get(), .hashing = p.hashing.get(), .outbound = p.outbound.get()});
}

App::~App() {
  if (parts_ && parts_->server) {
    parts_->server->stop();
    parts_->server->wait();
  }
  if (parts_ && parts_->workers) parts_->workers->join();
  if (parts_ && parts_->hashing) parts_->hashing->join();
  if (parts_ && parts_->outbound) parts_->outbound->join();
  if (parts_ && parts_->jobs) parts_->jobs->stop();
  if (parts_ && parts_->started) stop_modules();
}

std::uint16_t App::start() {
  for (const auto& module : parts_->modules.list) module->start();
  parts_->started = true;
  parts_->jobs->start();
  parts_->port = parts_->server->start();
  if (parts_->reserved_port) parts_->reserved_port->release();
  return parts_->port;
}

void App::stop() { parts_->server->stop(); }

void App::wait() {
  parts_->server->wait();
  parts_->workers->join();
  parts_->hashing->join();
  parts_->outbound->join();
  parts_->jobs->stop();
  stop_modules();
}

void App::stop_modules() {
  if (parts_->modules_stopped) return;
  parts_->modules_stopped = true;
  for (auto it = parts_->modules.list.rbegin(); it != parts_->modules.list.rend(); ++it) (*it)->stop();
}

const Config& App::config() const { return parts_->config; }

core::jobs::Scheduler& App::jobs() { return *parts_->jobs; }

std::string App::route_table() const {
  return http::format_route_table(parts_->dispatcher->router().routes(), rate_limit_policies(parts_->modules));
}

std::vector<std::string> App::route_list() const {
  std::vector<std::string> out;
  for (const auto& route : parts_->dispatcher->router().routes()) {
    out.push_back(std::string(http::to_string(route.method)) + " " + route.pattern);
  }
  return out;
}

std::string App::local_url() const {
  return "http://" + parts_->config.server.host + ":" + std::to_string(parts_->port);
}

}  // namespace portal::app
