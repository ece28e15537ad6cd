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

// Who may call a route. The dispatcher resolves the caller in one place before the handler runs and
// answers each refusal with one error: 401 UNAUTHORIZED/INVALID_TOKEN (user tokens), 401
// INVALID_SERVER_KEY and 403 SERVER_KEY_SCOPE (game-server keys), 401 INVALID_SIGNATURE (provider
// notifications), 404 NOT_FOUND (a resource of someone else's).
enum class Access {
  public_access,       // anyone
  logged_in,           // a valid login token
  op,                  // a logged-in server administrator
  bind_token,          // a bind token: an e-mail account in the middle of binding its Steam account
  game_server,         // a game-server plugin key that holds Route::scope
  provider_signature,  // a payment provider's notification whose signature Route::caller_check verifies
  resource_owner,      // a valid login token whose holder owns the resource (Route::caller_check)
};

// What a game-server key may do. Keys of rented practice servers never hold `bind`: they hold
// `rental` alone, and community servers' keys never hold `rental`.
enum class KeyScope {
  status,   // push live status and players
  stats,    // send leaderboard stats
  members,  // read VIP and group memberships
  bind,     // ask for in-game bind tokens for players on the server
  rental,   // a rented practice server's plugin: read its settings, report its players
};

std::string_view to_string(Access access);
std::string_view to_string(KeyScope scope);

// Where the handler runs. Handlers that touch the database or any blocking call run on a pool, never
// on an I/O thread; handlers that only read memory may run inline on the I/O thread. Each pool has
// its own threads and a bounded queue (config [pools]); when the route's pool is full the request is
// answered 503 SERVER_BUSY with Retry-After at once, and the other pools go on serving.
enum class Exec {
  worker,     // the database pool: queries and other short blocking work
  inline_io,  // the I/O thread itself: memory only
  hashing,    // password hashing (Argon2id: tens of milliseconds of CPU and megabytes each)
  outbound,   // calls to outside systems over the network (Steam, payment providers, the cloud)
};

using Handler = std::function<Response(Request&)>;

struct Route {
  Method method = Method::get;
  std::string pattern;  // "/api/leaderboard/{mode}/top": literal segments and {name} captures; a last
                        // {name...} takes the rest of the path, slashes included
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
  KeyScope scope = KeyScope::status;  // Access::game_server: the scope the key must hold
  // Access::provider_signature: whether the notification's signature verifies. Access::resource_owner:
  // whether request.principal owns the resource the request names. Runs after the token is resolved.
  std::function<bool(const Request&)> caller_check;
};

class RouteTable {
 public:
  void add(Route route);
  const std::vector<Route>& routes() const { return routes_; }

  // Shorthands that read like the API listing.
  void get(std::string pattern, Access access, Handler handler, Exec exec = Exec::worker);
  void post_json(std::string pattern, Access access, Handler handler, std::string rate_limit = {},
                 Exec exec = Exec::worker);
  void put_json(std::string pattern, Access access, Handler handler);

 private:
  std::vector<Route> routes_;
};

}  // namespace portal::http
