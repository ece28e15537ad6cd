#include "features/auth/token_service.hpp"

#include "core/crypto.hpp"
#include "core/jwt_hs256.hpp"
#include "features/auth/errors.hpp"

#include <cstdlib>
#include <stdexcept>

namespace portal::auth {

namespace {

constexpr const char* kIssuer = "cs2-portal";
constexpr const char* kAudience = "cs2-portal-web";

bool parse_type(std::string_view text, TokenType& out) {
  for (TokenType t : {TokenType::login, TokenType::bind, TokenType::inventory}) {
    if (to_string(t) == text) {
      out = t;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string_view to_string(TokenType type) {
  switch (type) {
    case TokenType::login:
      return "login";
    case TokenType::bind:
      return "bind";
    case TokenType::inventory:
      return "inventory";
  }
  return "login";
}

TokenService::TokenService(std::string secret) : secret_(std::move(secret)) {
  if (secret_.size() < 32) throw std::invalid_argument("the token secret must be at least 32 bytes");
}

IssuedToken TokenService::issue(TokenType type, std::int64_t user_id, std::string steam_id, std::string email,
                                std::chrono::seconds lifetime, std::int64_t now_unix, std::int64_t generation,
                                std::string session_id) const {
  TokenClaims claims{type,
                     user_id,
                     std::move(steam_id),
                     std::move(email),
                     core::random_token(16),
                     generation,
                     std::move(session_id),
                     now_unix,
                     now_unix + lifetime.count()};
  if (type == TokenType::login && claims.session_id.empty()) claims.session_id = core::random_token(16);
  std::vector<core::JwtClaim> grants{
      {"iss", std::string(kIssuer)},
      {"aud", std::string(kAudience)},
      {"sub", std::to_string(user_id)},
      {"typ", std::string(to_string(type))},
      {"jti", claims.jti},
  };
  if (!claims.steam_id.empty()) grants.push_back({"sid", claims.steam_id});
  if (!claims.email.empty()) grants.push_back({"eml", claims.email});
  if (!claims.session_id.empty()) grants.push_back({"ses", claims.session_id});
  grants.push_back({"gen", claims.generation});
  grants.push_back({"iat", claims.issued_at});
  grants.push_back({"exp", claims.expires_at});
  std::string token = core::encode_hs256(secret_, grants);
  return {std::move(token), std::move(claims)};
}

core::Result<TokenClaims> TokenService::verify(std::string_view token, TokenType expected,
                                               std::int64_t now_unix) const {
  if (token.empty()) return errors::invalid_token();
  const auto decoded = core::decode_hs256(token, secret_);
  if (std::holds_alternative<core::JwtRefusal>(decoded)) return errors::invalid_token();
  const auto& jwt = std::get<core::JwtClaims>(decoded);
  const auto text = [&](const char* name) { return jwt.text(name); };
  TokenClaims claims;
  if (text("iss") != kIssuer || text("aud") != kAudience || !parse_type(text("typ"), claims.type)) {
    return errors::invalid_token();
  }
  claims.generation = jwt.number("gen");
  claims.issued_at = jwt.number("iat");
  claims.expires_at = jwt.number("exp");
  claims.jti = text("jti");
  claims.steam_id = text("sid");
  claims.email = text("eml");
  claims.session_id = text("ses");
  const std::string subject = text("sub");
  char* end = nullptr;
  claims.user_id = std::strtoll(subject.c_str(), &end, 10);
  if (subject.empty() || end == nullptr || *end != '\0' || claims.user_id <= 0 || claims.jti.empty()) {
    return errors::invalid_token();
  }
  if (claims.expires_at <= now_unix || claims.issued_at > now_unix + 60) return errors::invalid_token();
  if (claims.type == TokenType::login && claims.session_id.empty()) claims.session_id = claims.jti;
  if (claims.type != expected) return errors::unauthorized();
  return claims;
}

}  // namespace portal::auth
