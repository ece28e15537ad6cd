#pragma once
// The instant and the day the leaderboard tests count from.

#include <cstdint>

namespace portal::leaderboard {

inline constexpr std::int64_t kNow = 1767225600;  // 2026-01-01T00:00:00Z
inline constexpr std::int64_t kDay = 86400;

}  // namespace portal::leaderboard
