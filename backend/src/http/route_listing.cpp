#include "http/route_listing.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace portal::http {

std::string_view to_string(Exec exec) {
  switch (exec) {
    case Exec::worker:
      return "db-pool";
    case Exec::inline_io:
      return "io-thread";
    case Exec::hashing:
      return "hashing-pool";
    case Exec::outbound:
      return "outbound-pool";
  }
  return "db-pool";
}

namespace {

std::string access_text(const Route& route) {
  std::string text(to_string(route.access));
  if (route.access == Access::game_server) text += ":" + std::string(to_string(route.scope));
  return text;
}

std::string limit_text(const Route& route, const std::map<std::string, core::RateLimit, std::less<>>& policies) {
  if (route.rate_limit.empty()) return "-";
  const auto policy = policies.find(route.rate_limit);
  if (policy == policies.end()) return route.rate_limit + " (undefined)";
  return fmt::format("{} {}/{}s", route.rate_limit, policy->second.max, policy->second.window.count());
}

}  // namespace

std::string format_route_table(const std::vector<Route>& routes,
                               const std::map<std::string, core::RateLimit, std::less<>>& policies) {
  std::vector<const Route*> sorted;
  for (const auto& route : routes) sorted.push_back(&route);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Route* a, const Route* b) {
    return a->pattern != b->pattern ? a->pattern < b->pattern : a->method < b->method;
  });
  std::size_t path_width = 4;
  for (const Route* route : sorted) path_width = std::max(path_width, route->pattern.size());
  std::string out = fmt::format("{:<7} {:<{}} {:<22} {:<13} {}\n", "METHOD", "PATH", path_width, "ACCESS", "EXECUTION",
                                "RATE LIMIT (per client address)");
  for (const Route* route : sorted) {
    out += fmt::format("{:<7} {:<{}} {:<22} {:<13} {}\n", to_string(route->method), route->pattern, path_width,
                       access_text(*route), to_string(route->exec), limit_text(*route, policies));
  }
  return out;
}

}  // namespace portal::http
