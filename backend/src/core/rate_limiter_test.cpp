#include "core/rate_limiter.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

using namespace std::chrono_literals;
const RateLimiter::Clock::time_point t0{};

TEST(RateLimiter, AllowsTheBurstThenRefusesWithTheWaitForOneUnit) {
  RateLimiter limiter;
  const RateLimit limit{3, 60s};
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(limiter.acquire("a", limit, t0 + 1s)) << i;
  const auto wait = limiter.acquire("a", limit, t0 + 1s);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 20s);  // 3 units per 60 s: one back every 20 s
  EXPECT_FALSE(limiter.acquire("b", limit, t0 + 1s)) << "keys are independent";
}

TEST(RateLimiter, EarnsUnitsBackOverTheWindow) {
  RateLimiter limiter;
  const RateLimit limit{2, 10s};
  EXPECT_FALSE(limiter.acquire("k", limit, t0));
  EXPECT_FALSE(limiter.acquire("k", limit, t0));
  EXPECT_TRUE(limiter.acquire("k", limit, t0 + 4s));
  EXPECT_FALSE(limiter.acquire("k", limit, t0 + 5s));
  EXPECT_TRUE(limiter.acquire("k", limit, t0 + 5s));
  EXPECT_FALSE(limiter.acquire("k", limit, t0 + 60s));
}

TEST(RateLimiter, CheckDoesNotSpendAndResetRestores) {
  RateLimiter limiter;
  const RateLimit limit{1, 60s};
  EXPECT_FALSE(limiter.check("k", limit, t0));
  EXPECT_FALSE(limiter.check("k", limit, t0));
  EXPECT_FALSE(limiter.acquire("k", limit, t0));
  EXPECT_TRUE(limiter.check("k", limit, t0));
  limiter.reset("k");
  EXPECT_FALSE(limiter.check("k", limit, t0));
}

TEST(RateLimiter, StaysBoundedUnderAKeyFlood) {
  RateLimiter limiter(100);
  const RateLimit limit{1, 3600s};
  for (int i = 0; i < 1000; ++i) limiter.acquire("k" + std::to_string(i), limit, t0 + std::chrono::seconds(i));
  // The newest key is still limited: it was not dropped by the pruning.
  EXPECT_TRUE(limiter.acquire("k999", limit, t0 + 1000s));
}

}  // namespace
}  // namespace portal::core
