#pragma once
// A leaderboard season: a named span of time whose stats are kept on boards of their own (one per
// mode), next to the all-time boards. At most one season is open (ends_at unset); game-server stats
// go to it and to all time. Times are unix seconds (UTC); the community shows dates in GMT+8.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::leaderboard {

struct Season {
  std::int64_t id = 0;
  std::string name;
  std::int64_t starts_at = 0;
  std::optional<std::int64_t> ends_at;  // nullopt while the season is open

  bool open() const { return !ends_at.has_value(); }
  friend bool operator==(const Season&, const Season&) = default;
};

// Bounds of a season name, counted in Unicode code points after trimming.
inline constexpr std::size_t kSeasonNameMinLength = 1;
inline constexpr std::size_t kSeasonNameMaxLength = 32;

}  // namespace portal::leaderboard
