#pragma once
// The operator console's announcement call (docs/console.md "Content"): GET|PUT
// /api/console/announcement {zh, en}, the header ticker's text per language. Access::op; each
// language set is audited with the actor op:<steamId>.

#include "features/content/announcements.hpp"
#include "http/route.hpp"

namespace portal::content {

void register_console_routes(http::RouteTable& routes, Announcements& announcements);

}  // namespace portal::content
