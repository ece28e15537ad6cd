#include "features/servers/live_reader.hpp"

#include "integrations/a2s/prober.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "integrations/rcon/status_parser.hpp"

#include <spdlog/spdlog.h>

#include <future>

namespace portal::servers {

LiveReader::LiveReader(LiveReaderOptions options) : options_(options), prober_(std::make_unique<a2s::Prober>()) {}

LiveReader::~LiveReader() = default;

namespace {
std::string key_of(const ProbeTarget& target) { return target.ip + ":" + std::to_string(target.port); }
}  // namespace

rcon::Client& LiveReader::rcon_client(const ProbeTarget& target) {
  std::lock_guard lock(rcon_mutex_);
  auto& peer = rcon_peers_[key_of(target)];
  if (!peer.client || peer.password != target.rcon_password) {
    rcon::ClientOptions options;
    options.connect_timeout = options_.timeout;
    options.io_timeout = options_.timeout;
    peer.client = std::make_unique<rcon::Client>(target.ip, static_cast<std::uint16_t>(target.port),
                                                 target.rcon_password, options);
    peer.password = target.rcon_password;
    peer.resting_until = {};  // a new password gets a fresh try
  }
  return *peer.client;
}

bool LiveReader::rcon_resting(const ProbeTarget& target) {
  std::lock_guard lock(rcon_mutex_);
  auto it = rcon_peers_.find(key_of(target));
  return it != rcon_peers_.end() && it->second.password == target.rcon_password &&
         std::chrono::steady_clock::now() < it->second.resting_until;
}

void LiveReader::rest_rcon(const ProbeTarget& target) {
  std::lock_guard lock(rcon_mutex_);
  rcon_peers_[key_of(target)].resting_until = std::chrono::steady_clock::now() + options_.rcon_auth_backoff;
}

void LiveReader::read_names(const ProbeTarget& target, LiveReading& reading) {
  if (rcon_resting(target)) return;
  try {
    const auto players = rcon::parse_status(rcon_client(target).exec("status"));
    reading.player_list.clear();
    for (const auto& p : players) reading.player_list.push_back({p.name, static_cast<double>(p.connected_s)});
    reading.has_player_list = true;
  } catch (const rcon::RconError& e) {
    // Names fall back to what A2S_PLAYER gave; the server itself answered, so it stays online.
    if (e.kind() == rcon::ErrorKind::auth) {
      spdlog::warn("rcon password of {}:{} rejected; not trying again for {} s", target.ip, target.port,
                   options_.rcon_auth_backoff.count());
      rest_rcon(target);
    } else {
      spdlog::debug("rcon status of {}:{} failed: {}", target.ip, target.port, e.what());
    }
  } catch (const std::exception& e) {
    spdlog::debug("rcon status of {}:{} failed: {}", target.ip, target.port, e.what());
  }
}

std::vector<LiveReading> LiveReader::read(const std::vector<ProbeTarget>& targets) {
  std::vector<a2s::Endpoint> endpoints;
  endpoints.reserve(targets.size());
  for (const auto& t : targets) endpoints.push_back({t.ip, static_cast<std::uint16_t>(t.port)});
  a2s::ProbeOptions probe;
  probe.timeout = options_.timeout;
  probe.retries = options_.retries;
  probe.want_players = true;
  const auto results = prober_->probe_all(endpoints, probe);

  std::vector<LiveReading> readings(targets.size());
  std::vector<std::size_t> with_rcon;
  for (std::size_t i = 0; i < targets.size() && i < results.size(); ++i) {
    const auto& r = results[i];
    auto& reading = readings[i];
    reading.answered = r.answered;
    if (!r.answered) continue;
    reading.map = r.info.map;
    reading.players = r.info.players;
    reading.max_players = r.info.max_players;
    reading.bots = r.info.bots;
    reading.ping_ms = static_cast<int>(r.ping.count());
    reading.has_player_list = r.players_answered;
    for (const auto& p : r.players) reading.player_list.push_back({p.name, static_cast<double>(p.duration_s)});
    if (!targets[i].rcon_password.empty()) with_rcon.push_back(i);
  }

  // Blocking RCON exchanges, a bounded number at a time.
  for (std::size_t start = 0; start < with_rcon.size(); start += static_cast<std::size_t>(options_.rcon_parallelism)) {
    std::vector<std::future<void>> batch;
    const auto end = std::min(with_rcon.size(), start + static_cast<std::size_t>(options_.rcon_parallelism));
    for (std::size_t k = start; k < end; ++k) {
      const std::size_t i = with_rcon[k];
      batch.push_back(
          std::async(std::launch::async, [this, &targets, &readings, i] { read_names(targets[i], readings[i]); }));
    }
    for (auto& f : batch) f.get();
  }
  return readings;
}

}  // namespace portal::servers
