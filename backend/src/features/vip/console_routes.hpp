#pragma once
// The operator console's privilege table (docs/console.md "Content"): GET|PUT
// /api/console/vip-privileges, the table of the VIP page, saved whole. Access::op; each change is
// audited by the privilege repository with the actor op:<steamId>.

#include "features/vip/privileges.hpp"
#include "http/route.hpp"

namespace portal::vip {

void register_console_routes(http::RouteTable& routes, PrivilegeService& service);

}  // namespace portal::vip
