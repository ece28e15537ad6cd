#pragma once
// Route of memberships (spec 000 §7, auth contract): GET /api/auth/vip-status/{steamId}, public.

#include "features/auth/membership_service.hpp"
#include "http/route.hpp"

#include <boost/json/object.hpp>

namespace portal::auth {

void register_membership_routes(http::RouteTable& routes, MembershipService& service);

// The answer's body: {steamId, type, expireDate, vipExpireDate, groups: [{group, expireDate}]}, dates
// "YYYY-MM-DD" in GMT+8 or null.
boost::json::object status_json(const MembershipStatus& status);

}  // namespace portal::auth
