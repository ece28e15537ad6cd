#include "http/route.hpp"

#include <stdexcept>
#include <utility>

namespace portal::http {

std::string_view to_string(Access access) {
  switch (access) {
    case Access::public_access:
      return "public";
    case Access::logged_in:
      return "logged-in";
    case Access::op:
      return "op";
    case Access::bind_token:
      return "bind-token";
    case Access::game_server:
      return "server-key";
    case Access::provider_signature:
      return "provider-signature";
    case Access::resource_owner:
      return "owner";
  }
  return "public";
}

std::string_view to_string(KeyScope scope) {
  switch (scope) {
    case KeyScope::status:
      return "status";
    case KeyScope::stats:
      return "stats";
    case KeyScope::members:
      return "members";
    case KeyScope::bind:
      return "bind";
    case KeyScope::rental:
      return "rental";
  }
  return "status";
}

void RouteTable::add(Route route) {
  if (route.pattern.empty() || route.pattern.front() != '/') {
    throw std::invalid_argument("route pattern must start with '/': " + route.pattern);
  }
  // Authentication may read the database, which never happens on an I/O thread.
  if (route.access != Access::public_access && route.exec == Exec::inline_io) {
    throw std::invalid_argument("a route that needs a login must run on the worker pool: " + route.pattern);
  }
  const bool needs_check = route.access == Access::provider_signature || route.access == Access::resource_owner;
  if (needs_check != static_cast<bool>(route.caller_check)) {
    throw std::invalid_argument("provider-signature and owner routes, and only they, declare a caller check: " +
                                route.pattern);
  }
  for (const Route& existing : routes_) {
    if (existing.method == route.method && existing.pattern == route.pattern) {
      throw std::invalid_argument("route declared twice: " + std::string(to_string(route.method)) + " " +
                                  route.pattern);
    }
  }
  routes_.push_back(std::move(route));
}

void RouteTable::get(std::string pattern, Access access, Handler handler, Exec exec) {
  add(Route{.method = Method::get,
            .pattern = std::move(pattern),
            .access = access,
            .exec = exec,
            .handler = std::move(handler)});
}

void RouteTable::post_json(std::string pattern, Access access, Handler handler, std::string rate_limit, Exec exec) {
  add(Route{.method = Method::post,
            .pattern = std::move(pattern),
            .access = access,
            .exec = exec,
            .handler = std::move(handler),
            .json_body = true,
            .rate_limit = std::move(rate_limit)});
}

void RouteTable::put_json(std::string pattern, Access access, Handler handler) {
  add(Route{.method = Method::put,
            .pattern = std::move(pattern),
            .access = access,
            .handler = std::move(handler),
            .json_body = true});
}

}  // namespace portal::http
