#pragma once
// The short-lived token that signs a portal user in at the inventory site (JWT HS256 through libjwt).
// It is signed with the inventory secret shared with that site, never with the login secret, and
// names the player (sub = SteamID64, name, avatar), this portal (iss) and the site (aud).
//
// The issuer serves POST /api/auth/inventory/sign-in; the verifier is what the site does with the token
// (demo mode's stand-in page uses it).

#include "core/result.hpp"
#include "features/inventory/account.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::inventory {

inline constexpr std::string_view kTokenType = "inventory";

struct InventoryClaims {
  std::string steam_id;  // sub
  std::string name;
  std::string avatar;
  std::string issuer;           // iss: the portal's public URL
  std::string audience;         // aud: the origin of the inventory site's sign-in URL
  std::int64_t issued_at = 0;   // iat, unix seconds
  std::int64_t expires_at = 0;  // exp = iat + ttl
  std::string jti;
};

struct IssuedInventoryToken {
  std::string token;
  InventoryClaims claims;
};

struct InventoryTokenSettings {
  std::string secret;    // at least 32 bytes
  std::string issuer;    // iss
  std::string audience;  // aud
  std::chrono::seconds ttl{60};
};

class InventoryTokenIssuer {
 public:
  // std::invalid_argument when the secret is shorter than 32 bytes or the ttl is not positive.
  explicit InventoryTokenIssuer(InventoryTokenSettings settings);

  // A token for the account's Steam id, name (the SteamID64 when it has none) and avatar.
  IssuedInventoryToken issue(const Account& account, std::int64_t now_unix) const;
  std::chrono::seconds ttl() const { return settings_.ttl; }

 private:
  InventoryTokenSettings settings_;
};

// Checks what the inventory site checks: the HS256 header, the signature, typ, iss, aud and time.
// Every refusal is an unauthorized error whose code names the reason: TOKEN_MISSING, TOKEN_MALFORMED,
// TOKEN_BAD_SIGNATURE, TOKEN_WRONG_TYPE, TOKEN_WRONG_ISSUER, TOKEN_WRONG_AUDIENCE, TOKEN_EXPIRED,
// TOKEN_NOT_YET_VALID.
class InventoryTokenVerifier {
 public:
  InventoryTokenVerifier(std::string secret, std::string issuer, std::string audience);

  core::Result<InventoryClaims> verify(std::string_view token, std::int64_t now_unix) const;

 private:
  std::string secret_;
  std::string issuer_;
  std::string audience_;
};

// Seconds a token may be dated ahead of the verifier's clock.
inline constexpr std::int64_t kClockSkewSeconds = 60;

}  // namespace portal::inventory
