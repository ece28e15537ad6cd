#pragma once
// The Alipay OpenAPI 2.0 gateway's wire rules (protocols.md 5a): the RSA2 string-to-sign of a request
// and of a notification, the raw answer node whose text Alipay signs, URL encoding, and the gateway's
// text forms of time (GMT+8) and money (yuan with 2 decimals). Pure functions, no I/O.

#include "core/result.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace portal::payments::alipay {

// Parameters by name; std::map keeps them in the byte order Alipay sorts by.
using Params = std::map<std::string, std::string, std::less<>>;

// A request's string-to-sign: every parameter but `sign` (sign_type stays in), empty ones left out,
// sorted, `k=v` joined with '&', values raw (not URL-encoded).
std::string request_sign_content(const Params& params);
// A notification's string-to-sign: as a request's, but without `sign_type` too.
std::string notification_sign_content(const Params& params);

// Adds `sign` (RSA2 over request_sign_content) to params; INVALID_KEY when the private key is unusable.
core::Status sign_request(Params& params, std::string_view private_key_pem);
// Checks a notification's `sign` with Alipay's public key. Missing sign, a sign_type other than RSA2,
// or a wrong signature: INVALID_SIGNATURE (unauthorized).
core::Status verify_notification_sign(const Params& params, std::string_view alipay_public_key_pem);

// The exact text of the value of the top-level member `name` of a JSON object, as sent (Alipay signs
// those bytes, so no re-serialization); nullopt when the text is not an object or has no such member.
std::optional<std::string_view> raw_member_text(std::string_view json, std::string_view name);

// RFC 3986 percent-encoding (everything but A-Z a-z 0-9 - . _ ~), for URL queries and form bodies.
std::string percent_encode(std::string_view text);
// k=v&… with both sides percent-encoded, in key order.
std::string encode_params(const Params& params);

// "yyyy-MM-dd HH:mm:ss" in GMT+8 (timestamp, time_expire, gmt_payment, send_pay_date).
std::string gmt8_time(std::int64_t unix_seconds);
std::optional<std::int64_t> parse_gmt8_time(std::string_view text);

// Minor units (fen) as yuan with exactly 2 decimals: 8888 -> "88.88"; negative amounts are refused
// by the callers, not here.
std::string yuan_text(std::int64_t fen);
// "88.88", "88.8", "88" -> fen; nullopt for anything else (signs, exponents, 3 decimals, junk).
std::optional<std::int64_t> parse_yuan(std::string_view text);

core::Error invalid_signature(std::string message);

}  // namespace portal::payments::alipay
