#pragma once
// The route table as text, one route a line: method, path, who may call it, where it runs, and its
// rate limit. `portal routes` prints it; reviewers read the whole API's callers at a glance.

#include "core/rate_limiter.hpp"
#include "http/route.hpp"

#include <map>
#include <string>
#include <vector>

namespace portal::http {

std::string_view to_string(Exec exec);

std::string format_route_table(const std::vector<Route>& routes,
                               const std::map<std::string, core::RateLimit, std::less<>>& policies);

}  // namespace portal::http
