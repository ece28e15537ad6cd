#pragma once
// A route is one line of the API: method, path pattern, who may call it, where it runs, and its
// limits. Each feature contributes its lines through register_routes(RouteTable&, ...).

#include "core/result.hpp"
#include "http/message.hpp"

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace portal::http {

enum class Access {
  public_access,  // anyone
  logged_in,      // a valid login token
  op,             // a logged-in server administrator
};

// Where the handler runs. Handlers that touch the database or any blocking call run on the worker
// pool, never on an I/O thread; handlers that only read memory may run inline on the I/O thread.
enum class Exec { worker, inline_io };

using Handler = std::function<Response(Request&)>;

struct Route {
  Method method = Method::get;
  std::string pattern;  // "/api/leaderboard/{mode}/top": literal segments and {name} captures
  Access access = Access::public_access;
  Exec exec = Exec::worker;
  Handler handler;
  std::size_t body_limit = 0;  // 0 = server default (64 KiB)
  bool json_body = false;      // the body must be application/json (415 otherwise)
  std::string summary;         // one line, for logs and the OpenAPI coverage test
  std::string rate_limit;      // name of a per-client-address policy (DispatcherOptions); empty = none
  // How a refusal by that policy is answered; empty = 429 with the error shape. Routes a browser
  // navigates to (redirect targets) answer with a page instead of JSON.
  std::function<Response(std::chrono::seconds retry_after)> on_rate_limited;
};

class RouteTable {
 public:
  void add(Route route);
  const std::vector<Route>& routes() const { return routes_; }

  // Shorthands that read like the API listing.
  void get(std::string pattern, Access access, Handler handler, Exec exec = Exec::worker);
  void post_json(std::string pattern, Access access, Handler handler, std::string rate_limit = {});
  void put_json(std::string pattern, Access access, Handler handler);

 private:
  std::vector<Route> routes_;
};

}  // namespace portal::http
