#include "features/inventory/inventory_token.hpp"

#include "core/crypto.hpp"
#include "core/jwt_hs256.hpp"
#include "features/inventory/errors.hpp"

#include <stdexcept>

namespace portal::inventory {

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
  if (token.empty()) return errors::token_missing();
  const auto decoded = core::decode_hs256(token, secret_);
  if (const auto* refusal = std::get_if<core::JwtRefusal>(&decoded)) {
    if (*refusal == core::JwtRefusal::bad_signature) {
      return errors::token_bad_signature();
    }
    return errors::token_malformed();
  }
  const auto& jwt = std::get<core::JwtClaims>(decoded);
  const auto text = [&](const char* name) { return jwt.text(name); };
  if (text("typ") != kTokenType) return errors::token_wrong_type();
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
  if (claims.issuer != issuer_) return errors::token_wrong_issuer();
  if (claims.audience != audience_) return errors::token_wrong_audience();
  if (claims.steam_id.empty() || claims.jti.empty()) return errors::token_lacks_claims();
  if (claims.expires_at <= now_unix) return errors::token_expired();
  if (claims.issued_at > now_unix + kClockSkewSeconds) {
    return errors::token_not_yet_valid();
  }
  return claims;
}

}  // namespace portal::inventory
