#pragma once
// The routes of rented servers' portal plugin (game-server key with scope `rental`):
//   GET  /api/plugin/rental/settings       the join password and the admins' SteamID64s
//   POST /api/plugin/rental/players        the humans on the server -> the owner's past teammates
//   GET  /api/plugin/rental/plugin-source  the plugin's source, which the bootstrap builds

#include "core/rate_limiter.hpp"
#include "features/pracc/plugin_service.hpp"
#include "http/route.hpp"

#include <map>
#include <string>

namespace portal::pracc {

void register_plugin_routes(http::RouteTable& routes, PluginService& service);

std::map<std::string, core::RateLimit, std::less<>> plugin_rate_limit_policies();

}  // namespace portal::pracc
