#pragma once
// What the portal plugin of a rented server does with its players (deploy/cloud/portal-plugin), done
// by the stand-in for its simulated servers: every running machine whose user data carries a portal
// key reports the humans on its game server to <portal_url>/api/plugin/rental/players with that key,
// soon after someone joins and every `period` (60 s by default, as the plugin). One background
// thread for all machines; a machine that stops is no longer listed, so its reports stop with it.

#include "integrations/http/http_client.hpp"
#include "sim/cs2/sim_state.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace portal::sim::cloud {

struct ReportingServer {
  std::string instance_id;
  std::string portal_url;  // from the bootstrap settings, no trailing slash needed
  std::string portal_key;
  std::vector<SimPlayer> humans;
};

// The body the plugin posts: {"players":[{"steamid","name"}]}, at most 64 of them.
std::string players_report_json(const std::vector<SimPlayer>& humans);

class PlayerReporter {
 public:
  using Servers = std::function<std::vector<ReportingServer>()>;

  // Starts the thread. `servers` is called on it, once per check (at most every second).
  PlayerReporter(integrations::HttpClient& http, std::chrono::milliseconds period, Servers servers);
  ~PlayerReporter();
  PlayerReporter(const PlayerReporter&) = delete;
  PlayerReporter& operator=(const PlayerReporter&) = delete;

  void stop();  // joins the thread; idempotent
  // One check on the caller's thread: the reports it sent.
  int check_now();

 private:
  struct Reported {
    std::set<std::string> steam_ids;
    std::chrono::steady_clock::time_point at;
  };
  void run();

  integrations::HttpClient& http_;
  const std::chrono::milliseconds period_;
  Servers servers_;
  std::mutex check_mutex_;  // one check at a time; guards reported_
  std::map<std::string, Reported> reported_;
  std::mutex wake_mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace portal::sim::cloud
