#pragma once
// The changing state of one simulated server: who is connected, which map, which passwords.
// Simulated time only moves through advance(), so tests step it directly and the cluster's timer
// can run it faster than real time. Every member is thread-safe.

#include "integrations/a2s/a2s_types.hpp"
#include "sim/cs2/sim_spec.hpp"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim {

struct SimPlayer {
  int id = 0;  // the slot id `status` prints
  std::string name;
  std::chrono::milliseconds joined{0};  // simulated time
  std::int32_t score = 0;
  int ping = 0;
  std::string address;  // ip:port; empty for bots
  bool bot = false;
  std::string steam_id;  // humans: a SteamID64 that follows from the name (sim_steam_id); empty for bots
};

// The stand-in's SteamID64 of a player name: the same name is the same account on every simulated
// server and boot (a past teammate comes back as one), 76561198000000000 plus a hash of the name.
std::string sim_steam_id(std::string_view name);

struct SimSnapshot {
  std::string name, map, join_password;
  int max_players = 0;
  bool offline = false;
  std::chrono::milliseconds now{0};  // simulated time
  std::vector<SimPlayer> humans;
  std::vector<SimPlayer> bots;
  std::vector<std::string> admins;  // SteamID64s, in the order they were added
  std::vector<std::string> said;    // the last kSaidKept `say` messages, oldest first

  int player_count() const { return static_cast<int>(humans.size() + bots.size()); }
};

class SimState {
 public:
  SimState(const SimServerSpec& spec, unsigned seed);

  // Moves simulated time on: players join and leave (spec.churn per minute), scores grow, pings
  // jitter, the map rotates every spec.map_period.
  void advance(std::chrono::milliseconds elapsed);

  SimSnapshot snapshot() const;
  // A2S_INFO as stock CS2 fills it; game_port goes into the EDF.
  a2s::Info info(std::uint16_t game_port) const;
  // A2S_PLAYER entries: humans then bots; empty names and zero scores unless spec.names_in_a2s.
  std::vector<a2s::Player> a2s_players() const;

  const SimServerSpec& spec() const { return spec_; }  // the fixed parts only
  bool offline() const;
  void set_offline(bool offline);
  void set_join_password(std::string password);
  void set_hostname(std::string name);
  void change_map(std::string map);
  // The admin plugin's list: adding a present id or removing an absent one changes nothing.
  void add_admin(std::string steam_id);
  bool remove_admin(const std::string& steam_id);
  void set_admins(std::vector<std::string> steam_ids);
  // A human joins by name (a private server's team arriving; demo and tests): their SteamID64, or
  // empty when the server is full.
  std::string join(std::string name);
  // A `say` from the console, kept so tests and the demo can see the warnings the portal sent.
  void record_say(std::string text);
  static constexpr std::size_t kSaidKept = 50;

 private:
  void join_locked();
  void leave_locked();
  void refill_bots_locked();
  std::string fresh_name_locked(bool bot);

  const SimServerSpec spec_;
  mutable std::mutex mutex_;
  std::mt19937 rng_;
  std::string name_, map_, join_password_;
  bool offline_ = false;
  std::chrono::milliseconds now_{0};
  std::chrono::milliseconds on_map_{0};
  std::size_t map_index_ = 0;
  int next_id_ = 2;  // CS2 numbers slots from 0; 0 and 1 look like the listen/SourceTV slots
  std::vector<SimPlayer> humans_;
  std::vector<SimPlayer> bots_;
  std::vector<std::string> admins_;
  std::vector<std::string> said_;
};

}  // namespace portal::sim
