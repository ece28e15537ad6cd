#pragma once
// Routes of the content feature: the remote configuration the web reads at start-up and the header
// announcement. The command list joins this feature in its issue.

#include "features/content/announcements.hpp"
#include "features/content/public_settings.hpp"
#include "http/route.hpp"

#include <boost/json/value.hpp>

namespace portal::content {

// The body of GET /api/config; field names are the web's (camelCase).
boost::json::value public_config_json(const PublicSettings& settings);

void register_routes(http::RouteTable& routes, const PublicSettings& settings, Announcements& announcements);

}  // namespace portal::content
