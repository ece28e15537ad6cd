#include "features/auth/token_service.hpp"

#include "core/crypto.hpp"

#include <boost/json/parse.hpp>
#include <jwt.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace portal::auth {

namespace {

constexpr const char* kIssuer = "cs2-portal";
constexpr const char* kAudience = "cs2-portal-web";

struct JwtFree {
  void operator()(jwt_t* jwt) const { jwt_free(jwt); }
};
using JwtPtr = std::unique_ptr<jwt_t, JwtFree>;

core::Error invalid_token() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token");
}

core::Error wrong_type() {
  return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
}

bool parse_type(std::string_view text, TokenType& out) {
  for (TokenType t : {TokenType::login, TokenType::bind, TokenType::inventory}) {
    if (to_string(t) == text) {
      out = t;
      return true;
    }
  }
  return false;
}

std::string base64url_decode(std::string_view in) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : in) {
    const auto pos = alphabet.find(c);
    if (pos == std::string_view::npos) return {};
    buffer = (buffer << 6) | static_cast<unsigned>(pos);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

// The header is checked before libjwt sees the token: only {"alg":"HS256"} (with an optional "typ":"JWT")
// is accepted, so "none", asymmetric algorithms and key-carrying headers never reach the library.
bool header_is_hs256(std::string_view token) {
  const std::size_t dot = token.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 256) return false;
  boost::system::error_code ec;
  const auto header = boost::json::parse(base64url_decode(token.substr(0, dot)), ec);
  if (ec || !header.is_object()) return false;
  const auto& object = header.as_object();
  for (const auto& [key, value] : object) {
    if (key == "alg") {
      if (!value.is_string() || value.as_string() != "HS256") return false;
    } else if (key == "typ") {
      if (!value.is_string() || value.as_string() != "JWT") return false;
    } else {
      return false;
    }
  }
  return object.contains("alg");
}

}  // namespace

std::string_view to_string(TokenType type) {
  switch (type) {
    case TokenType::login: return "login";
    case TokenType::bind: return "bind";
    case TokenType::inventory: return "inventory";
  }
  return "login";
}

TokenService::TokenService(std::string secret) : secret_(std::move(secret)) {
  if (secret_.size() < 32) throw std::invalid_argument("the token secret must be at least 32 bytes");
}

IssuedToken TokenService::issue(TokenType type, std::int64_t user_id, std::string steam_id, std::string email,
                                std::chrono::seconds lifetime, std::int64_t now_unix, std::int64_t generation) const {
  TokenClaims claims{type,       user_id,  std::move(steam_id),        std::move(email), core::random_token(16),
                     generation, now_unix, now_unix + lifetime.count()};
  jwt_t* raw = nullptr;
  if (jwt_new(&raw) != 0) throw std::runtime_error("jwt_new failed");
  JwtPtr jwt(raw);
  const auto* key = reinterpret_cast<const unsigned char*>(secret_.data());
  int rc = jwt_set_alg(jwt.get(), JWT_ALG_HS256, key, static_cast<int>(secret_.size()));
  rc |= jwt_add_grant(jwt.get(), "iss", kIssuer);
  rc |= jwt_add_grant(jwt.get(), "aud", kAudience);
  rc |= jwt_add_grant(jwt.get(), "sub", std::to_string(user_id).c_str());
  rc |= jwt_add_grant(jwt.get(), "typ", std::string(to_string(type)).c_str());
  rc |= jwt_add_grant(jwt.get(), "jti", claims.jti.c_str());
  if (!claims.steam_id.empty()) rc |= jwt_add_grant(jwt.get(), "sid", claims.steam_id.c_str());
  if (!claims.email.empty()) rc |= jwt_add_grant(jwt.get(), "eml", claims.email.c_str());
  rc |= jwt_add_grant_int(jwt.get(), "gen", static_cast<long>(claims.generation));
  rc |= jwt_add_grant_int(jwt.get(), "iat", static_cast<long>(claims.issued_at));
  rc |= jwt_add_grant_int(jwt.get(), "exp", static_cast<long>(claims.expires_at));
  if (rc != 0) throw std::runtime_error("building the token failed");
  char* encoded = jwt_encode_str(jwt.get());
  if (encoded == nullptr) throw std::runtime_error("jwt_encode_str failed");
  std::string token(encoded);
  std::free(encoded);  // libjwt 1.x has no jwt_free_str
  return {std::move(token), std::move(claims)};
}

core::Result<TokenClaims> TokenService::verify(std::string_view token, TokenType expected, std::int64_t now_unix) const {
  if (token.empty() || token.size() > 4096 || !header_is_hs256(token)) return invalid_token();
  const std::string terminated(token);
  jwt_t* raw = nullptr;
  const auto* key = reinterpret_cast<const unsigned char*>(secret_.data());
  if (jwt_decode(&raw, terminated.c_str(), key, static_cast<int>(secret_.size())) != 0 || raw == nullptr) {
    return invalid_token();
  }
  JwtPtr jwt(raw);
  if (jwt_get_alg(jwt.get()) != JWT_ALG_HS256) return invalid_token();

  const auto text = [&](const char* name) -> std::string {
    const char* value = jwt_get_grant(jwt.get(), name);
    return value ? value : "";
  };
  TokenClaims claims;
  if (text("iss") != kIssuer || text("aud") != kAudience || !parse_type(text("typ"), claims.type)) {
    return invalid_token();
  }
  claims.generation = jwt_get_grant_int(jwt.get(), "gen");
  claims.issued_at = jwt_get_grant_int(jwt.get(), "iat");
  claims.expires_at = jwt_get_grant_int(jwt.get(), "exp");
  claims.jti = text("jti");
  claims.steam_id = text("sid");
  claims.email = text("eml");
  const std::string subject = text("sub");
  char* end = nullptr;
  claims.user_id = std::strtoll(subject.c_str(), &end, 10);
  if (subject.empty() || end == nullptr || *end != '\0' || claims.user_id <= 0 || claims.jti.empty()) {
    return invalid_token();
  }
  if (claims.expires_at <= now_unix || claims.issued_at > now_unix + 60) return invalid_token();
  if (claims.type != expected) return wrong_type();
  return claims;
}

}  // namespace portal::auth
