#include "integrations/payments/wechat/rfc3339.hpp"

#include <gtest/gtest.h>

namespace portal::payments {
namespace {

TEST(Rfc3339, FormatsChinaTimeWithItsOffset) {
  // 2026-01-01T12:00:00Z is 20:00 in China.
  EXPECT_EQ(rfc3339_with_offset(1767268800, 480), "2026-01-01T20:00:00+08:00");
  EXPECT_EQ(rfc3339_with_offset(1767268800 + 12 * 3600, 480), "2026-01-02T08:00:00+08:00");
  EXPECT_EQ(rfc3339_with_offset(1767268800, 0), "2026-01-01T12:00:00+00:00");
  EXPECT_EQ(rfc3339_with_offset(1767268800, -300), "2026-01-01T07:00:00-05:00");
}

TEST(Rfc3339, ParsesOffsetsUtcAndFractions) {
  EXPECT_EQ(parse_rfc3339("2026-01-01T20:00:00+08:00"), 1767268800);
  EXPECT_EQ(parse_rfc3339("2026-01-01T12:00:00Z"), 1767268800);
  EXPECT_EQ(parse_rfc3339("2026-01-01T12:00:00.123Z"), 1767268800);
  EXPECT_EQ(parse_rfc3339("2026-01-01T07:00:00-05:00"), 1767268800);
  EXPECT_EQ(parse_rfc3339("2016-02-18T20:01:35Z"), 1455825695);
}

TEST(Rfc3339, RefusesWhatIsNotAnInstant) {
  for (const char* bad : {"", "2026-01-01", "2026-01-01T12:00:00", "2026-13-01T12:00:00Z", "2026-02-30T12:00:00Z",
                          "2026-01-01T24:00:00Z", "2026-01-01T12:00:00+8:00", "2026-01-01T12:00:00Zx",
                          "2026-01-01 12:00:00Z", "2026-01-01T12:00:00.Z", "2026-01-01T12:00:00+08:00 "}) {
    EXPECT_FALSE(parse_rfc3339(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace portal::payments
