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

// Finds the enabled game server a plugin key belongs to (the servers feature answers it).
using ServerForKey = std::function<std::optional<std::int64_t>(std::string_view key)>;

void register_routes(http::RouteTable& routes, LeaderboardService& service, ServerForKey server_for_key);

// Per-address budgets of the routes above, for the dispatcher.
std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

}  // namespace portal::leaderboard
