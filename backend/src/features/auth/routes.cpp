#include "features/auth/routes.hpp"

#include "core/steam_id.hpp"
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
constexpr const char* kSteamLimit = "auth.steam";
constexpr const char* kPluginLimit = "auth.plugin";

// Reads the listed string fields; every one is required.
struct Fields {
  std::map<std::string, std::string, std::less<>> values;
  std::optional<core::Error> error;
  const std::string& operator[](std::string_view name) const { return values.find(name)->second; }
};

Fields read_fields(const Request& request, std::initializer_list<std::pair<const char*, std::size_t>> specs) {
  Fields out;
  auto body = http::parse_json_object(request);
  if (!body) {
    out.error = body.error();
    return out;
  }
  for (const auto& [name, max] : specs) {
    auto value = http::string_field(*body, name, max, out.error);
    if (out.error) return out;
    if (!value) {
      out.error = http::field_error(name, std::string(name) + " is required");
      return out;
    }
    out.values.emplace(name, std::move(*value));
  }
  return out;
}

Caller caller_of(const Request& request) {
  const auto& p = *request.principal;
  return Caller{std::stoll(p.user_id), p.steam_id, p.token_id, p.token_expires_at};
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
  auto f = read_fields(request, {{"email", 320}});
  if (f.error) return http::error_response(*f.error);
  auto exists = email.exists(f["email"]);
  if (!exists) return http::error_response(exists.error());
  return http::json_response({{"exists", *exists}});
}

Response send_code(EmailAccounts& email, Request& request) {
  auto f = read_fields(request, {{"email", 320}});
  if (f.error) return http::error_response(*f.error);
  if (auto sent = email.send_code(f["email"]); !sent) return http::error_response(sent.error());
  return http::json_response(
      {{"sent", true}, {"resendAfter", kCodeResendSeconds}, {"expiresIn", kCodeValidMinutes * 60}});
}

Response register_account(EmailAccounts& email, Request& request) {
  auto f = read_fields(request, {{"email", 320}, {"password", 1024}, {"code", 32}});
  if (f.error) return http::error_response(*f.error);
  auto token = email.register_account(f["email"], f["password"], f["code"], request.remote_address);
  if (!token) return http::error_response(token.error());
  return http::json_response({{"token", token->token}, {"tokenType", "bind"}, {"email", token->claims.email}}, 201);
}

Response login(EmailAccounts& email, Request& request) {
  auto f = read_fields(request, {{"email", 320}, {"password", 1024}});
  if (f.error) return http::error_response(*f.error);
  auto outcome = email.login(f["email"], f["password"], request.remote_address);
  if (!outcome) return http::error_response(outcome.error());
  if (outcome->needs_steam_binding) {
    return http::json_response({{"needsSteamBinding", true},
                                {"token", outcome->token.token},
                                {"tokenType", "bind"},
                                {"email", outcome->user.email}});
  }
  boost::json::object body = user_json(outcome->user.steam_id, outcome->user.username, outcome->user.avatar);
  body["id"] = outcome->user.id;
  body["needsSteamBinding"] = false;
  body["token"] = outcome->token.token;
  body["tokenType"] = "login";
  return http::json_response(body);
}

Response reset_password(EmailAccounts& email, Request& request) {
  auto body = http::parse_json_object(request);
  if (!body) return http::error_response(body.error());
  std::optional<core::Error> error;
  const auto address = http::string_field(*body, "email", 320, error);
  (void)http::string_field(*body, "language", 8, error);  // the mail carries both languages
  if (!error && !address) error = http::field_error("email", "email is required");
  if (error) return http::error_response(*error);
  if (auto sent = email.request_reset(*address); !sent) return http::error_response(sent.error());
  return http::json_response({{"sent", true}});
}

Response confirm_reset(EmailAccounts& email, Request& request) {
  auto f = read_fields(request, {{"email", 320}, {"token", 128}, {"newPassword", 1024}});
  if (f.error) return http::error_response(*f.error);
  if (auto done = email.confirm_reset(f["email"], f["token"], f["newPassword"], request.remote_address); !done) {
    return http::error_response(done.error());
  }
  return http::json_response({{"reset", true}});
}

// ---- binding with a bind token ----

core::Result<TokenClaims> bind_claims(const TokenService& tokens, const Request& request, std::int64_t now) {
  const auto bearer = request.bearer_token();
  if (bearer.empty()) return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
  auto claims = tokens.verify(bearer, TokenType::bind, now);
  if (!claims) return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
  return claims;
}

}  // namespace

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() {
  return {
      {kLoginLimit, {20, 5min}},   // each attempt may cost a password hash
      {kLookupLimit, {60, 5min}},  // availability check on blur
      {kMailLimit, {20, 1h}},      // codes and reset links: each sends a mail
      {kRegisterLimit, {20, 1h}},   {kResetLimit, {20, 15min}}, {kBindLimit, {30, 15min}},
      {kSessionLimit, {300, 5min}},  // token refresh, log, user info: the web calls these routinely
      {kSteamLimit, {60, 5min}},     // callbacks: each costs a round trip to Steam
      {kPluginLimit, {600, 1min}},   // game servers asking bind tokens for their players
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
      kRegisterLimit);
  routes.post_json(
      "/api/auth/email/login", Access::public_access, [&email](Request& r) { return login(email, r); }, kLoginLimit);
  routes.post_json(
      "/api/auth/email/reset-password", Access::public_access,
      [&email](Request& r) { return reset_password(email, r); }, kMailLimit);
  routes.post_json(
      "/api/auth/email/reset-password/confirm", Access::public_access,
      [&email](Request& r) { return confirm_reset(email, r); }, kResetLimit);

  auto& steam = d.steam;
  auto& sessions = d.sessions;
  const TokenService& tokens = d.tokens;
  const auto now = d.now;
  routes.post_json(
      "/api/auth/email/bind-steam-token-validation", Access::public_access,
      [&steam, &tokens, now](Request& r) {
        auto claims = bind_claims(tokens, r, now());
        if (!claims) return http::error_response(claims.error());
        auto f = read_fields(r, {{"email", 320}, {"token", 64}});
        if (f.error) return http::error_response(*f.error);
        auto identity = steam.redeem_game_token(*claims, f["email"], f["token"]);
        if (!identity) return http::error_response(identity.error());
        return http::json_response(user_json(identity->steam_id, identity->username, identity->avatar));
      },
      kBindLimit);
  routes.post_json(
      "/api/auth/email/bind-steam", Access::public_access,
      [&steam, &tokens, now](Request& r) {
        auto claims = bind_claims(tokens, r, now());
        if (!claims) return http::error_response(claims.error());
        auto f = read_fields(r, {{"email", 320}, {"steamId", 32}});
        if (f.error) return http::error_response(*f.error);
        auto bound = steam.bind_proven(*claims, f["email"], f["steamId"], r.remote_address);
        if (!bound) return http::error_response(bound.error());
        boost::json::object body = user_json(bound->second.steam_id, bound->second.username, bound->second.avatar);
        body["id"] = bound->first.claims.user_id;
        body["token"] = bound->first.token;
        body["tokenType"] = "login";
        return http::json_response(body);
      },
      kBindLimit);

  // ---- sessions ----
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/user-info",
      .access = Access::logged_in,
      .handler =
          [&sessions](Request& r) {
            auto user = sessions.user(caller_of(r));
            if (!user)
              return http::error_response(
                  core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token"));
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
        auto f = read_fields(r, {{"steamId", 32}});
        if (f.error) return http::error_response(*f.error);
        auto token = sessions.refresh(caller_of(r), f["steamId"]);
        if (!token) return http::error_response(token.error());
        return http::json_response({{"token", token->token}});
      },
      kSessionLimit);
  routes.post_json(
      "/api/auth/log", Access::logged_in,
      [&sessions](Request& r) {
        auto f = read_fields(r, {{"steamId", 32}, {"action", 32}});
        if (f.error) return http::error_response(*f.error);
        if (auto logged = sessions.log(caller_of(r), f["steamId"], f["action"], r.remote_address); !logged) {
          return http::error_response(logged.error());
        }
        return http::empty_response(204);
      },
      kSessionLimit);

  // ---- Steam OpenID returns ----
  auto& callbacks = d.callbacks;
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/callback",
      .handler = [&callbacks](Request& r) { return redirect(callbacks.login(raw_query(r), r.remote_address)); },
      .summary = "Steam OpenID login return",
      .rate_limit = kSteamLimit,
      .on_rate_limited =
          [&callbacks](std::chrono::seconds) { return redirect(callbacks.login_refused("rate_limited")); },
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/auth/steam/bind/callback",
      .handler = [&callbacks](Request& r) { return redirect(callbacks.bind(raw_query(r), r.remote_address)); },
      .summary = "Steam OpenID binding return",
      .rate_limit = kSteamLimit,
      .on_rate_limited =
          [&callbacks](std::chrono::seconds) { return redirect(callbacks.bind_refused("rate_limited")); },
  });

  // ---- game-server plugins ----
  auto key_check = d.server_for_plugin_key;
  routes.post_json(
      "/api/plugin/bind-tokens", Access::public_access,
      [&steam, key_check](Request& r) {
        const auto server = r.bearer_token().empty() ? std::nullopt : key_check(r.bearer_token());
        if (!server) return http::error_response(http::errors::unauthorized());
        auto f = read_fields(r, {{"steamId", 32}});
        if (f.error) return http::error_response(*f.error);
        if (!core::is_steam_id64(f["steamId"])) {
          return http::error_response(http::field_error("steamId", "steamId must be a SteamID64"));
        }
        const std::string token = steam.issue_game_token(f["steamId"], *server);
        return http::json_response({{"token", token}, {"expiresIn", kGameTokenValidMinutes * 60}}, 201);
      },
      kPluginLimit);
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
  };
}

}  // namespace portal::auth
