#pragma once
// SteamID64 of an individual Steam account (reference/protocols.md section 4). Every SteamID that
// enters the system (OpenID result, typed input, dev provider) passes through parse_steam_id64, so
// instance-variant aliases of one account can never become two portal users.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

// Universe 1 (public), type 1 (individual), instance 1 (desktop), account id 0.
inline constexpr std::uint64_t kSteamId64Base = 0x0110000100000000ULL;  // 76561197960265728
inline constexpr std::uint64_t kSteamId64UserHighBits = 0x01100001ULL;

// The id when `text` is exactly 17 decimal digits whose value has the individual-user high bits
// 0x01100001 and an account id of at least 1 (76561197960265729 ... 76561202255233023).
std::optional<std::uint64_t> parse_steam_id64(std::string_view text);
bool is_steam_id64(std::string_view text);
bool is_steam_id64(std::uint64_t id);

// The low 32 bits: the account id that games print (e.g. in RCON `status`).
std::uint32_t steam_account_id(std::uint64_t steam_id64);
// "[U:1:<account id>]", the form CS2 prints.
std::string steam_id_account_text(std::uint64_t steam_id64);

}  // namespace portal::core
