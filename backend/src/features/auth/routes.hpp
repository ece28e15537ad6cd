#pragma once
// The auth calls of spec 000 section 7, the Steam callbacks, and the plugin call that hands a player an
// in-game binding token. Limits per client address are named here and defined in rate_limit_policies.

#include "core/rate_limiter.hpp"
#include "features/auth/email_accounts.hpp"
#include "features/auth/sessions.hpp"
#include "features/auth/steam_accounts.hpp"
#include "features/auth/steam_callbacks.hpp"
#include "http/authenticator.hpp"
#include "http/route.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace portal::auth {

struct AuthRoutesDeps {
  EmailAccounts& email;
  Sessions& sessions;
  SteamAccounts& steam;
  SteamCallbacks& callbacks;
  const TokenService& tokens;
  std::function<std::int64_t()> now;
  // Whether a plugin of the server reported the player on it just now (features/servers knows; the app
  // wires this): in-game bind tokens are only issued for such players.
  std::function<bool(std::int64_t server_id, const std::string& steam_id)> player_on_server;
};

void register_routes(http::RouteTable& routes, AuthRoutesDeps deps);

// Per client address, before any password hash or database read.
std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

// Resolves bearer login tokens for the dispatcher.
class SessionAuthenticator final : public http::Authenticator {
 public:
  SessionAuthenticator(const Sessions& sessions, std::function<bool(const std::string& steam_id)> is_op)
      : sessions_(sessions), is_op_(std::move(is_op)) {}
  core::Result<http::Principal> authenticate(std::string_view bearer_token, bool check_op) const override;
  core::Result<http::Principal> authenticate_bind(std::string_view bearer_token) const override;

 private:
  const Sessions& sessions_;
  std::function<bool(const std::string&)> is_op_;
};

}  // namespace portal::auth
