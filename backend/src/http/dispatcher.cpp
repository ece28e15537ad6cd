#include "http/dispatcher.hpp"

#include "core/text.hpp"
#include "http/api_error.hpp"
#include "http/response_compression.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <stdexcept>

namespace portal::http {

namespace {

// The proxy appends the address it saw; earlier entries are whatever the client claimed.
std::string last_forwarded_hop(std::string_view header) {
  const std::size_t comma = header.rfind(',');
  std::string_view hop = comma == std::string_view::npos ? header : header.substr(comma + 1);
  while (!hop.empty() && hop.front() == ' ') hop.remove_prefix(1);
  while (!hop.empty() && hop.back() == ' ') hop.remove_suffix(1);
  if (hop.size() > 64 || hop.find_first_not_of("0123456789abcdefABCDEF.:[]") != std::string_view::npos) return {};
  return std::string(hop);
}

bool is_api_path(std::string_view path) { return path == "/api" || path.starts_with("/api/"); }

std::string join_methods(const std::vector<Method>& methods) {
  std::string out;
  for (Method m : methods) {
    if (!out.empty()) out += ", ";
    out += to_string(m);
    if (m == Method::get) out += ", HEAD";
  }
  return out;
}

bool is_json_media_type(std::string_view content_type) {
  auto semi = content_type.find(';');
  std::string_view media = content_type.substr(0, semi);
  while (!media.empty() && media.back() == ' ') media.remove_suffix(1);
  return core::ascii_iequals(media, "application/json");
}

}  // namespace

std::string make_request_id(std::string_view client_supplied) {
  const bool safe = !client_supplied.empty() && client_supplied.size() <= 64 &&
                    std::all_of(client_supplied.begin(), client_supplied.end(), [](char c) {
                      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                    });
  if (safe) return std::string(client_supplied);
  thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id(16, '0');
  std::uint64_t bits = generator();
  for (auto& c : id) {
    c = kHex[bits & 0xf];
    bits >>= 4;
  }
  return id;
}

Dispatcher::Dispatcher(Router router, const Authenticator& authenticator,
                       std::shared_ptr<const StaticFiles> static_files, ResponsePolicy policy, Metrics& metrics,
                       DispatcherOptions options)
    : router_(std::move(router)),
      authenticator_(authenticator),
      static_files_(std::move(static_files)),
      policy_(std::move(policy)),
      metrics_(metrics),
      options_(options) {}

Dispatcher::Plan Dispatcher::plan(Request& request) const {
  Plan plan;
  plan.body_limit = options_.default_body_limit;
  request.request_id = make_request_id(request.header("X-Request-Id"));
  if (options_.trust_forwarded_for) {
    if (auto forwarded = last_forwarded_hop(request.header("X-Forwarded-For")); !forwarded.empty()) {
      request.remote_address = std::move(forwarded);
    }
  }

  if (request.method == Method::options) {
    const auto methods = router_.methods_for(request.path);
    if (methods.empty()) {
      plan.response = error_response(errors::not_found(request.path));
      return plan;
    }
    const auto origin = request.header("Origin");
    if (!origin.empty() && !request.header("Access-Control-Request-Method").empty()) {
      plan.response = policy_.origin_allowed(origin) ? policy_.preflight(methods)
                                                     : error_response(errors::origin_not_allowed(origin));
    } else {
      plan.response = empty_response(204);
      plan.response->set_header("Allow", join_methods(methods) + ", OPTIONS");
    }
    return plan;
  }

  RouteMatch match = router_.match(request.method, request.path);
  switch (match.outcome) {
    case RouteMatch::Outcome::found: {
      const Route& route = *match.route;
      plan.label = route.pattern;
      request.path_params = std::move(match.params);
      if (route.json_body && !is_json_media_type(request.header("Content-Type"))) {
        plan.response = error_response(errors::unsupported_media_type(request.header("Content-Type")), 415);
        return plan;
      }
      plan.route = &route;
      plan.body_limit = route.body_limit ? route.body_limit : options_.default_body_limit;
      plan.exec = route.exec;
      plan.run_on_worker = route.exec != Exec::inline_io;
      return plan;
    }
    case RouteMatch::Outcome::method_not_allowed: {
      const std::string allowed = join_methods(match.allowed);
      plan.response = error_response(errors::method_not_allowed(to_string(request.method), allowed), 405);
      plan.response->set_header("Allow", allowed);
      return plan;
    }
    case RouteMatch::Outcome::not_found:
      break;
  }

  if (is_api_path(request.path) || !static_files_) {
    plan.response = error_response(errors::not_found(request.path));
    return plan;
  }
  plan.label = "static";
  if (request.method != Method::get && request.method != Method::head) {
    plan.response = error_response(errors::method_not_allowed(to_string(request.method), "GET, HEAD"), 405);
    plan.response->set_header("Allow", "GET, HEAD");
    return plan;
  }
  plan.response = static_files_->serve(request);
  return plan;
}

Response Dispatcher::run(Request& request, const Route& route) const {
  try {
    if (!route.rate_limit.empty()) {
      const auto policy = options_.rate_limits.find(route.rate_limit);
      if (policy == options_.rate_limits.end()) throw std::logic_error("unknown rate limit policy " + route.rate_limit);
      if (const auto wait = limiter_.acquire(route.rate_limit + "|" + request.remote_address, policy->second)) {
        return route.on_rate_limited ? route.on_rate_limited(*wait) : rate_limited_response(*wait);
      }
    }
    if (auto refusal = resolve_caller(request, route)) return error_response(*refusal);
    Response response = route.handler(request);
    compress_if_worthwhile(request, response);  // on the thread the handler ran on, not the I/O thread
    return response;
  } catch (const core::UnavailableError& e) {
    spdlog::warn("request {} {} {} answered {}: {}", request.request_id, to_string(request.method), route.pattern,
                 e.error().code, e.what());
    return error_response(e.error());
  } catch (const std::exception& e) {
    spdlog::error("request {} {} {} failed: {}", request.request_id, to_string(request.method), route.pattern,
                  e.what());
  } catch (...) {
    spdlog::error("request {} {} {} failed with a non-standard exception", request.request_id,
                  to_string(request.method), route.pattern);
  }
  return error_response(errors::internal(request.request_id));
}

std::optional<core::Error> Dispatcher::resolve_caller(Request& request, const Route& route) const {
  const auto token = request.bearer_token();
  switch (route.access) {
    case Access::public_access:
      return std::nullopt;
    case Access::provider_signature:
      if (!route.caller_check(request)) {
        return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SIGNATURE",
                                 "The notification's signature does not verify");
      }
      return std::nullopt;
    case Access::game_server: {
      auto server = authenticator_.authenticate_game_server(token, route.scope);
      if (!server) return server.error();
      request.principal = std::move(*server);
      return std::nullopt;
    }
    case Access::bind_token: {
      if (token.empty()) return errors::unauthorized();
      auto principal = authenticator_.authenticate_bind(token);
      if (!principal) return principal.error();
      request.principal = std::move(*principal);
      return std::nullopt;
    }
    case Access::logged_in:
    case Access::op:
    case Access::resource_owner: {
      if (token.empty()) return errors::unauthorized();
      auto principal = authenticator_.authenticate(token, route.access == Access::op);
      if (!principal) return principal.error();
      request.principal = std::move(*principal);
      if (route.access == Access::op && !request.principal->is_op) return errors::forbidden();
      // Someone else's resource looks exactly like one that does not exist.
      if (route.access == Access::resource_owner && !route.caller_check(request)) {
        return core::Error::make(core::ErrorKind::not_found, "NOT_FOUND", "No such resource");
      }
      return std::nullopt;
    }
  }
  return errors::unauthorized();
}

void Dispatcher::finish(const Request& request, Response& response, std::string_view label, double seconds) const {
  policy_.apply(request, response);
  metrics_.record(to_string(request.method), label, response.status, seconds);
  if (options_.access_log) {
    spdlog::info("{} {} {} {:.2f}ms rid={}", to_string(request.method), label, response.status, seconds * 1000.0,
                 request.request_id);
  }
}

}  // namespace portal::http
