#include "sim/cloud/player_reporter.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace portal::sim::cloud {

namespace {
constexpr std::size_t kPlayersPerReport = 64;
constexpr std::chrono::milliseconds kLongestCheck{1000};
}  // namespace

std::string players_report_json(const std::vector<SimPlayer>& humans) {
  boost::json::array players;
  for (const auto& human : humans) {
    if (players.size() == kPlayersPerReport) break;
    if (human.steam_id.empty()) continue;
    players.push_back(boost::json::object{{"steamid", human.steam_id}, {"name", human.name}});
  }
  return boost::json::serialize(boost::json::object{{"players", players}});
}

PlayerReporter::PlayerReporter(integrations::HttpClient& http, std::chrono::milliseconds period, Servers servers)
    : http_(http), period_(period), servers_(std::move(servers)) {
  thread_ = std::thread([this] { run(); });
}

PlayerReporter::~PlayerReporter() { stop(); }

void PlayerReporter::stop() {
  {
    std::lock_guard lock(wake_mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PlayerReporter::run() {
  const auto pause = std::min(period_, kLongestCheck);
  std::unique_lock lock(wake_mutex_);
  while (!wake_.wait_for(lock, pause, [this] { return stopping_; })) {
    lock.unlock();
    try {
      check_now();
    } catch (const std::exception& error) {
      spdlog::warn("sim cloud: reporting players failed: {}", error.what());
    }
    lock.lock();
  }
}

int PlayerReporter::check_now() {
  std::lock_guard serial(check_mutex_);
  const auto now = std::chrono::steady_clock::now();
  std::map<std::string, Reported> still;
  int sent = 0;
  for (const auto& server : servers_()) {
    if (server.portal_key.empty() || server.portal_url.empty()) continue;
    std::set<std::string> ids;
    for (const auto& human : server.humans) ids.insert(human.steam_id);
    Reported last;
    if (const auto found = reported_.find(server.instance_id); found != reported_.end()) last = found->second;
    // As the plugin: someone joined (the set changed), or a period passed with players on.
    const bool joined = !std::includes(last.steam_ids.begin(), last.steam_ids.end(), ids.begin(), ids.end());
    const bool due = !ids.empty() && now - last.at >= period_;
    if (joined || due) {
      std::string url = server.portal_url;
      while (url.ends_with('/')) url.pop_back();
      auto answer = http_.post_json(url + "/api/plugin/rental/players", players_report_json(server.humans),
                                    {{"Authorization", "Bearer " + server.portal_key}}, std::chrono::seconds(10));
      // Tried once, as the plugin does: the next attempt waits for a join or the period.
      last = Reported{ids, now};
      if (answer && answer->status < 300) {
        ++sent;
      } else {
        spdlog::warn("sim cloud: the player report of {} failed: {}", server.instance_id,
                     answer ? std::to_string(answer->status) + " " + answer->body : answer.error().message);
      }
    }
    still[server.instance_id] = std::move(last);
  }
  reported_ = std::move(still);
  return sent;
}

}  // namespace portal::sim::cloud
