#include "sim/payments/sandbox_text.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/iso_time.hpp"

#include <cctype>
#include <chrono>
#include <cstdio>

namespace portal::sim::payments {

std::string format_minor(std::int64_t minor) {
  const bool negative = minor < 0;
  const std::uint64_t magnitude = negative ? static_cast<std::uint64_t>(-minor) : static_cast<std::uint64_t>(minor);
  std::string cents = std::to_string(magnitude % 100);
  if (cents.size() < 2) cents.insert(0, "0");
  return (negative ? "-" : "") + std::to_string(magnitude / 100) + "." + cents;
}

std::optional<std::int64_t> parse_major(std::string_view text) {
  const auto dot = text.find('.');
  const auto whole = text.substr(0, dot);
  const auto fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 12 || fraction.size() > 2) return std::nullopt;
  if (dot != std::string_view::npos && fraction.empty()) return std::nullopt;
  std::int64_t value = 0;
  for (char c : whole) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  std::int64_t cents = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    const char c = i < fraction.size() ? fraction[i] : '0';
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    cents = cents * 10 + (c - '0');
  }
  return value * 100 + cents;
}

std::string alipay_time(std::int64_t unix_seconds) {
  auto text = core::iso_utc(unix_seconds + core::kBusinessUtcOffsetSeconds);  // 2026-01-01T20:00:00Z
  text[10] = ' ';
  text.pop_back();
  return text;
}

std::optional<std::int64_t> parse_alipay_time(std::string_view text) {
  int year_value = 0;
  unsigned month_value = 0, day_value = 0;
  int hours = 0, minutes = 0, seconds = 0;
  const std::string copy(text);
  if (std::sscanf(copy.c_str(), "%4d-%2u-%2u %2d:%2d:%2d", &year_value, &month_value, &day_value, &hours, &minutes,
                  &seconds) != 6) {
    return std::nullopt;
  }
  using namespace std::chrono;
  const year_month_day date{year{year_value}, month{month_value}, day{day_value}};
  if (!date.ok()) return std::nullopt;
  const auto midnight = sys_days{date}.time_since_epoch();
  return duration_cast<std::chrono::seconds>(midnight).count() + hours * 3600 + minutes * 60 + seconds -
         core::kBusinessUtcOffsetSeconds;
}

std::string rfc3339_cst(std::int64_t unix_seconds) {
  auto text = core::iso_utc(unix_seconds + core::kBusinessUtcOffsetSeconds);
  text.pop_back();
  return text + "+08:00";
}

namespace {

std::string from_alphabet(std::size_t count, std::string_view alphabet) {
  const std::string random = core::random_token(count);  // hex: two characters per byte
  std::string out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto byte = std::stoul(random.substr(i * 2, 2), nullptr, 16);
    out += alphabet[byte % alphabet.size()];
  }
  return out;
}

}  // namespace

std::string random_digits(std::size_t count) { return from_alphabet(count, "0123456789"); }
std::string random_alnum_upper(std::size_t count) {
  return from_alphabet(count, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
}

std::string random_uuid() {
  const std::string hex = core::random_token(16);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20, 12);
}

}  // namespace portal::sim::payments
