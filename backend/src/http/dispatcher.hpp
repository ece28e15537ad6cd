#pragma once
// Everything between "a request's headers were read" and "the response is ready to write", with no
// socket in sight: request ids, routing (404/405), CORS preflight, content-type and access checks,
// static files, running the handler with exceptions turned into 500s, response headers, metrics and
// the access log. http/server drives it; tests can call it directly.

#include "core/rate_limiter.hpp"
#include "http/authenticator.hpp"
#include "http/message.hpp"
#include "http/metrics.hpp"
#include "http/response_policy.hpp"
#include "http/router.hpp"
#include "http/static_files.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace portal::http {

struct DispatcherOptions {
  std::size_t default_body_limit = 65536;
  bool access_log = true;
  // Behind a reverse proxy: the client address is the last X-Forwarded-For entry, not the peer.
  bool trust_forwarded_for = false;
  // Per-client-address limits routes refer to by name (Route::rate_limit). Applied before the token
  // is checked and before the handler runs, so a flood costs neither a database read nor a hash.
  std::map<std::string, core::RateLimit, std::less<>> rate_limits;
};

class Dispatcher {
 public:
  Dispatcher(Router router, const Authenticator& authenticator, std::shared_ptr<const StaticFiles> static_files,
             ResponsePolicy policy, Metrics& metrics, DispatcherOptions options);

  // Decided from the request line and headers, before the body is read.
  struct Plan {
    const Route* route = nullptr;      // set when a handler must run
    std::optional<Response> response;  // set when the answer is already known
    std::size_t body_limit = 0;
    bool run_on_worker = false;  // on a pool (exec says which), not on the I/O thread
    Exec exec = Exec::inline_io;
    std::string_view label = "unmatched";  // route pattern, "static" or "unmatched": metrics and access log
  };
  Plan plan(Request& request) const;

  // Authenticates when the route needs it and calls the handler. Never throws: an exception becomes
  // a 500 whose body carries only the request id; the detail goes to the log.
  Response run(Request& request, const Route& route) const;

  // Adds the response policy headers and records metrics and the access-log line.
  void finish(const Request& request, Response& response, std::string_view label, double seconds) const;

  std::size_t default_body_limit() const { return options_.default_body_limit; }
  Metrics& metrics() const { return metrics_; }
  const Router& router() const { return router_; }

 private:
  // Who the caller is, as the route declares it; the error to answer with when it may not call.
  std::optional<core::Error> resolve_caller(Request& request, const Route& route) const;

  Router router_;
  const Authenticator& authenticator_;
  std::shared_ptr<const StaticFiles> static_files_;
  ResponsePolicy policy_;
  Metrics& metrics_;
  DispatcherOptions options_;
  mutable core::RateLimiter limiter_;
};

// A fresh request id, or the client's X-Request-Id when it is short and made of safe characters.
std::string make_request_id(std::string_view client_supplied);

}  // namespace portal::http
