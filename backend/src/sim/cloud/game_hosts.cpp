#include "sim/cloud/game_hosts.hpp"

#include "integrations/http/curl_http_client.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <system_error>

namespace portal::sim::cloud {

namespace {

// The active-duty pool a practice server rotates through; each machine starts on its own map.
constexpr std::array<const char*, 7> kMapPool{"de_mirage", "de_inferno", "de_nuke", "de_ancient",
                                              "de_anubis", "de_dust2",   "de_train"};

// Binding fails for a taken address; a few fresh addresses are plenty on loopback.
constexpr int kBindAttempts = 8;

}  // namespace

SimServerSpec game_spec(const portal::cloud::ServerBootstrap& settings, std::uint64_t seed) {
  SimServerSpec spec;
  spec.name = settings.server_name;
  spec.join_password = settings.join_password;
  spec.rcon_password = settings.rcon_password;
  spec.max_players = settings.max_players;
  spec.admins = settings.admins;
  spec.map_pool.assign(kMapPool.begin(), kMapPool.end());
  spec.map = kMapPool[seed % kMapPool.size()];
  spec.map_period = std::chrono::minutes(30);
  // A rented practice server is private: empty until the team joins, no bots filling it.
  spec.initial_players = 0;
  spec.churn = 0;
  spec.bots = 0;
  return spec;
}

GameHosts::GameHosts(SimFleetOptions options, std::chrono::milliseconds report_period)
    : fleet_(options), http_(std::make_unique<integrations::CurlHttpClient>("cs2-portal-plugin-stand-in")) {
  reporter_ = std::make_unique<PlayerReporter>(*http_, report_period, [this] { return reporting(); });
}

GameHosts::~GameHosts() { stop(); }

void GameHosts::stop() {
  if (reporter_) reporter_->stop();
  fleet_.stop();
}

std::vector<ReportingServer> GameHosts::reporting() const {
  std::vector<std::pair<ReportingServer, SimFleet::ServerId>> up;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, running] : running_) {
      if (running.down) continue;
      const auto settings = bootstraps_.find(id);
      if (settings == bootstraps_.end() || !settings->second || settings->second->portal_key.empty()) continue;
      up.push_back(
          {ReportingServer{id, settings->second->portal_url, settings->second->portal_key, {}}, running.server});
    }
  }
  std::vector<ReportingServer> out;
  for (auto& [server, fleet_id] : up) {
    const auto state = fleet_.snapshot(fleet_id);
    if (!state) continue;
    server.humans = state->humans;
    out.push_back(std::move(server));
  }
  return out;
}

std::optional<std::string> GameHosts::join(const std::string& instance_id, const std::string& name) {
  SimFleet::ServerId server = 0;
  {
    std::lock_guard lock(mutex_);
    const auto* up = up_locked(instance_id);
    if (!up) return std::nullopt;
    server = up->server;
  }
  const auto running = fleet_.find(server);
  if (!running) return std::nullopt;
  auto steam_id = running->state().join(name);
  if (steam_id.empty()) return std::nullopt;
  return steam_id;
}

std::optional<portal::cloud::ServerBootstrap> GameHosts::bootstrap(const std::string& instance_id,
                                                                   const std::string& user_data) {
  std::lock_guard lock(mutex_);
  auto found = bootstraps_.find(instance_id);
  if (found == bootstraps_.end()) {
    auto parsed = portal::cloud::parse_user_data(user_data);
    if (!parsed) {
      spdlog::warn("sim cloud: {} has no readable bootstrap settings ({}); it runs without a game server", instance_id,
                   parsed.error().message);
    }
    found = bootstraps_.emplace(instance_id, parsed ? std::optional(*parsed) : std::nullopt).first;
  }
  return found->second;
}

void GameHosts::reconcile(const std::vector<WantedServer>& wanted,
                          const std::function<std::string(const std::string& instance_id)>& another_address) {
  std::map<std::string, const WantedServer*> by_id;
  for (const auto& server : wanted) by_id.emplace(server.instance_id, &server);

  // Gone or moved first, so their addresses are free before anything binds. A machine that is down
  // keeps its server bound and silent; one that came up again is replaced right before it starts,
  // so its address is free only for the moment between the two.
  std::vector<SimFleet::ServerId> to_remove, to_power_off;
  std::map<std::string, SimFleet::ServerId> to_replace;
  {
    std::lock_guard lock(mutex_);
    for (auto it = running_.begin(); it != running_.end();) {
      const auto want = by_id.find(it->first);
      if (want == by_id.end() || want->second->public_ip != it->second.endpoint.ip) {
        to_remove.push_back(it->second.server);
        it = running_.erase(it);
        continue;
      }
      const WantedServer& machine = *want->second;
      if (!machine.powered) {
        if (!it->second.down) to_power_off.push_back(it->second.server);
        it->second.down = true;
      } else if (it->second.down || machine.boots != it->second.boots) {
        to_replace.emplace(it->first, it->second.server);
      }
      ++it;
    }
    // Machines that are gone for good do not need their settings any more.
    for (auto it = bootstraps_.begin(); it != bootstraps_.end();) {
      it = by_id.count(it->first) || running_.count(it->first) ? std::next(it) : bootstraps_.erase(it);
    }
  }
  for (const auto server : to_remove) fleet_.remove(server);
  for (const auto server : to_power_off) fleet_.power_off(server);

  for (const auto& server : wanted) {
    if (!server.powered) continue;
    const auto replaced = to_replace.find(server.instance_id);
    if (replaced != to_replace.end()) {
      {
        std::lock_guard lock(mutex_);
        running_.erase(server.instance_id);
      }
      fleet_.remove(replaced->second);
    }
    bool up = false;
    {
      std::lock_guard lock(mutex_);
      up = running_.count(server.instance_id) > 0;
    }
    if (!up) start(server, another_address);
  }
}

void GameHosts::start(const WantedServer& wanted,
                      const std::function<std::string(const std::string& instance_id)>& another_address) {
  const auto settings = bootstrap(wanted.instance_id, wanted.user_data ? *wanted.user_data : std::string());
  if (!settings) return;
  const auto spec = game_spec(*settings, wanted.seed);
  std::string ip = wanted.public_ip;
  const auto port = static_cast<std::uint16_t>(settings->game_port);
  for (int attempt = 0; attempt < kBindAttempts && !ip.empty(); ++attempt) {
    try {
      const auto id = fleet_.add(spec, static_cast<unsigned>(wanted.seed ^ wanted.boots), ip, port);
      std::lock_guard lock(mutex_);
      running_[wanted.instance_id] = Running{.boots = wanted.boots, .server = id, .endpoint = {ip, port}};
      return;
    } catch (const std::system_error& error) {
      spdlog::warn("sim cloud: {} cannot bind {}:{} ({}); trying another address", wanted.instance_id, ip, port,
                   error.what());
      ip = another_address(wanted.instance_id);
    }
  }
  spdlog::error("sim cloud: {} found no address to bind its game server on", wanted.instance_id);
}

const GameHosts::Running* GameHosts::up_locked(const std::string& instance_id) const {
  const auto found = running_.find(instance_id);
  return found == running_.end() || found->second.down ? nullptr : &found->second;
}

std::optional<SimSnapshot> GameHosts::snapshot(const std::string& instance_id) const {
  SimFleet::ServerId server = 0;
  {
    std::lock_guard lock(mutex_);
    const auto* up = up_locked(instance_id);
    if (!up) return std::nullopt;
    server = up->server;
  }
  return fleet_.snapshot(server);
}

std::optional<GameEndpoint> GameHosts::endpoint(const std::string& instance_id) const {
  std::lock_guard lock(mutex_);
  const auto* up = up_locked(instance_id);
  if (!up) return std::nullopt;
  return up->endpoint;
}

std::size_t GameHosts::running() const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(running_.begin(), running_.end(), [](const auto& entry) { return !entry.second.down; }));
}

}  // namespace portal::sim::cloud
