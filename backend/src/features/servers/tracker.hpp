#pragma once
// The live state of every server between cycles: counts consecutive misses (a server shows offline
// only after `offline_after_misses` unanswered cycles, and keeps its last data until then), and lets a
// fresh plugin push win over A2S/RCON. Thread-safe: the refresher and plugin pushes both feed it.
//
// With several instances (live_state.hpp) only the one leading the refresh job tracks the servers. The
// others adopt the list it shares, and a plugin push they receive is laid over that list until the
// next shared list (which includes the push) replaces it.

#include "features/servers/game_server.hpp"
#include "features/servers/live_source.hpp"
#include "features/servers/snapshot.hpp"

#include <chrono>
#include <functional>
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
  std::vector<std::string> steam_ids;  // the players' SteamID64s where the plugin sent them
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
  // A push received by this instance; tells the push listener (to share it with other instances).
  std::shared_ptr<const Snapshot> apply_push(std::int64_t server_id, PluginPush push, Clock::time_point now);

  // A push another instance received (read from the database), made at `at`: kept unless the one
  // already known is newer. The next apply_cycle shows it.
  void note_push(std::int64_t server_id, PluginPush push, Clock::time_point at);
  // Whether this instance reads the servers itself (the default: one instance) or follows the list
  // another instance shares.
  void set_leading(bool leading);
  bool leading() const;
  // Follower: the shared list, as served until the next one. Null (nothing adopted) while leading.
  std::shared_ptr<const Snapshot> adopt(std::vector<ServerView> views);
  // Called (outside the lock) with every push apply_push receives.
  void on_push(std::function<void(std::int64_t server_id, const PluginPush& push)> listener);

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
  bool leading_ = true;
  std::vector<ServerView> adopted_;  // follower: the shared list, with pushes received here laid over it
  std::function<void(std::int64_t, const PluginPush&)> push_listener_;
  std::vector<GameServer> servers_;
  std::map<std::int64_t, State> states_;
};

}  // namespace portal::servers
