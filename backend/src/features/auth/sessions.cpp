#include "features/auth/sessions.hpp"

#include "features/auth/errors.hpp"

namespace portal::auth {

core::Result<Session> Sessions::authenticate(std::string_view bearer) const {
  auto claims = tokens_.verify(bearer, TokenType::login, now_());
  if (!claims) return claims.error();
  if (sessions_.is_revoked(claims->jti, claims->session_id)) return errors::invalid_token();
  auto user = users_.find_by_id(claims->user_id);
  if (!user || user->steam_id != claims->steam_id || user->session_generation != claims->generation) {
    return errors::invalid_token();
  }
  return Session{std::move(*user), std::move(*claims)};
}

core::Result<IssuedToken> Sessions::refresh(const Caller& caller, std::string_view steam_id) const {
  if (steam_id != caller.steam_id) return errors::not_your_account();
  const auto user = users_.find_by_id(caller.user_id);
  if (!user) return errors::invalid_token();
  // The fresh token stays in the caller's sign-in session, so a logout still ends it.
  return tokens_.issue(TokenType::login, user->id, user->steam_id, "", kLoginTokenLifetime, now_(),
                       user->session_generation, caller.session_id);
}

core::Status Sessions::log(const Caller& caller, std::string_view steam_id, std::string_view action,
                           const std::string& ip) const {
  if (action != "LOGIN-STEAM" && action != "LOGIN-EMAIL" && action != "LOGOUT") {
    return errors::invalid_action();
  }
  if (steam_id != caller.steam_id) return errors::not_your_account();
  const std::int64_t now = now_();
  sessions_.log(caller.user_id, caller.steam_id, std::string(action), ip, now);
  if (action == "LOGOUT") {
    sessions_.revoke(caller.token_id, caller.token_expires_at);
    // No token of the session can be younger than now, so none outlives now + a token's lifetime.
    sessions_.end_session(caller.session_id, now + kLoginTokenLifetime.count());
  }
  return core::Ok{};
}

void Sessions::end_everywhere(const Caller& caller, const std::string& ip) const {
  const std::int64_t now = now_();
  users_.end_all_sessions(caller.user_id, now);
  sessions_.log(caller.user_id, caller.steam_id, "LOGOUT-ALL", ip, now);
}

}  // namespace portal::auth
