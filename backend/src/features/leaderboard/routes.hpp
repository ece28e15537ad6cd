#pragma once
// Routes of the leaderboard (spec 001 §7): seasons, the top block, pages with group filters, a
// player's entries, and the stats endpoint for game-server plugins.

#include "core/rate_limiter.hpp"
#include "features/leaderboard/service.hpp"
#include "http/route.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace portal::leaderboard {

void register_routes(http::RouteTable& routes, LeaderboardService& service);

// Per-address budgets of the routes above, for the dispatcher.
std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

}  // namespace portal::leaderboard
