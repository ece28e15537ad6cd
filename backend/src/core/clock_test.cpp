// The business timezone (GMT+8) both ways, and the manual clock tests move.

#include "core/clock.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(BusinessTime, DatesAreGmtPlusEight) {
  EXPECT_EQ(business_date(0), "1970-01-01");
  EXPECT_EQ(business_date(16 * 3600 - 1), "1970-01-01") << "23:59:59 in GMT+8";
  EXPECT_EQ(business_date(16 * 3600), "1970-01-02");
  EXPECT_EQ(business_date(1'767'196'800), "2026-01-01") << "2025-12-31T16:00:00Z";
}

TEST(BusinessTime, MidnightOfADateRoundTrips) {
  ASSERT_TRUE(business_midnight("2026-01-01"));
  EXPECT_EQ(*business_midnight("2026-01-01"), 1'767'196'800);
  EXPECT_EQ(business_date(*business_midnight("2024-02-29")), "2024-02-29");
  for (const char* bad : {"2026-02-30", "2026-1-01", "20260101", "1969-12-31", "2026-13-01", "abcd-ef-gh", ""}) {
    EXPECT_FALSE(business_midnight(bad)) << bad;
  }
}

TEST(ManualClockTest, MovesOnlyWhenTold) {
  ManualClock manual(100);
  const UnixClock clock = manual.clock();
  EXPECT_EQ(clock(), 100);
  manual.advance(60);
  EXPECT_EQ(clock(), 160);
  manual.set(5);
  EXPECT_EQ(clock(), 5);
  EXPECT_GT(system_unix_now(), 1'700'000'000);
}

}  // namespace
}  // namespace portal::core
