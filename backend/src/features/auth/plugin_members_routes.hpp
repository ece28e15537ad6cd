#pragma once
// GET /api/plugin/members: the active memberships game-server plugins apply in game (reserved slots,
// tags, admin rights). Authenticated with the per-server plugin key; cheap to poll every minute: the
// answer carries an ETag of the member list and If-None-Match answers 304 while nothing changed.

#include "core/rate_limiter.hpp"
#include "features/auth/membership_service.hpp"
#include "http/route.hpp"

#include <boost/json/array.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::auth {

struct PluginMembersDeps {
  const MembershipService& memberships;
  std::function<std::int64_t()> now;
};

void register_plugin_members_routes(http::RouteTable& routes, PluginMembersDeps deps);

// Per client (game-server) address: "members.plugin", 120 per minute.
std::map<std::string, core::RateLimit, std::less<>> plugin_members_rate_limit_policies();

// [{steamId, type, groups: [{group, expiresAt}]}]: every active tier, highest first; expiresAt unix
// seconds or null (no expiry).
boost::json::array plugin_members_json(const std::vector<MembershipStatus>& members);

// The quoted ETag of a member list: the same members, tiers and expiries give the same tag.
std::string plugin_members_etag(const boost::json::array& members);

}  // namespace portal::auth
