#include "features/auth/routes.hpp"

#include "core/steam_id.hpp"
#include "features/auth/dto.hpp"
#include "features/auth/errors.hpp"
#include "http/api_error.hpp"
#include "http/json_body.hpp"

#include <boost/json/value.hpp>

namespace portal::auth {

namespace {

using namespace std::chrono_literals;
using http::Access;
using http::Request;
using http::Response;

// The policy names used below.
constexpr const char* kLoginLimit = "auth.login";
constexpr const char* kLookupLimit = "auth.lookup";
constexpr const char* kMailLimit = "auth.mail";
constexpr const char* kRegisterLimit = "auth.register";
constexpr const char* kResetLimit = "auth.reset";
constexpr const char* kBindLimit = "auth.bind";
constexpr const char* kSessionLimit = "auth.session";
constexpr const char* kSessionCheckLimit = "auth.check";
constexpr const char* kSteamLimit = "auth.steam";
constexpr const char* kPluginLimit = "auth.plugin";

Caller caller_of(const Request& request) {
  const auto& p = *request.principal;
  return Caller{std::stoll(p.user_id), p.steam_id, p.token_id, p.token_expires_at, p.session_id};
}

boost::json::object user_json(const std::string& steam_id, const std::string& username, const std::string& avatar) {
  return {{"steamId", steam_id}, {"username", username.empty() ? steam_id : username}, {"avatar", avatar}};
}

Response redirect(const std::string& location) {
  Response response = http::empty_response(302);
  response.set_header("Location", location);
  response.set_header("Cache-Control", "no-store");
  // The token travels in the URL of the page we send the browser to: keep it out of Referer headers.
  response.set_header("Referrer-Policy", "no-referrer");
  return response;
}

std::string raw_query(const Request& request) {
  const auto q = request.target.find('?');
  return q == std::string::npos ? std::string{} : request.target.substr(q + 1);
}

// ---- e-mail accounts ----

Response check(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::EmailOnly>(request);
  if (!body) return http::error_response(body.error());
  auto exists = email.exists(*body->email);
  if (!exists) return http::error_response(exists.error());
  return http::json_response({{"exists", *exists}});
}

Response send_code(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::EmailOnly>(request);
  if (!body) return http::error_response(body.error());
  if (auto sent = email.send_code(*body->email); !sent) return http::error_response(sent.error());
  return http::json_response(
      {{"sent", true}, {"resendAfter", kCodeResendSeconds}, {"expiresIn", kCodeValidMinutes * 60}});
}

Response register_account(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::Registration>(request);
  if (!body) return http::error_response(body.error());
  auto token = email.register_account(*body->email, *body->password, *body->code, request.remote_address);
  if (!token) return http::error_response(token.error());
  return http::json_response({{"token", token->token}, {"tokenType", "bind"}, {"email", token->claims.email}}, 201);
}

Response login(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::EmailLogin>(request);
  if (!body) return http::error_response(body.error());
  auto outcome = email.login(*body->email, *body->password, request.remote_address);
  if (!outcome) return http::error_response(outcome.error());
  if (outcome->needs_steam_binding) {
    return http::json_response({{"needsSteamBinding", true},
                                {"token", outcome->token.token},
                                {"tokenType", "bind"},
                                {"email", outcome->user.email}});
  }
  boost::json::object answer = user_json(outcome->user.steam_id, outcome->user.username, outcome->user.avatar);
  answer["id"] = outcome->user.id;
  answer["needsSteamBinding"] = false;
  answer["token"] = outcome->token.token;
  answer["tokenType"] = "login";
  return http::json_response(answer);
}

Response reset_password(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::ResetRequest>(request);
  if (!body) return http::error_response(body.error());
  if (auto sent = email.request_reset(*body->email); !sent) return http::error_response(sent.error());
  return http::json_response({{"sent", true}});
}

Response confirm_reset(EmailAccounts& email, Request& request) {
  auto body = http::dto::parse_body<dto::ResetConfirmation>(request);
  if (!body) return http::error_response(body.error());
  if (auto done = email.confirm_reset(*body->email, *body->token, *body->newPassword, request.remote_address); !done) {
    return http::error_response(done.error());
  }
  return http::json_response({{"reset", true}});
}

// ---- binding with a bind token ----

// The bind token the dispatcher resolved (Access::bind_token).
TokenClaims bind_claims(const Request& request) {
  const auto& p = *request.principal;
  TokenClaims claims;
  claims.type = TokenType::bind;
  claims.user_id = std::stoll(p.user_id);
  claims.email = p.email;
  claims.jti = p.token_id;
  claims.expires_at = p.token_expires_at;
  return claims;
}

}  // namespace

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() {
  return {
      {kLoginLimit, {20, 5min}},   // each attempt may cost a password hash
      {kLookupLimit, {60, 5min}},  // availability check on blur
      {kMailLimit, {20, 1h}},      // codes and reset links: each sends a mail
      {kRegisterLimit, {20, 1h}},
      {kResetLimit, {20, 15min}},
      {kBindLimit, {30, 15min}},
      {kSessionLimit, {300, 5min}},  // token refresh, log, user info: the web calls these routinely
      // Every open tab asks once a minute: roomy enough for a few hundred tabs behind one address.
      {kSessionCheckLimit, {1200, 5min}},
      {kSteamLimit, {60, 5min}},    // callbacks: each costs a round trip to Steam
      {kPluginLimit, {600, 1min}},  // game servers asking bind tokens for their players
  };
}

void register_routes(http::RouteTable& routes, AuthRoutesDeps d) {
  auto& email = d.email;
  routes.post_json(
      "/api/auth/email/check", Access::public_access, [&email](Request& r) { return check(email, r); }, kLookupLimit);
  routes.post_json(
      "/api/auth/email/send-code", Access::public_access, [&email](Request& r) { return send_code(email, r); },
      kMailLimit);
  routes.post_json(
      "/api/auth/email/register", Access::public_access, [&email](Request& r) { return register_account(email, r); },
      kRegisterLimit, http::Exec::hashing);
  routes.post_json(
      "/api/auth/email/login", Access::public_access, [&email](Request& r) { return login(email, r); }, kLoginLimit,
      http::Exec::hashing);
  routes.post_json(
      "/api/auth/email/reset-password", Access::public_access,
      [&email](Request& r) { return reset_password(email, r); }, kMailLimit);
  routes.post_json(
      "/api/auth/email/reset-password/confirm", Access::public_access,
      [&email](Request& r) { return confirm_reset(email, r); }, kResetLimit, http::Exec::hashing);

  auto& steam = d.steam;
  auto& sessions = d.sessions;
  routes.post_json(
      "/api/auth/email/bind-steam-token-validation", Access::bind_token,
      [&steam](Request& r) {
        auto body = http::dto::parse_body<dto::GameTokenRedemption>(r);
        if (!body) return http::error_response(body.error());
        auto identity = steam.redeem_game_token(bind_claims(r), *body->email, *body->token);
        if (!identity) return http::error_response(identity.error());
        return http::json_response(user_json(identity->steam_id, identity->username, identity->avatar));
      },
      kBindLimit, http::Exec::outbound);
  routes.post_json(
      "/api/auth/email/bind-steam", Access::bind_token,
      [&steam](Request& r) {
        auto body = http::dto::parse_body<dto::SteamBinding>(r);
        if (!body) return http::error_response(body.error());
        auto bound = steam.bind_proven(bind_claims(r), *body->email, *body->steamId, r.remote_address);
        if (!bound) return http::error_response(bound.error());
        boost::json::object answer = user_json(bound->second.steam_id, bound->second.username, bound->second.avatar);
        answer["id"] = bound->first.claims.user_id;
        answer["token"] = bound->first.token;
        answer["tokenType"] = "login";
        return http::json_response(answer);
      },
      kBindLimit, http::Exec::outbound);

  // ---- sessions ----
  // The web's periodic "is my login still good" question. The access check already proves the token
  // (signature, expiry, not logged out, session not ended, account generation); the one write is the
  // session's last_seen_at, which the operator console shows.
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/session",
      .access = Access::logged_in,
      .handler =
          [&sessions](Request& r) {
            const Caller caller = caller_of(r);
            sessions.seen(caller, r.remote_address);
            boost::json::object body;
            body["steamId"] = caller.steam_id;
            body["expiresAt"] = caller.token_expires_at;
            auto response = http::json_response(body);
            response.set_header("Cache-Control", "no-store");
            return response;
          },
      .summary = "Whether the login token still holds (the web asks every 60 s)",
      .rate_limit = kSessionCheckLimit,
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/user-info",
      .access = Access::logged_in,
      .handler =
          [&sessions](Request& r) {
            auto user = sessions.user(caller_of(r));
            if (!user) return http::error_response(errors::invalid_token());
            boost::json::object body = user_json(user->steam_id, user->username, user->avatar);
            body["id"] = user->id;
            body["email"] = user->email.empty() ? boost::json::value(nullptr) : boost::json::value(user->email);
            auto response = http::json_response(body);
            response.set_header("Cache-Control", "no-store");
            return response;
          },
      .summary = "The logged-in user",
      .rate_limit = kSessionLimit,
  });
  routes.post_json(
      "/api/auth/steam/token", Access::logged_in,
      [&sessions](Request& r) {
        auto body = http::dto::parse_body<dto::SteamIdOnly>(r);
        if (!body) return http::error_response(body.error());
        auto token = sessions.refresh(caller_of(r), *body->steamId);
        if (!token) return http::error_response(token.error());
        return http::json_response({{"token", token->token}});
      },
      kSessionLimit);
  routes.post_json(
      "/api/auth/log", Access::logged_in,
      [&sessions](Request& r) {
        auto body = http::dto::parse_body<dto::AuthLogEntry>(r);
        if (!body) return http::error_response(body.error());
        if (auto logged = sessions.log(caller_of(r), *body->steamId, *body->action, r.remote_address); !logged) {
          return http::error_response(logged.error());
        }
        return http::empty_response(204);
      },
      kSessionLimit);
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = "/api/auth/logout-all",
      .access = Access::logged_in,
      .handler =
          [&sessions](Request& r) {
            sessions.end_everywhere(caller_of(r), r.remote_address);
            return http::empty_response(204);
          },
      .summary = "Log out everywhere: ends every session of the account, the caller's included",
      .rate_limit = kSessionLimit,
  });

  // ---- Steam OpenID returns ----
  auto& callbacks = d.callbacks;
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/callback",
      .exec = http::Exec::outbound,  // verifies with Steam, fetches the profile
      .handler = [&callbacks](Request& r) { return redirect(callbacks.login(raw_query(r), r.remote_address)); },
      .summary = "Steam OpenID login return",
      .rate_limit = kSteamLimit,
      .on_rate_limited =
          [&callbacks](std::chrono::seconds) { return redirect(callbacks.login_refused("rate_limited")); },
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/bind/callback",
      .exec = http::Exec::outbound,
      .handler = [&callbacks](Request& r) { return redirect(callbacks.bind(raw_query(r), r.remote_address)); },
      .summary = "Steam OpenID binding return",
      .rate_limit = kSteamLimit,
      .on_rate_limited =
          [&callbacks](std::chrono::seconds) { return redirect(callbacks.bind_refused("rate_limited")); },
  });

  // ---- game-server plugins ----
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = "/api/plugin/bind-tokens",
      .access = Access::game_server,
      .handler =
          [&steam, on_server = d.player_on_server](Request& r) {
            auto body = http::dto::parse_body<dto::SteamIdOnly>(r);
            if (!body) return http::error_response(body.error());
            const std::string& steam_id = *body->steamId;
            if (!core::is_steam_id64(steam_id)) {
              return http::error_response(http::field_error("steamId", "steamId must be a SteamID64"));
            }
            const std::int64_t server = r.principal->game_server_id;
            // Only for a player the plugin reported on this very server: a key cannot mint tokens for
            // arbitrary Steam accounts.
            if (!on_server(server, steam_id)) {
              return http::error_response(errors::player_not_on_server());
            }
            const std::string token = steam.issue_game_token(steam_id, server);
            return http::json_response({{"token", token}, {"expiresIn", kGameTokenValidMinutes * 60}}, 201);
          },
      .json_body = true,
      .summary = "A game-server plugin asks for an in-game bind token for a player on the server",
      .rate_limit = kPluginLimit,
      .scope = http::KeyScope::bind,
  });
}

core::Result<http::Principal> SessionAuthenticator::authenticate(std::string_view bearer_token, bool check_op) const {
  auto session = sessions_.authenticate(bearer_token);
  if (!session) return session.error();
  return http::Principal{
      .user_id = std::to_string(session->user.id),
      .steam_id = session->user.steam_id,
      .is_op = check_op && is_op_ && is_op_(session->user.steam_id),
      .token_id = session->claims.jti,
      .token_expires_at = session->claims.expires_at,
      .session_id = session->claims.session_id,
  };
}

core::Result<http::Principal> SessionAuthenticator::authenticate_bind(std::string_view bearer_token) const {
  auto claims = sessions_.verify_bind(bearer_token);
  if (!claims) return errors::unauthorized();
  return http::Principal{
      .user_id = std::to_string(claims->user_id),
      .token_id = claims->jti,
      .token_expires_at = claims->expires_at,
      .email = claims->email,
  };
}

}  // namespace portal::auth
