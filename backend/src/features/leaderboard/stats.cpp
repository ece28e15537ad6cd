#include "features/leaderboard/stats.hpp"

#include <tuple>

namespace portal::leaderboard {

Counters& Counters::operator+=(const Counters& other) {
  kills += other.kills;
  deaths += other.deaths;
  headshots += other.headshots;
  playtime += other.playtime;
  wins += other.wins;
  loses += other.loses;
  rifle_kills += other.rifle_kills;
  awp_kills += other.awp_kills;
  pistol_kills += other.pistol_kills;
  clutches += other.clutches;
  clutchwins += other.clutchwins;
  return *this;
}

bool ranks_above(const PlayerStats& a, const PlayerStats& b) {
  // SteamID64s are 17 digits, so comparing the text compares the numbers.
  return std::tuple(-a.counters.kills, a.counters.deaths, a.steam_id) <
         std::tuple(-b.counters.kills, b.counters.deaths, b.steam_id);
}

}  // namespace portal::leaderboard
