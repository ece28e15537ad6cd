#pragma once
// Signed bearer tokens (JWT HS256 through libjwt). Each token names its type, so a bind token can never
// pass where a login token is needed. Revocation lives in the database (session service); this class
// only signs and checks signature, algorithm, issuer, audience, type and time.

#include "core/result.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::auth {

enum class TokenType { login, bind, inventory };
std::string_view to_string(TokenType type);

struct TokenClaims {
  TokenType type = TokenType::login;
  std::int64_t user_id = 0;
  std::string steam_id;  // login tokens
  std::string email;     // bind tokens: the e-mail account being bound
  std::string jti;
  std::int64_t generation = 0;  // login tokens: the user's session generation when issued
  // Login tokens: the sign-in they descend from (refreshing keeps it), so logout ends every token of
  // that sign-in. A token issued before sessions existed is a session of its own (its jti).
  std::string session_id;
  std::int64_t issued_at = 0;   // unix seconds
  std::int64_t expires_at = 0;  // unix seconds
};

struct IssuedToken {
  std::string token;
  TokenClaims claims;
};

class TokenService {
 public:
  // `secret` must be at least 32 bytes (std::invalid_argument otherwise).
  explicit TokenService(std::string secret);

  IssuedToken issue(TokenType type, std::int64_t user_id, std::string steam_id, std::string email,
                    std::chrono::seconds lifetime, std::int64_t now_unix, std::int64_t generation = 0,
                    std::string session_id = {}) const;

  // Error INVALID_TOKEN (401) for anything not a well-formed, correctly signed, unexpired HS256 token
  // of this issuer and audience; UNAUTHORIZED (401) for a valid token of another type.
  core::Result<TokenClaims> verify(std::string_view token, TokenType expected, std::int64_t now_unix) const;

 private:
  std::string secret_;
};

inline constexpr std::chrono::seconds kLoginTokenLifetime = std::chrono::hours(24 * 7);
inline constexpr std::chrono::seconds kBindTokenLifetime = std::chrono::minutes(15);

}  // namespace portal::auth
