#pragma once
// The counter columns, in the order of Counters' fields, as every leaderboard repository names them.

#include "features/leaderboard/stats.hpp"

#include <array>
#include <concepts>
#include <string_view>
#include <type_traits>

namespace portal::leaderboard {

inline constexpr const char* kCounterColumns =
    "kills, deaths, headshots, playtime, wins, loses, rifle_kills, awp_kills, pistol_kills, clutches, clutchwins";
inline constexpr int kCounterCount = 11;
inline constexpr std::array<std::string_view, kCounterCount> kCounterColumnNames = {
    "kills",       "deaths",    "headshots",    "playtime", "wins",      "loses",
    "rifle_kills", "awp_kills", "pistol_kills", "clutches", "clutchwins"};

// Counters' fields in the order of kCounterColumns: pointers to const for a const Counters.
template <typename C>
requires std::same_as<std::remove_const_t<C>, Counters>
inline auto counter_fields(C& c) {
  return std::array<decltype(&c.kills), kCounterCount>{&c.kills,        &c.deaths,   &c.headshots,   &c.playtime,
                                                       &c.wins,         &c.loses,    &c.rifle_kills, &c.awp_kills,
                                                       &c.pistol_kills, &c.clutches, &c.clutchwins};
}

}  // namespace portal::leaderboard
