#pragma once
// The day, the start instant and the member the membership tests share.

#include <cstdint>
#include <string>

namespace portal::auth {

inline constexpr std::int64_t kDay = 86400;
inline constexpr std::int64_t kStart = 1738339200;  // 2025-01-31T16:00:00Z = 2025-02-01 00:00 GMT+8
inline const std::string kAlice = "76561198000000001";

}  // namespace portal::auth
