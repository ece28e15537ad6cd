#pragma once
// The rental calls of spec 001 section 7 (/api/scrim/...). Handlers translate HTTP to RentalService
// and back, with the spec's field names; the rules live in the service.

#include "core/rate_limiter.hpp"
#include "features/pracc/rental_service.hpp"
#include "http/route.hpp"

#include <map>
#include <string>

namespace portal::pracc {

void register_routes(http::RouteTable& routes, RentalService& service);

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

}  // namespace portal::pracc
