#pragma once
// The instant the inventory tests run at.

#include <cstdint>

namespace portal::inventory {

inline constexpr std::int64_t kNow = 1'800'000'000;

}  // namespace portal::inventory
