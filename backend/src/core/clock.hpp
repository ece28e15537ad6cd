#pragma once
// Time as services and jobs read it: unix seconds through an injectable clock (tests hand a
// ManualClock and move it, so no test sleeps real seconds to see an expiry), and the community's
// business timezone, GMT+8 with no daylight saving, for dates shown to people.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

// Unix seconds now. Services take one of these in their Deps (`std::function<std::int64_t()> now`).
using UnixClock = std::function<std::int64_t()>;

std::int64_t system_unix_now();

// A clock a test sets and moves; copies of clock() read the same time. Thread-safe.
class ManualClock {
 public:
  explicit ManualClock(std::int64_t start = 1'800'000'000) : now_(start) {}
  std::int64_t now() const { return now_.load(); }
  void set(std::int64_t unix_seconds) { now_.store(unix_seconds); }
  void advance(std::int64_t seconds) { now_.fetch_add(seconds); }
  UnixClock clock() const {
    return [this] { return now(); };
  }

 private:
  std::atomic<std::int64_t> now_;
};

// Whole milliseconds since `start` on the steady clock: how long a job or one of its steps took.
inline std::chrono::milliseconds elapsed_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
}

inline constexpr std::int64_t kSecondsPerDay = 86400;
// GMT+8: the community's business timezone.
inline constexpr std::int64_t kBusinessUtcOffsetSeconds = 8 * 3600;

// "YYYY-MM-DD" of the instant in GMT+8.
std::string business_date(std::int64_t unix_seconds);
// Midnight GMT+8 of a "YYYY-MM-DD" date, in unix seconds; nullopt when the text is not such a date
// (or is before 1970).
std::optional<std::int64_t> business_midnight(std::string_view date);

}  // namespace portal::core
