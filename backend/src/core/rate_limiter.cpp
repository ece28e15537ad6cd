#include "core/rate_limiter.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>
#include <vector>

namespace portal::core {

namespace {

double per_second(RateLimit limit) {
  return static_cast<double>(limit.max) / static_cast<double>(std::max<long long>(1, limit.window.count()));
}

}  // namespace

RateLimiter::Bucket& RateLimiter::refill(const std::string& key, RateLimit limit, Clock::time_point now) {
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_) prune(now, limit);
    return buckets_.emplace(key, Bucket{static_cast<double>(limit.max), now}).first->second;
  }
  Bucket& bucket = it->second;
  const double elapsed = std::chrono::duration<double>(now - bucket.updated).count();
  if (elapsed > 0) {
    bucket.tokens = std::min(static_cast<double>(limit.max), bucket.tokens + elapsed * per_second(limit));
    bucket.updated = now;
  }
  return bucket;
}

std::chrono::seconds RateLimiter::wait_for_one(const Bucket& bucket, RateLimit limit) {
  const double missing = 1.0 - bucket.tokens;
  return std::chrono::seconds(std::max<long long>(1, static_cast<long long>(std::ceil(missing / per_second(limit)))));
}

std::optional<std::chrono::seconds> RateLimiter::acquire(const std::string& key, RateLimit limit,
                                                         Clock::time_point now) {
  std::lock_guard lock(mutex_);
  Bucket& bucket = refill(key, limit, now);
  if (bucket.tokens < 1.0) return wait_for_one(bucket, limit);
  bucket.tokens -= 1.0;
  return std::nullopt;
}

std::optional<std::chrono::seconds> RateLimiter::check(const std::string& key, RateLimit limit, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  Bucket& bucket = refill(key, limit, now);
  if (bucket.tokens < 1.0) return wait_for_one(bucket, limit);
  return std::nullopt;
}

void RateLimiter::reset(const std::string& key) {
  std::lock_guard lock(mutex_);
  buckets_.erase(key);
}

// Called with the lock held. A bucket that has earned everything back holds no information.
void RateLimiter::prune(Clock::time_point now, RateLimit limit) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const double elapsed = std::chrono::duration<double>(now - it->second.updated).count();
    const bool full = it->second.tokens + elapsed * per_second(limit) >= static_cast<double>(limit.max);
    it = full ? buckets_.erase(it) : std::next(it);
  }
  // Still too many (an address-spraying flood): drop the oldest half rather than grow without bound.
  if (buckets_.size() > max_keys_) {
    std::vector<std::pair<Clock::time_point, std::string>> ages;
    ages.reserve(buckets_.size());
    for (const auto& [key, bucket] : buckets_) ages.emplace_back(bucket.updated, key);
    std::nth_element(ages.begin(), ages.begin() + static_cast<std::ptrdiff_t>(ages.size() / 2), ages.end());
    for (std::size_t i = 0; i < ages.size() / 2; ++i) buckets_.erase(ages[i].second);
  }
}

}  // namespace portal::core
