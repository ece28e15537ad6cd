#include "core/iso_time.hpp"

#include <chrono>
#include <cstdio>

namespace portal::core {

std::string iso_utc(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const sys_seconds at{seconds{unix_seconds}};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss time{at - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()));
  return text;
}

}  // namespace portal::core
