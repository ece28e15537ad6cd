#include "core/steam_id.hpp"

namespace portal::core {

namespace {
constexpr std::size_t kSteamId64Digits = 17;
}

bool is_steam_id64(std::uint64_t id) {
  // A prefix check on "7656119" would accept other instances, which Steam resolves to the same
  // account: the duplicate-account trick the high-bits check closes.
  return (id >> 32) == kSteamId64UserHighBits && steam_account_id(id) >= 1;
}

std::optional<std::uint64_t> parse_steam_id64(std::string_view text) {
  if (text.size() != kSteamId64Digits) return std::nullopt;
  std::uint64_t id = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    // 17 digits stay below 10^17 < 2^64: no overflow is possible.
    id = id * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (!is_steam_id64(id)) return std::nullopt;
  return id;
}

bool is_steam_id64(std::string_view text) { return parse_steam_id64(text).has_value(); }

std::uint32_t steam_account_id(std::uint64_t steam_id64) {
  return static_cast<std::uint32_t>(steam_id64 & 0xFFFFFFFFULL);
}

std::string steam_id_account_text(std::uint64_t steam_id64) {
  return "[U:1:" + std::to_string(steam_account_id(steam_id64)) + "]";
}

}  // namespace portal::core
