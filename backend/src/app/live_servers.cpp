#include "app/live_servers.hpp"

#include "features/servers/live_reader.hpp"
#include "sim/sim_cluster.hpp"

#include <spdlog/spdlog.h>

#include <random>

namespace portal::app {

LiveServers::LiveServers(const Config& config, db::Database& database, content::Announcements& announcements)
    : repository_(database),
      tracker_({.offline_after_misses = config.servers.offline_after_misses,
                .plugin_fresh = std::chrono::seconds(config.servers.plugin_fresh_s)}),
      service_(repository_, tracker_, store_, std::chrono::hours(config.servers.history_hours)) {
  if (config.mode == Mode::demo) {
    simulation_ = std::make_unique<sim::SimCluster>(sim::demo_specs(), std::random_device{}());
    seed_demo(announcements);
  }
  source_ = std::make_unique<servers::LiveReader>(servers::LiveReaderOptions{
      .timeout = std::chrono::milliseconds(config.servers.query_timeout_ms), .retries = config.servers.query_retries});
  refresher_ = std::make_unique<servers::Refresher>(
      repository_, *source_, tracker_, store_,
      servers::RefresherOptions{.interval = std::chrono::seconds(config.servers.refresh_interval_s),
                                .history = std::chrono::hours(config.servers.history_hours)});
}

LiveServers::~LiveServers() { stop(); }

void LiveServers::start() { refresher_->start(); }

void LiveServers::stop() {
  if (refresher_) refresher_->stop();
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

}  // namespace portal::app
