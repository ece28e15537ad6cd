#pragma once
// The stable error codes of the inventory feature, one function each; http/api_error turns the kind into
// the status.
//   VALIDATION_FAILED     422  steamId is not a SteamID64 (core::validation_failed)
//   INVALID_TOKEN         401  the login token names no account
//   NOT_YOUR_ACCOUNT      403  the Steam account is not the caller's
//   STEAM_NOT_BOUND       409  the caller has no Steam account bound
//   TOKEN_MISSING, TOKEN_BAD_SIGNATURE, TOKEN_MALFORMED, TOKEN_WRONG_TYPE, TOKEN_WRONG_ISSUER,
//   TOKEN_WRONG_AUDIENCE, TOKEN_EXPIRED, TOKEN_NOT_YET_VALID
//                         401  an inventory token the inventory site sent back is refused

#include "core/error.hpp"

namespace portal::inventory::errors {

inline core::Error steam_id_invalid() { return core::validation_failed("steamId", "steamId must be a SteamID64"); }

inline core::Error invalid_token() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token");
}

inline core::Error not_your_account() {
  return core::Error::make(core::ErrorKind::forbidden, "NOT_YOUR_ACCOUNT",
                           "This Steam account is not the one bound to your account");
}

inline core::Error steam_not_bound() {
  return core::Error::make(core::ErrorKind::conflict, "STEAM_NOT_BOUND",
                           "Your account has no Steam account bound; bind one first");
}

// The inventory token refusals (all 401).
inline core::Error token_refused(const char* code, const char* message) {
  return core::Error::make(core::ErrorKind::unauthorized, code, message);
}
inline core::Error token_missing() { return token_refused("TOKEN_MISSING", "No token was given"); }
inline core::Error token_bad_signature() {
  return token_refused("TOKEN_BAD_SIGNATURE", "The token's signature does not match");
}
inline core::Error token_malformed() { return token_refused("TOKEN_MALFORMED", "The token is not an HS256 JWT"); }
inline core::Error token_lacks_claims() { return token_refused("TOKEN_MALFORMED", "The token lacks sub or jti"); }
inline core::Error token_wrong_type() { return token_refused("TOKEN_WRONG_TYPE", "This is not an inventory token"); }
inline core::Error token_wrong_issuer() {
  return token_refused("TOKEN_WRONG_ISSUER", "The token comes from another portal");
}
inline core::Error token_wrong_audience() {
  return token_refused("TOKEN_WRONG_AUDIENCE", "The token was made for another site");
}
inline core::Error token_expired() { return token_refused("TOKEN_EXPIRED", "The token has expired"); }
inline core::Error token_not_yet_valid() {
  return token_refused("TOKEN_NOT_YET_VALID", "The token is dated in the future");
}

}  // namespace portal::inventory::errors
