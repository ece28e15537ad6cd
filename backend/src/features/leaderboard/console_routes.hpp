#pragma once
// The operator console's seasons (docs/console.md "Content"): the list, and opening or closing the
// season. A season spans every mode (one board per mode), so {mode} is a leaderboard mode or "all"
// and names where the operator acted from; the season opened or closed is the same for every mode.
// Access::op; audited by the season repository with the actor op:<steamId> and the reason.

#include "features/leaderboard/seasons.hpp"
#include "http/route.hpp"

#include <cstdint>
#include <functional>

namespace portal::leaderboard {

void register_console_routes(http::RouteTable& routes, Seasons& seasons, std::function<std::int64_t()> now_unix);

}  // namespace portal::leaderboard
