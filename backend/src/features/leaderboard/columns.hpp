#pragma once
// The counter columns, in the order of Counters' fields, as every leaderboard repository names them.

#include "features/leaderboard/stats.hpp"

#include <array>
#include <string_view>

namespace portal::leaderboard {

inline constexpr const char* kCounterColumns =
    "kills, deaths, headshots, playtime, wins, loses, rifle_kills, awp_kills, pistol_kills, clutches, clutchwins";
inline constexpr int kCounterCount = 11;
inline constexpr std::array<std::string_view, kCounterCount> kCounterColumnNames = {
    "kills",       "deaths",    "headshots",    "playtime", "wins",      "loses",
    "rifle_kills", "awp_kills", "pistol_kills", "clutches", "clutchwins"};

// Counters' fields in the order of kCounterColumns.
inline std::array<std::int64_t*, kCounterCount> counter_fields(Counters& c) {
  return {&c.kills,       &c.deaths,    &c.headshots,    &c.playtime, &c.wins,      &c.loses,
          &c.rifle_kills, &c.awp_kills, &c.pistol_kills, &c.clutches, &c.clutchwins};
}

inline std::array<const std::int64_t*, kCounterCount> counter_fields(const Counters& c) {
  return {&c.kills,       &c.deaths,    &c.headshots,    &c.playtime, &c.wins,      &c.loses,
          &c.rifle_kills, &c.awp_kills, &c.pistol_kills, &c.clutches, &c.clutchwins};
}

}  // namespace portal::leaderboard
