#pragma once
// The small formats the three providers share or differ in: amounts as decimal text, their date
// styles (Alipay's "yyyy-MM-dd HH:mm:ss" and WeChat's RFC 3339, both in GMT+8), and the random
// identifiers they hand out.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::payments {

// 3000 -> "30.00" (two decimals, as Alipay and PayPal write CNY and USD).
std::string format_minor(std::int64_t minor);
// "30", "30.0", "30.00" -> 3000; nullopt for anything else (signs, more than two decimals, junk).
std::optional<std::int64_t> parse_major(std::string_view text);

std::string alipay_time(std::int64_t unix_seconds);                    // "2026-01-01 20:00:00" (GMT+8)
std::optional<std::int64_t> parse_alipay_time(std::string_view text);  // the inverse; nullopt when malformed
std::string rfc3339_cst(std::int64_t unix_seconds);                    // "2026-01-01T20:00:00+08:00"

std::string random_digits(std::size_t count);
std::string random_alnum_upper(std::size_t count);  // 0-9A-Z, as PayPal ids
std::string random_uuid();                          // 8-4-4-4-12 lower-case hex

}  // namespace portal::sim::payments
