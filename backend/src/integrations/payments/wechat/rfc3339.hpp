#pragma once
// RFC 3339 instants as the payment providers write them: WeChat Pay wants time_expire in China time
// ("2026-01-01T20:00:00+08:00") and sends success_time the same way; PayPal sends UTC with "Z",
// sometimes with fractions of a second. Kept next to the WeChat adapter, PayPal reads it too.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::payments {

// "YYYY-MM-DDTHH:MM:SS+HH:MM" for an offset east of UTC given in minutes (480 for China).
std::string rfc3339_with_offset(std::int64_t unix_seconds, int offset_minutes);

// Unix seconds of "YYYY-MM-DDTHH:MM:SS[.fraction](Z|z|+HH:MM|-HH:MM)" (fractions dropped); nullopt
// for anything else.
std::optional<std::int64_t> parse_rfc3339(std::string_view text);

}  // namespace portal::payments
