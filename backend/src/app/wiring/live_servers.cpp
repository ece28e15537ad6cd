#include "app/wiring/live_servers.hpp"

#include "app/wiring/server_console.hpp"
#include "features/servers/routes.hpp"

#include "db/advisory_locks.hpp"
#include "features/servers/live_reader.hpp"
#include "sim/cs2/sim_cluster.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>

namespace portal::app {

namespace {
std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

LiveServers::LiveServers(const Config& config, db::Database& database, content::Announcements& announcements)
    : config_(config),
      repository_(database),
      tracker_({.offline_after_misses = config.servers.offline_after_misses,
                .plugin_fresh = std::chrono::seconds(config.servers.plugin_fresh_s)}),
      service_(repository_, tracker_, store_, std::chrono::hours(config.servers.history_hours)),
      rcon_budgets_(database),
      refresh_interval_(config.servers.refresh_interval_s),
      history_(config.servers.history_hours),
      plugin_fresh_(config.servers.plugin_fresh_s) {
  if (config.mode == Mode::demo) {
    simulation_ = std::make_unique<sim::SimCluster>(sim::demo_specs(), std::random_device{}());
    seed_demo(announcements);
  }
  source_ = std::make_unique<servers::LiveReader>(servers::LiveReaderOptions{
      .timeout = std::chrono::milliseconds(config.servers.query_timeout_ms), .retries = config.servers.query_retries});
  if (database.engine() == db::Engine::postgresql) {
    shared_ = std::make_unique<servers::LiveState>(database);
    // A plugin report may reach any instance: the refreshing one reads the fresh ones at its next cycle.
    tracker_.on_push([this](std::int64_t server_id, const servers::PluginPush& push) {
      try {
        shared_->save_report(server_id, push, unix_ms());
      } catch (const std::exception& e) {
        spdlog::warn("plugin report of server {} not shared with other instances: {}", server_id, e.what());
      }
    });
  }
}

LiveServers::~LiveServers() = default;

void LiveServers::add_jobs(core::jobs::Scheduler& jobs) {
  refresher_ = std::make_unique<servers::Refresher>(
      repository_, *source_, tracker_, store_,
      servers::RefresherOptions{.history = history_, .plugin_fresh = plugin_fresh_, .instance = jobs.instance()},
      shared_.get());
  // The first cycle runs in start() (bounded by the query timeouts), so the list is complete before the
  // first visitor asks.
  jobs.add(core::jobs::Job{
      .name = "servers.refresh",
      .interval = refresh_interval_,
      .work = [this] { refresher_->run_cycle(); },
      .lock_key = db::advisory_locks::kJobServersRefresh,
      .first_run_in_start = true,
      .on_leadership = [this](bool leading) { on_refresh_leadership(leading); },
  });
  if (!shared_) return;
  jobs.add(core::jobs::Job{
      .name = "servers.sync",
      .interval = std::min<std::chrono::milliseconds>(refresh_interval_, std::chrono::seconds(2)),
      .work = [this] { follow_shared_list(); },
      .first_run_in_start = true,
  });
}

void LiveServers::on_refresh_leadership(bool leading) {
  tracker_.set_leading(leading);
  // No longer leading: keep serving what this instance shows now (and lay pushes over it) until a newer
  // shared list arrives.
  if (auto kept = leading ? nullptr : tracker_.adopt(store_.get()->servers)) store_.set(std::move(kept));
}

void LiveServers::follow_shared_list() {
  if (tracker_.leading()) return;  // this instance reads the servers itself
  auto newer = shared_->newer_than(adopted_revision_.load());
  if (!newer) return;
  if (auto adopted = tracker_.adopt(std::move(newer->servers))) {
    store_.set(std::move(adopted));
    adopted_revision_ = newer->revision;
  }
}

// The simulated servers listen on fresh ports at every start, so the seeded rows are replaced.
void LiveServers::seed_demo(content::Announcements& announcements) {
  repository_.remove_demo_servers();
  const auto specs = sim::demo_specs();
  const auto ports = simulation_->ports();
  for (std::size_t i = 0; i < specs.size() && i < ports.size(); ++i) {
    servers::GameServer server;
    server.ip = "127.0.0.1";
    server.port = ports[i];
    server.name = specs[i].name;
    server.category = specs[i].category;
    server.region = specs[i].region;
    server.ontop = specs[i].ontop;
    server.star = specs[i].star;
    server.rcon_password = specs[i].rcon_password;
    server.demo = true;
    if (auto added = service_.add(server); !added) {
      spdlog::warn("demo server {} not seeded: {}", server.name, added.error().message);
    }
  }
  if (!announcements.get("zh")) {
    (void)announcements.set("zh", "欢迎来到社区服务器门户！演示模式：服务器为本机模拟的 CS2 服务器。");
  }
  if (!announcements.get("en")) {
    (void)announcements.set(
        "en", "Welcome to the community portal! Demo mode: the servers are simulated CS2 servers on this machine.");
  }
}

void LiveServers::register_routes(http::RouteTable& routes) {
  servers::register_routes(routes, service_);
  servers::register_console_routes(
      routes,
      {.service = service_, .rcon = console_rcon_sender(), .rcon_budget = console_rcon_operator_budget(rcon_budgets_)});
}

RateLimitPolicies LiveServers::rate_limit_policies() const { return console_rcon_rate_limit_policies(); }

void LiveServers::contribute_settings(content::PublicSettings& settings) const {
  const auto& f = config_.features.servers;
  settings.servers = {f.enabled, f.details, f.rules, f.quick_join, f.filters};
  settings.join_address_prefix = config_.links.join_address_prefix;
}

}  // namespace portal::app
