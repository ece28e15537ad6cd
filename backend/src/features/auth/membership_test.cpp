// The membership value types: tier names, the GMT+8 business date, and picking the tier an account shows.

#include "features/auth/membership_service.hpp"
#include "features/auth/membership_values_for_test.hpp"

#include <gtest/gtest.h>

namespace portal::auth {
namespace {

TEST(MembershipTypes, TierNamesRoundTrip) {
  for (Tier tier : {Tier::vip, Tier::pro, Tier::kol, Tier::op}) EXPECT_EQ(tier_from_string(to_string(tier)), tier);
  EXPECT_EQ(to_string(Tier::none), "none");
  EXPECT_FALSE(tier_from_string("none"));
  EXPECT_FALSE(tier_from_string("OP"));
  EXPECT_FALSE(tier_from_string("admin"));
  EXPECT_TRUE(is_granted_group(Tier::kol));
  EXPECT_FALSE(is_granted_group(Tier::vip));
}

TEST(MembershipTypes, BusinessDateIsTheDateInGmtPlus8) {
  EXPECT_EQ(business_date(kStart), "2025-02-01");
  EXPECT_EQ(business_date(kStart - 1), "2025-01-31");  // 23:59:59 GMT+8
  EXPECT_EQ(business_date(0), "1970-01-01");
  EXPECT_EQ(business_date(951782400), "2000-02-29");   // 2000-02-29T00:00:00Z, 08:00 GMT+8
  EXPECT_EQ(business_date(1709222400), "2024-03-01");  // 2024-02-29T16:00:00Z = 2024-03-01 00:00 GMT+8
  EXPECT_EQ(business_date(1709222400 - 1), "2024-02-29");
}

TEST(MembershipTypes, MakeStatusPicksTheHighestActiveTier) {
  auto status = make_status(kAlice, {{Tier::pro, kStart + 10}, {Tier::op, kStart}, {Tier::kol, std::nullopt}},
                            kStart + 5, kStart);
  EXPECT_EQ(status.type, Tier::kol);  // op ended at now
  EXPECT_FALSE(status.expires_at);
  EXPECT_EQ(status.vip_expires_at, kStart + 5);
  ASSERT_EQ(status.groups.size(), 3u);
  EXPECT_EQ(status.groups[0].group, Tier::kol);
  EXPECT_EQ(status.groups[1].group, Tier::pro);
  EXPECT_EQ(status.groups[2].group, Tier::vip);

  auto vip_only = make_status(kAlice, {}, kStart + 1, kStart);
  EXPECT_EQ(vip_only.type, Tier::vip);
  EXPECT_EQ(vip_only.expires_at, kStart + 1);

  auto lapsed = make_status(kAlice, {}, kStart, kStart);
  EXPECT_EQ(lapsed.type, Tier::none);
  EXPECT_FALSE(lapsed.vip_expires_at);
  EXPECT_TRUE(lapsed.groups.empty());
}

}  // namespace
}  // namespace portal::auth
