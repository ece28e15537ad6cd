#include "integrations/payments/wechat/rfc3339.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace portal::payments {

namespace {

bool digits(std::string_view text, std::size_t at, std::size_t count, int& out) {
  if (at + count > text.size()) return false;
  out = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    out = out * 10 + (text[i] - '0');
  }
  return true;
}

}  // namespace

std::string rfc3339_with_offset(std::int64_t unix_seconds, int offset_minutes) {
  using namespace std::chrono;
  const sys_seconds local{seconds{unix_seconds + std::int64_t{offset_minutes} * 60}};
  const auto day = floor<days>(local);
  const year_month_day date{day};
  const hh_mm_ss time{local - day};
  const int offset = std::abs(offset_minutes);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d%c%02d:%02d", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()), offset_minutes < 0 ? '-' : '+', offset / 60, offset % 60);
  return text;
}

std::optional<std::int64_t> parse_rfc3339(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!digits(text, 0, 4, year) || text.size() < 19 || text[4] != '-' || !digits(text, 5, 2, month) || text[7] != '-' ||
      !digits(text, 8, 2, day) || (text[10] != 'T' && text[10] != 't') || !digits(text, 11, 2, hour) ||
      text[13] != ':' || !digits(text, 14, 2, minute) || text[16] != ':' || !digits(text, 17, 2, second)) {
    return std::nullopt;
  }
  std::size_t at = 19;
  if (at < text.size() && text[at] == '.') {
    ++at;
    const std::size_t first = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    if (at == first) return std::nullopt;
  }
  if (at >= text.size()) return std::nullopt;
  int offset_minutes = 0;
  if (text[at] == 'Z' || text[at] == 'z') {
    if (at + 1 != text.size()) return std::nullopt;
  } else if (text[at] == '+' || text[at] == '-') {
    int offset_hours = 0, offset_mins = 0;
    if (at + 6 != text.size() || !digits(text, at + 1, 2, offset_hours) || text[at + 3] != ':' ||
        !digits(text, at + 4, 2, offset_mins) || offset_hours > 23 || offset_mins > 59) {
      return std::nullopt;
    }
    offset_minutes = (offset_hours * 60 + offset_mins) * (text[at] == '-' ? -1 : 1);
  } else {
    return std::nullopt;
  }
  using namespace std::chrono;
  const year_month_day date{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(month)},
                            std::chrono::day{static_cast<unsigned>(day)}};
  // 60 allows a leap second as RFC 3339 does; it reads as the next second's start.
  if (!date.ok() || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  const auto local = sys_days{date}.time_since_epoch() + hours{hour} + minutes{minute} + seconds{second};
  return duration_cast<seconds>(local).count() - std::int64_t{offset_minutes} * 60;
}

}  // namespace portal::payments
