#include "sim/cloud/game_hosts.hpp"

#include <spdlog/spdlog.h>

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

GameHosts::GameHosts(SimFleetOptions options) : fleet_(options) {}

GameHosts::~GameHosts() { stop(); }

void GameHosts::stop() { fleet_.stop(); }

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

  // Down first: a machine that went down or came up again frees its address before anything binds.
  std::vector<SimFleet::ServerId> to_remove;
  {
    std::lock_guard lock(mutex_);
    for (auto it = running_.begin(); it != running_.end();) {
      const auto want = by_id.find(it->first);
      if (want != by_id.end() && want->second->boots == it->second.boots &&
          want->second->public_ip == it->second.endpoint.ip) {
        ++it;
        continue;
      }
      to_remove.push_back(it->second.server);
      it = running_.erase(it);
    }
    // Machines that are gone for good do not need their settings any more.
    for (auto it = bootstraps_.begin(); it != bootstraps_.end();) {
      it = by_id.count(it->first) || running_.count(it->first) ? std::next(it) : bootstraps_.erase(it);
    }
  }
  for (const auto server : to_remove) fleet_.remove(server);

  for (const auto& server : wanted) {
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

std::optional<SimSnapshot> GameHosts::snapshot(const std::string& instance_id) const {
  SimFleet::ServerId server = 0;
  {
    std::lock_guard lock(mutex_);
    const auto found = running_.find(instance_id);
    if (found == running_.end()) return std::nullopt;
    server = found->second.server;
  }
  return fleet_.snapshot(server);
}

std::optional<GameEndpoint> GameHosts::endpoint(const std::string& instance_id) const {
  std::lock_guard lock(mutex_);
  const auto found = running_.find(instance_id);
  if (found == running_.end()) return std::nullopt;
  return found->second.endpoint;
}

std::size_t GameHosts::running() const {
  std::lock_guard lock(mutex_);
  return running_.size();
}

}  // namespace portal::sim::cloud
