#pragma once
// The rules of spec 001 sections 4, 5 and 9 that the server enforces, as pure functions: what a
// server name, a join password and an admin list may be, when a server is expired, the GMT+8 day of
// the region-switch limit, and the status the web shows for a server.

#include "core/result.hpp"
#include "features/pracc/rental_server.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::pracc {

inline constexpr std::size_t kNameMaxChars = 16;
inline constexpr std::size_t kPasswordMaxChars = 16;
inline constexpr std::size_t kMaxAdmins = 7;
inline constexpr std::size_t kNoteMaxChars = 20;
inline constexpr int kSwitchesPerDay = 2;
inline constexpr std::int64_t kRestartLockSeconds = 40;
inline constexpr std::int64_t kGmt8OffsetSeconds = 8 * 3600;

// Each answers the trimmed value, or VALIDATION_FAILED with details.field and details.key (the
// spec's message key: nameRequired, nameLengthError, nameInvalid, passwordRequired, ...).
core::Result<std::string> checked_server_name(std::string_view text);    // Chinese, letters, digits, spaces
core::Result<std::string> checked_join_password(std::string_view text);  // letters and digits
// 1..7 admins, SteamID64 of 17 digits starting 7656119, notes of at most 20 characters, no id twice.
// details.steamid names the first offending row.
core::Result<std::vector<ServerAdmin>> checked_admins(std::vector<ServerAdmin> admins);

// Expired once the time is past its expiry (spec 001 section 4: "the current time in seconds is past it").
inline bool is_expired(std::int64_t expires_at, std::int64_t now) { return now > expires_at; }

// Whether `phase` is one of `phases`.
inline bool in_phases(Phase phase, const std::vector<Phase>& phases) {
  return std::find(phases.begin(), phases.end(), phase) != phases.end();
}

// The start (unix seconds) of the GMT+8 calendar day that `at` falls in.
std::int64_t gmt8_day_start(std::int64_t at);
// "YYYY-MM-DD HH:MM:SS" in GMT+8: the expiredate the web shows.
std::string gmt8_datetime(std::int64_t at);

// The status of spec 001 section 4 for the web: CREATING, RUNNING, SWITCHING, TERMINATING,
// TERMINATED, or another upper-case word (RESTARTING, UPDATING, VERIFYING, STOPPED, STARTING,
// LAUNCH_FAILED, or the cloud's own state when a running server's instance is not RUNNING).
std::string web_status(const RentalServer& server);

// A server's `reminded`: the notices given (or, like "refunded", still to give), comma separated.
bool has_reminder(std::string_view reminded, std::string_view which);
std::string with_reminder(const std::string& reminded, std::string_view which);
std::string without_reminder(std::string_view reminded, std::string_view which);

}  // namespace portal::pracc
