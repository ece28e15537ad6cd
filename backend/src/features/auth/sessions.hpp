#pragma once
// Login sessions: what a bearer token proves (signature, type, expiry, not logged out, the account's
// current session generation), token refresh, the auth log and logout (spec 000 sections 4.1 and 7).

#include "core/result.hpp"
#include "features/auth/session_repository.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"

#include <functional>
#include <optional>
#include <string>

namespace portal::auth {

struct Session {
  User user;
  TokenClaims claims;
};

// Who made an authenticated request, as the HTTP layer hands it back after authenticate().
struct Caller {
  std::int64_t user_id = 0;
  std::string steam_id;
  std::string token_id;
  std::int64_t token_expires_at = 0;
  std::string session_id;  // the sign-in the token descends from
};

class Sessions {
 public:
  Sessions(UserRepository& users, SessionRepository& sessions, const TokenService& tokens,
           std::function<std::int64_t()> now)
      : users_(users), sessions_(sessions), tokens_(tokens), now_(std::move(now)) {}

  // INVALID_TOKEN (401) unless the login token is valid now; UNAUTHORIZED for a token of another type.
  core::Result<Session> authenticate(std::string_view bearer) const;
  // The claims of a valid bind token (an e-mail account binding its Steam account).
  core::Result<TokenClaims> verify_bind(std::string_view bearer) const {
    return tokens_.verify(bearer, TokenType::bind, now_());
  }
  // A fresh 7-day login token for the bearer's own account; FORBIDDEN for anyone else's steamId.
  core::Result<IssuedToken> refresh(const Caller& caller, std::string_view steam_id) const;
  // Records LOGIN-STEAM, LOGIN-EMAIL or LOGOUT for the bearer's own account; LOGOUT also ends the
  // bearer's sign-in session: the token and every token refreshed from the same sign-in.
  core::Status log(const Caller& caller, std::string_view steam_id, std::string_view action,
                   const std::string& ip) const;
  // The bearer's sign-in session was used now (the web's session check): its last_seen_at.
  void seen(const Caller& caller, const std::string& ip) const {
    sessions_.seen(caller.session_id, caller.user_id, ip, now_());
  }
  // Ends every session of the bearer's account on every device, the bearer's own included.
  void end_everywhere(const Caller& caller, const std::string& ip) const;
  std::optional<User> user(const Caller& caller) const { return users_.find_by_id(caller.user_id); }

 private:
  UserRepository& users_;
  SessionRepository& sessions_;
  const TokenService& tokens_;
  std::function<std::int64_t()> now_;
};

}  // namespace portal::auth
