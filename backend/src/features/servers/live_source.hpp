#pragma once
// Where live data of game servers comes from, seen from the feature: one call per refresh cycle
// that reads every target concurrently and returns within its time bound. The real source combines
// A2S and RCON (live_reader.cpp); tests substitute their own.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::servers {

struct ProbeTarget {
  std::int64_t server_id = 0;
  std::string ip;
  int port = 0;
  std::string rcon_password;  // empty: names from A2S_PLAYER
};

struct LivePlayer {
  std::string name;
  double seconds = 0;  // time on the server
};

struct LiveReading {
  bool answered = false;
  std::string map;
  int players = 0;
  int max_players = 0;
  int bots = 0;
  bool has_player_list = false;
  std::vector<LivePlayer> player_list;
  // The portal's A2S round trip to the server in ms (the shortest of the cycle), when it answered.
  std::optional<int> ping_ms;
};

class LiveSource {
 public:
  virtual ~LiveSource() = default;
  // One reading per target, in the same order.
  virtual std::vector<LiveReading> read(const std::vector<ProbeTarget>& targets) = 0;
};

}  // namespace portal::servers
