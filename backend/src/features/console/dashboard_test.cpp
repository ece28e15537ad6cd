#include "features/console/dashboard.hpp"

#include <gtest/gtest.h>

namespace portal::console {
namespace {

// 2026-11-24T16:00:00Z is 2026-11-25 00:00 in GMT+8.
constexpr std::int64_t kMidnightGmt8 = 1'795'536'000;

TEST(Dashboard, DaysAndMonthsAreCountedInGmt8) {
  EXPECT_EQ(business_day_start(kMidnightGmt8), kMidnightGmt8);
  EXPECT_EQ(business_day_start(kMidnightGmt8 - 1), kMidnightGmt8 - 86'400);
  EXPECT_EQ(business_day_start(kMidnightGmt8 + 86'399), kMidnightGmt8);
  // 2026-11-01 00:00 GMT+8 is 2026-10-31T16:00:00Z, 24 days before.
  EXPECT_EQ(business_month_start(kMidnightGmt8), kMidnightGmt8 - 24 * 86'400);
  // 2026-12-01 00:00 GMT+8 starts a month: one second before it is still November.
  const std::int64_t december = kMidnightGmt8 + 6 * 86'400;
  EXPECT_EQ(business_month_start(december), december);
  EXPECT_EQ(business_month_start(december - 1), kMidnightGmt8 - 24 * 86'400);
}

}  // namespace
}  // namespace portal::console
