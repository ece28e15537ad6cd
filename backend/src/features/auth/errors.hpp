#pragma once
// The stable error codes of the auth feature (e-mail and Steam accounts, sessions, binding,
// memberships), one function each; http/api_error turns the kind into the status.
//   VALIDATION_FAILED          422  a bad field: action, steamId, group, days, source, sourceRef
//                                   (core::validation_failed)
//   INVALID_EMAIL              422  not an e-mail address (details.field email)
//   PASSWORD_INVALID_CHARS     422  a password character outside letters, digits and common symbols
//   PASSWORD_TOO_SHORT         422  a password under 8 characters
//   PASSWORD_TOO_LONG          422  a password over 128 characters (all three: details.field)
//   INVALID_CREDENTIALS        401  wrong e-mail or password
//   INVALID_TOKEN              401  a login token that is missing, bad, revoked, expired or names no user
//   UNAUTHORIZED               401  a token of another type, or a caller without the right to act
//   FORBIDDEN                  403  the Steam account is not the caller's
//   INVALID_CODE               400  a wrong or expired verification code (details.field code)
//   RESET_LINK_INVALID         400  a wrong or expired password reset link
//   INVALID_BIND_TOKEN         400  a wrong or expired bind token (details.field token)
//   USER_NOT_FOUND             404  no such user
//   EMAIL_NOT_REGISTERED       404  no account has this e-mail (details.field email)
//   MEMBERSHIP_NOT_FOUND       404  the account is not in the group (details.steamId, details.group)
//   EMAIL_ALREADY_REGISTERED   409  an account has this e-mail already
//   ALREADY_BOUND              409  the user has a Steam account bound already
//   STEAM_ALREADY_BOUND        409  the Steam account is bound to another user
//   STEAM_PROOF_REQUIRED       409  the Steam account has a portal account: bind it through a Steam login
//   PLAYER_NOT_ON_SERVER       409  the plugin names a player its server has not pushed (details.field steamId)
//   VIP_SOURCE_REF_CONFLICT    409  the sourceRef was used for another account (details.sourceRef)
//   RATE_LIMIT_EXCEEDED        429  too many attempts (details.retryAfter, seconds)
//   MAIL_FAILED                503  the verification or reset mail could not be sent

#include "core/error.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::auth::errors {

inline core::Error invalid_action() {
  return core::validation_failed("action", "action must be LOGIN-STEAM, LOGIN-EMAIL or LOGOUT");
}

inline core::Error steam_id_invalid() { return core::validation_failed("steamId", "steamId must be a SteamID64"); }

inline core::Error invalid_email() {
  return core::Error::make(core::ErrorKind::validation, "INVALID_EMAIL", "Please enter a valid email address",
                           {{"field", "email"}});
}

inline core::Error password_invalid_chars(std::string_view field) {
  return core::Error::make(core::ErrorKind::validation, "PASSWORD_INVALID_CHARS",
                           "Password may contain only letters, digits and common symbols", {{"field", field}});
}

inline core::Error password_too_short(std::string_view field) {
  return core::Error::make(core::ErrorKind::validation, "PASSWORD_TOO_SHORT",
                           "Password must be at least 8 characters long", {{"field", field}});
}

inline core::Error password_too_long(std::string_view field) {
  return core::Error::make(core::ErrorKind::validation, "PASSWORD_TOO_LONG",
                           "Password must be at most 128 characters long", {{"field", field}});
}

inline core::Error invalid_credentials() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_CREDENTIALS", "Invalid email or password");
}

inline core::Error invalid_token() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token");
}

// A bind token that fails verification where a Steam login completes the binding.
inline core::Error invalid_or_expired_token() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid or expired token");
}

inline core::Error unauthorized() {
  return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
}

inline core::Error not_your_account() {
  return core::Error::make(core::ErrorKind::forbidden, "FORBIDDEN", "This is not your account");
}

inline core::Error invalid_code() {
  return core::Error::make(core::ErrorKind::bad_request, "INVALID_CODE", "Invalid or expired verification code",
                           {{"field", "code"}});
}

inline core::Error reset_link_invalid() {
  return core::Error::make(core::ErrorKind::bad_request, "RESET_LINK_INVALID",
                           "Password reset link has expired or is invalid");
}

inline core::Error invalid_bind_token() {
  return core::Error::make(core::ErrorKind::bad_request, "INVALID_BIND_TOKEN", "Invalid or expired token",
                           {{"field", "token"}});
}

inline core::Error user_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "USER_NOT_FOUND", "User not found");
}

inline core::Error email_not_registered() {
  return core::Error::make(core::ErrorKind::not_found, "EMAIL_NOT_REGISTERED", "This email is not registered",
                           {{"field", "email"}});
}

inline core::Error membership_not_found(const std::string& steam_id, std::string_view group) {
  return core::Error::make(core::ErrorKind::not_found, "MEMBERSHIP_NOT_FOUND",
                           steam_id + " is not in group " + std::string(group),
                           {{"steamId", steam_id}, {"group", group}});
}

// details.field email: the service's check before the insert.
inline core::Error email_already_registered() {
  return core::Error::make(core::ErrorKind::conflict, "EMAIL_ALREADY_REGISTERED", "Email already registered",
                           {{"field", "email"}});
}

// Without details: the insert lost a race to another registration of the same e-mail.
inline core::Error email_already_registered_on_insert() {
  return core::Error::make(core::ErrorKind::conflict, "EMAIL_ALREADY_REGISTERED", "Email already registered");
}

inline core::Error already_bound() {
  return core::Error::make(core::ErrorKind::conflict, "ALREADY_BOUND", "User already has a bound Steam account");
}

inline core::Error steam_already_bound() {
  return core::Error::make(core::ErrorKind::conflict, "STEAM_ALREADY_BOUND",
                           "Steam account already bound to another user");
}

inline core::Error steam_proof_required() {
  return core::Error::make(core::ErrorKind::conflict, "STEAM_PROOF_REQUIRED",
                           "This Steam account already has a portal account: bind it by signing in through Steam");
}

inline core::Error player_not_on_server() {
  return core::Error::make(core::ErrorKind::conflict, "PLAYER_NOT_ON_SERVER",
                           "The player is not on this server: push the server's players (with steamId) first",
                           {{"field", "steamId"}});
}

inline core::Error vip_source_ref_conflict(const std::string& source_ref) {
  return core::Error::make(core::ErrorKind::conflict, "VIP_SOURCE_REF_CONFLICT",
                           "sourceRef '" + source_ref + "' was used for another account", {{"sourceRef", source_ref}});
}

inline core::Error rate_limited(std::chrono::seconds retry_after) {
  return core::Error::make(core::ErrorKind::rate_limited, "RATE_LIMIT_EXCEEDED",
                           "Too many requests, please try again later",
                           {{"retryAfter", static_cast<std::int64_t>(retry_after.count())}});
}

inline core::Error verification_mail_failed() {
  return core::Error::make(core::ErrorKind::unavailable, "MAIL_FAILED", "Failed to send verification code");
}

inline core::Error reset_mail_failed() {
  return core::Error::make(core::ErrorKind::unavailable, "MAIL_FAILED", "Failed to send reset email");
}

// The operator console: VIP time and groups belong to a Steam account.
inline core::Error no_steam_account() {
  return core::Error::make(core::ErrorKind::conflict, "NO_STEAM_ACCOUNT",
                           "This account has no Steam account bound: VIP and groups belong to Steam accounts");
}

// The operator console: an operator cannot take the op group from their own account.
inline core::Error own_op_group() {
  return core::Error::make(core::ErrorKind::conflict, "OWN_OP_GROUP", "Operators cannot take op from themselves");
}

}  // namespace portal::auth::errors
