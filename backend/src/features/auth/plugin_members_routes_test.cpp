// The body and ETag of GET /api/plugin/members (pure functions; the route itself is exercised over
// HTTP in tests/vip_functional_test.cpp).

#include "features/auth/plugin_members_routes.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace portal::auth {
namespace {

MembershipStatus member(std::string steam_id, std::vector<MemberGrant> groups) {
  MembershipStatus status;
  status.steam_id = std::move(steam_id);
  status.type = groups.empty() ? Tier::none : groups.front().group;
  status.groups = std::move(groups);
  return status;
}

TEST(PluginMembers, EveryActiveTierWithItsExpiry) {
  const auto json = plugin_members_json({
      member("76561198000000001", {{Tier::op, std::nullopt}, {Tier::vip, 1766300000}}),
      member("76561198000000002", {{Tier::vip, 1766000000}}),
  });
  EXPECT_EQ(boost::json::serialize(json),
            R"([{"steamId":"76561198000000001","type":"op","groups":[{"group":"op","expiresAt":null},)"
            R"({"group":"vip","expiresAt":1766300000}]},)"
            R"({"steamId":"76561198000000002","type":"vip","groups":[{"group":"vip","expiresAt":1766000000}]}])");
}

TEST(PluginMembers, EtagFollowsTheMembersAndTheirExpiries) {
  const auto one = plugin_members_json({member("76561198000000001", {{Tier::vip, 1766300000}})});
  const auto same = plugin_members_json({member("76561198000000001", {{Tier::vip, 1766300000}})});
  const auto longer = plugin_members_json({member("76561198000000001", {{Tier::vip, 1766300001}})});
  const auto none = plugin_members_json({});
  EXPECT_EQ(plugin_members_etag(one), plugin_members_etag(same));
  EXPECT_NE(plugin_members_etag(one), plugin_members_etag(longer));
  EXPECT_NE(plugin_members_etag(one), plugin_members_etag(none));
  const std::string tag = plugin_members_etag(one);
  EXPECT_EQ(tag.front(), '"');
  EXPECT_EQ(tag.back(), '"');
  EXPECT_EQ(tag.size(), 36u);
}

}  // namespace
}  // namespace portal::auth
