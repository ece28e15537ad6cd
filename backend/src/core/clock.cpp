#include "core/clock.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>

namespace portal::core {

std::int64_t system_unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string business_date(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const sys_seconds local{seconds{unix_seconds + kBusinessUtcOffsetSeconds}};
  const year_month_day date{floor<days>(local)};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                static_cast<unsigned>(date.day()));
  return text;
}

std::optional<std::int64_t> business_midnight(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  auto number = [&](std::size_t at, std::size_t length) -> std::optional<int> {
    int value = 0;
    const char* first = text.data() + at;
    const char* last = first + length;
    for (const char* c = first; c != last; ++c) {
      if (*c < '0' || *c > '9') return std::nullopt;
    }
    std::from_chars(first, last, value);
    return value;
  };
  const auto y = number(0, 4), m = number(5, 2), d = number(8, 2);
  if (!y || !m || !d) return std::nullopt;
  using namespace std::chrono;
  const year_month_day date{year{*y}, month{static_cast<unsigned>(*m)}, day{static_cast<unsigned>(*d)}};
  if (!date.ok() || *y < 1970) return std::nullopt;
  return sys_days{date}.time_since_epoch().count() * kSecondsPerDay - kBusinessUtcOffsetSeconds;
}

}  // namespace portal::core
