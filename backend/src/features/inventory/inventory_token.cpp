#include "features/inventory/inventory_token.hpp"

#include "core/crypto.hpp"

#include <boost/json/parse.hpp>
#include <jwt.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>

namespace portal::inventory {

namespace {

struct JwtFree {
  void operator()(jwt_t* jwt) const { jwt_free(jwt); }
};
using JwtPtr = std::unique_ptr<jwt_t, JwtFree>;

core::Error refused(std::string code, std::string message) {
  return core::Error::make(core::ErrorKind::unauthorized, std::move(code), std::move(message));
}

std::string base64url_decode(std::string_view in, bool& ok) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  ok = true;
  for (char c : in) {
    const auto pos = alphabet.find(c);
    if (pos == std::string_view::npos) {
      ok = false;
      return {};
    }
    buffer = (buffer << 6) | static_cast<unsigned>(pos);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

std::optional<boost::json::object> json_object_of(std::string_view segment) {
  bool ok = false;
  const std::string text = base64url_decode(segment, ok);
  if (!ok || text.empty()) return std::nullopt;
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  return std::move(value.as_object());
}

// Only {"alg":"HS256"} (with an optional "typ":"JWT") passes, so "none", other algorithms and
// key-carrying headers never reach libjwt.
bool header_is_hs256(const boost::json::object& header) {
  for (const auto& [key, value] : header) {
    if (key == "alg") {
      if (!value.is_string() || value.as_string() != "HS256") return false;
    } else if (key == "typ") {
      if (!value.is_string() || value.as_string() != "JWT") return false;
    } else {
      return false;
    }
  }
  return header.contains("alg");
}

}  // namespace

InventoryTokenIssuer::InventoryTokenIssuer(InventoryTokenSettings settings) : settings_(std::move(settings)) {
  if (settings_.secret.size() < 32) throw std::invalid_argument("the inventory token secret must be at least 32 bytes");
  if (settings_.ttl.count() <= 0) throw std::invalid_argument("the inventory token lifetime must be positive");
}

IssuedInventoryToken InventoryTokenIssuer::issue(const Account& account, std::int64_t now_unix) const {
  InventoryClaims claims{
      .steam_id = account.steam_id,
      .name = account.username.empty() ? account.steam_id : account.username,
      .avatar = account.avatar,
      .issuer = settings_.issuer,
      .audience = settings_.audience,
      .issued_at = now_unix,
      .expires_at = now_unix + settings_.ttl.count(),
      .jti = core::random_token(16),
  };
  jwt_t* raw = nullptr;
  if (jwt_new(&raw) != 0) throw std::runtime_error("jwt_new failed");
  JwtPtr jwt(raw);
  const auto* key = reinterpret_cast<const unsigned char*>(settings_.secret.data());
  int rc = jwt_set_alg(jwt.get(), JWT_ALG_HS256, key, static_cast<int>(settings_.secret.size()));
  rc |= jwt_add_grant(jwt.get(), "typ", std::string(kTokenType).c_str());
  rc |= jwt_add_grant(jwt.get(), "sub", claims.steam_id.c_str());
  rc |= jwt_add_grant(jwt.get(), "name", claims.name.c_str());
  rc |= jwt_add_grant(jwt.get(), "avatar", claims.avatar.c_str());
  rc |= jwt_add_grant(jwt.get(), "iss", claims.issuer.c_str());
  rc |= jwt_add_grant(jwt.get(), "aud", claims.audience.c_str());
  rc |= jwt_add_grant_int(jwt.get(), "iat", static_cast<long>(claims.issued_at));
  rc |= jwt_add_grant_int(jwt.get(), "exp", static_cast<long>(claims.expires_at));
  rc |= jwt_add_grant(jwt.get(), "jti", claims.jti.c_str());
  if (rc != 0) throw std::runtime_error("building the inventory token failed");
  char* encoded = jwt_encode_str(jwt.get());
  if (encoded == nullptr) throw std::runtime_error("jwt_encode_str failed");
  std::string token(encoded);
  std::free(encoded);  // libjwt 1.x has no jwt_free_str
  return {std::move(token), std::move(claims)};
}

InventoryTokenVerifier::InventoryTokenVerifier(std::string secret, std::string issuer, std::string audience)
    : secret_(std::move(secret)), issuer_(std::move(issuer)), audience_(std::move(audience)) {}

core::Result<InventoryClaims> InventoryTokenVerifier::verify(std::string_view token, std::int64_t now_unix) const {
  if (token.empty()) return refused("TOKEN_MISSING", "No token was given");
  const auto first = token.find('.');
  const auto second = first == std::string_view::npos ? first : token.find('.', first + 1);
  if (token.size() > 4096 || second == std::string_view::npos || token.find('.', second + 1) != std::string_view::npos) {
    return refused("TOKEN_MALFORMED", "The token is not a JWT");
  }
  const auto header = json_object_of(token.substr(0, first));
  if (!header || !json_object_of(token.substr(first + 1, second - first - 1))) {
    return refused("TOKEN_MALFORMED", "The token is not a JWT");
  }
  if (!header_is_hs256(*header)) return refused("TOKEN_MALFORMED", "Only HS256 tokens are accepted");

  const std::string terminated(token);
  jwt_t* raw = nullptr;
  const auto* key = reinterpret_cast<const unsigned char*>(secret_.data());
  if (jwt_decode(&raw, terminated.c_str(), key, static_cast<int>(secret_.size())) != 0 || raw == nullptr) {
    return refused("TOKEN_BAD_SIGNATURE", "The token's signature does not match");
  }
  JwtPtr jwt(raw);
  if (jwt_get_alg(jwt.get()) != JWT_ALG_HS256) return refused("TOKEN_MALFORMED", "Only HS256 tokens are accepted");

  const auto text = [&](const char* name) -> std::string {
    const char* value = jwt_get_grant(jwt.get(), name);
    return value ? value : "";
  };
  if (text("typ") != kTokenType) return refused("TOKEN_WRONG_TYPE", "This is not an inventory token");
  InventoryClaims claims{
      .steam_id = text("sub"),
      .name = text("name"),
      .avatar = text("avatar"),
      .issuer = text("iss"),
      .audience = text("aud"),
      .issued_at = jwt_get_grant_int(jwt.get(), "iat"),
      .expires_at = jwt_get_grant_int(jwt.get(), "exp"),
      .jti = text("jti"),
  };
  if (claims.issuer != issuer_) return refused("TOKEN_WRONG_ISSUER", "The token comes from another portal");
  if (claims.audience != audience_) return refused("TOKEN_WRONG_AUDIENCE", "The token was made for another site");
  if (claims.steam_id.empty() || claims.jti.empty()) return refused("TOKEN_MALFORMED", "The token lacks sub or jti");
  if (claims.expires_at <= now_unix) return refused("TOKEN_EXPIRED", "The token has expired");
  if (claims.issued_at > now_unix + kClockSkewSeconds) {
    return refused("TOKEN_NOT_YET_VALID", "The token is dated in the future");
  }
  return claims;
}

}  // namespace portal::inventory
