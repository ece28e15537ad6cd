#pragma once
// The counter columns, in the order of Counters' fields, as every leaderboard repository names them.

namespace portal::leaderboard {

inline constexpr const char* kCounterColumns =
    "kills, deaths, headshots, playtime, wins, loses, rifle_kills, awp_kills, pistol_kills, clutches, clutchwins";
inline constexpr int kCounterCount = 11;

}  // namespace portal::leaderboard
