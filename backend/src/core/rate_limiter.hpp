#pragma once
// Token buckets keyed by a string (an address, an e-mail, a policy name plus either). Each key may
// spend `limit.max` units at once and earns them back evenly over `limit.window`. Memory is bounded:
// full buckets are forgotten when the table grows past `max_keys`. No I/O; thread-safe.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace portal::core {

struct RateLimit {
  int max = 10;
  std::chrono::seconds window{60};
};

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RateLimiter(std::size_t max_keys = 100000) : max_keys_(max_keys) {}

  // Takes one unit. nullopt when allowed; otherwise how long until one unit is back.
  std::optional<std::chrono::seconds> acquire(const std::string& key, RateLimit limit,
                                              Clock::time_point now = Clock::now());
  // Whether one unit is available, without taking it (for counting only failures).
  std::optional<std::chrono::seconds> check(const std::string& key, RateLimit limit,
                                            Clock::time_point now = Clock::now());
  // Gives the key its full allowance back (e.g. after a successful login).
  void reset(const std::string& key);

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
  };
  Bucket& refill(const std::string& key, RateLimit limit, Clock::time_point now);
  static std::chrono::seconds wait_for_one(const Bucket& bucket, RateLimit limit);
  void prune(Clock::time_point now, RateLimit limit);

  std::size_t max_keys_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace portal::core
