#include "features/inventory/inventory_token.hpp"

#include "core/crypto.hpp"
#include "core/jwt_hs256.hpp"

#include <stdexcept>

namespace portal::inventory {

namespace {

core::Error refused(std::string code, std::string message) {
  return core::Error::make(core::ErrorKind::unauthorized, std::move(code), std::move(message));
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
  std::string token = core::encode_hs256(settings_.secret, {{"typ", std::string(kTokenType)},
                                                            {"sub", claims.steam_id},
                                                            {"name", claims.name},
                                                            {"avatar", claims.avatar},
                                                            {"iss", claims.issuer},
                                                            {"aud", claims.audience},
                                                            {"iat", claims.issued_at},
                                                            {"exp", claims.expires_at},
                                                            {"jti", claims.jti}});
  return {std::move(token), std::move(claims)};
}

InventoryTokenVerifier::InventoryTokenVerifier(std::string secret, std::string issuer, std::string audience)
    : secret_(std::move(secret)), issuer_(std::move(issuer)), audience_(std::move(audience)) {}

core::Result<InventoryClaims> InventoryTokenVerifier::verify(std::string_view token, std::int64_t now_unix) const {
  if (token.empty()) return refused("TOKEN_MISSING", "No token was given");
  const auto decoded = core::decode_hs256(token, secret_);
  if (const auto* refusal = std::get_if<core::JwtRefusal>(&decoded)) {
    if (*refusal == core::JwtRefusal::bad_signature) {
      return refused("TOKEN_BAD_SIGNATURE", "The token's signature does not match");
    }
    return refused("TOKEN_MALFORMED", "The token is not an HS256 JWT");
  }
  const auto& jwt = std::get<core::JwtClaims>(decoded);
  const auto text = [&](const char* name) { return jwt.text(name); };
  if (text("typ") != kTokenType) return refused("TOKEN_WRONG_TYPE", "This is not an inventory token");
  InventoryClaims claims{
      .steam_id = text("sub"),
      .name = text("name"),
      .avatar = text("avatar"),
      .issuer = text("iss"),
      .audience = text("aud"),
      .issued_at = jwt.number("iat"),
      .expires_at = jwt.number("exp"),
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
