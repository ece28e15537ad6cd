#include "core/iso_time.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(IsoUtc, FormatsSecondsSinceTheEpochAsUtc) {
  EXPECT_EQ(iso_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(iso_utc(1763712061), "2025-11-21T08:01:01Z");
  EXPECT_EQ(iso_utc(951782400), "2000-02-29T00:00:00Z");  // leap day
  EXPECT_EQ(iso_utc(-1), "1969-12-31T23:59:59Z");
}

}  // namespace
}  // namespace portal::core
