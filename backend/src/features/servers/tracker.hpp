#pragma once
// The live state of every server between cycles: counts consecutive misses (a server shows offline
// only after `offline_after_misses` unanswered cycles, and keeps its last data until then), and lets a
// fresh plugin push win over A2S/RCON. Thread-safe: the refresher and plugin pushes both feed it.

#include "features/servers/game_server.hpp"
#include "features/servers/live_source.hpp"
#include "features/servers/snapshot.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace portal::servers {

struct PluginPush {
  std::string map;
  int max_players = 0;
  std::vector<LivePlayer> players;
};

struct TrackerOptions {
  int offline_after_misses = 3;
  std::chrono::seconds plugin_fresh{30};
};

class Tracker {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Tracker(TrackerOptions options) : options_(options) {}

  // `readings[i]` belongs to `servers[i]`. Servers no longer listed are forgotten.
  std::shared_ptr<const Snapshot> apply_cycle(const std::vector<GameServer>& servers,
                                              const std::vector<LiveReading>& readings, Clock::time_point now);
  std::shared_ptr<const Snapshot> apply_push(std::int64_t server_id, PluginPush push, Clock::time_point now);

 private:
  struct State {
    LiveReading last;  // the last answered reading
    int misses = 0;
    bool ever_answered = false;
    std::optional<PluginPush> push;
    Clock::time_point push_at;
  };
  ServerView view_of(const GameServer& server, const State& state, Clock::time_point now) const;
  std::shared_ptr<const Snapshot> rebuild(Clock::time_point now) const;

  TrackerOptions options_;
  mutable std::mutex mutex_;
  std::vector<GameServer> servers_;
  std::map<std::int64_t, State> states_;
};

}  // namespace portal::servers
