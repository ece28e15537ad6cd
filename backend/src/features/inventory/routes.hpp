#pragma once
// Routes of the inventory page (spec 001 section 7): the user sync and the inventory sign-in, both for
// a logged-in user acting for their own account.

#include "core/rate_limiter.hpp"
#include "features/inventory/service.hpp"
#include "http/route.hpp"

#include <map>
#include <string>

namespace portal::inventory {

void register_routes(http::RouteTable& routes, InventoryService& service);

// Per-address budgets of the routes above, for the dispatcher.
std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

}  // namespace portal::inventory
