#pragma once
// A player's counters on one board, and the ranking order shared by the ranking job, the tests and
// the documentation.
//
// Order, the same in every mode: more kills first; at equal kills, fewer deaths (the higher K/D, and in
// solo the higher win rate); at equal kills and deaths, the lower SteamID64 (the older account). The
// key is unique per player, so ranks are 1..n with no ties.

#include <cstdint>
#include <string>

namespace portal::leaderboard {

struct Counters {
  std::int64_t kills = 0;
  std::int64_t deaths = 0;
  std::int64_t headshots = 0;
  std::int64_t playtime = 0;  // minutes
  std::int64_t wins = 0;
  std::int64_t loses = 0;
  std::int64_t rifle_kills = 0;
  std::int64_t awp_kills = 0;
  std::int64_t pistol_kills = 0;
  std::int64_t clutches = 0;
  std::int64_t clutchwins = 0;

  Counters& operator+=(const Counters& other);
  friend bool operator==(const Counters&, const Counters&) = default;
};

struct PlayerStats {
  std::string steam_id;  // SteamID64, 17 digits
  Counters counters;
};

// True when a ranks above b.
bool ranks_above(const PlayerStats& a, const PlayerStats& b);

}  // namespace portal::leaderboard
