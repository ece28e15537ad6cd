#pragma once
// Steam OpenID 2.0 (reference/protocols.md section 3): the login redirect, the local checks of the
// callback, the check_authentication round trip to the configured provider, and replay refusal.
// The same code verifies the dev provider of demo mode, so that path is the production path.

#include "core/result.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/steam/nonce_store.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::integrations::steam {

inline constexpr std::string_view kOpenIdNs = "http://specs.openid.net/auth/2.0";
inline constexpr std::string_view kIdentifierSelect = "http://specs.openid.net/auth/2.0/identifier_select";
inline constexpr std::string_view kSteamOpenIdEndpoint = "https://steamcommunity.com/openid/login";
inline constexpr std::string_view kSteamClaimedIdPrefix = "https://steamcommunity.com/openid/id/";
// The fields Steam signs, in Steam's order; anything else is refused.
inline constexpr std::string_view kSteamSignedFields =
    "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle";
inline constexpr std::chrono::seconds kMaxNonceSkew{300};

using QueryParams = std::vector<std::pair<std::string, std::string>>;

// --- encoding -------------------------------------------------------------------------------

// RFC 3986: everything but A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex), as PHP's rawurlencode.
std::string percent_encode(std::string_view text);
// name=value pairs joined with '&', both sides percent_encode'd (valid as a query and as a form body).
std::string encode_params(const QueryParams& params);
// A query string or form body as its pairs in order, duplicates kept: '+' is a space, %XX decoded
// (a malformed escape stays as written), a leading '?' ignored, a pair without '=' has an empty value.
QueryParams parse_query(std::string_view raw_query);

// --- URLs ----------------------------------------------------------------------------------

// The parts of an absolute http(s) URL that decide where a browser lands. Scheme and host are
// lower-cased, the port is filled in from the scheme, an empty path is "/"; path and query stay
// percent-encoded. nullopt for anything else, for a fragment, and for user info.
struct HttpUrl {
  std::string scheme;
  std::string host;
  std::uint16_t port = 0;
  std::string path;
  std::string query;
  std::string origin;  // scheme://host[:port] as written
};
std::optional<HttpUrl> parse_http_url(std::string_view url);

// OpenID 2.0 section 9.2 without wildcards: same scheme, host and port, and the return_to path
// equal to or below the realm's.
bool return_to_within_realm(std::string_view return_to, std::string_view realm);

// --- step 1: redirect -------------------------------------------------------------------------

// endpoint?openid.identity&openid.claimed_id&openid.ns&openid.mode&openid.return_to[&openid.realm]:
// xPaw's order, then the realm when given.
std::string build_login_url(std::string_view endpoint, std::string_view return_to, std::string_view realm);

// --- response_nonce time ----------------------------------------------------------------------

// The leading "YYYY-MM-DDTHH:MM:SSZ" of a nonce, or nullopt when it is not a valid UTC time.
std::optional<std::chrono::system_clock::time_point> nonce_time(std::string_view nonce);
// "YYYY-MM-DDTHH:MM:SSZ" (RFC 3339, UTC, whole seconds).
std::string format_nonce_time(std::chrono::system_clock::time_point time);

// --- step 2: local checks ---------------------------------------------------------------------

struct OpenIdExpectations {
  std::string op_endpoint;  // the configured provider; also where check_authentication is posted
  std::string return_to;    // our callback URL without query; compared by scheme, host, port and path
};

struct VerifiedAssertion {
  std::uint64_t steam_id = 0;
  // The query of the signed openid.return_to (our own state, email_bind_token ...): read these, never
  // the unsigned parameters next to openid.* in the callback URL.
  std::map<std::string, std::string> return_to_query;
  std::string nonce;
};

// Every rule of section 3.3 step 1, before any network call. Errors have kind unauthorized: code
// OPENID_CANCELLED when the user aborted, otherwise OPENID_INVALID with details.rule naming the rule.
core::Result<VerifiedAssertion> check_locally(const QueryParams& params, const OpenIdExpectations& expectations,
                                              std::chrono::system_clock::time_point now);

// --- step 3: the provider's answer ---------------------------------------------------------------

// True only for HTTP 200 with a key-value body whose ns is the OpenID 2.0 namespace and whose
// is_valid is exactly "true"; lines split at the first colon, a line without one spoils the reply.
bool parse_check_authentication_reply(int http_status, std::string_view body);

// --- the whole verification ---------------------------------------------------------------------

class OpenIdVerifier {
 public:
  OpenIdVerifier(OpenIdExpectations expectations, HttpClient& http, NonceStore& nonces,
                 std::chrono::milliseconds timeout = std::chrono::seconds(6));

  // The callback's raw query (without '?'). Local checks; then check_authentication POSTed to the
  // configured op_endpoint with the openid.* parameters as received but mode; then the nonce is
  // spent. Errors: OPENID_CANCELLED, OPENID_INVALID, OPENID_REPLAYED (unauthorized);
  // STEAM_UNAVAILABLE (unavailable) when the provider cannot be asked or answers 403, 429 or 5xx.
  core::Result<VerifiedAssertion> verify(std::string_view raw_query, std::chrono::system_clock::time_point now) const;

  const OpenIdExpectations& expectations() const { return expectations_; }

 private:
  OpenIdExpectations expectations_;
  HttpClient& http_;
  NonceStore& nonces_;
  std::chrono::milliseconds timeout_;
};

// STEAM_UNAVAILABLE (Steam could not be reached or answered unusably), for the OpenID and Web API calls.
core::Error steam_unavailable(std::string message);

}  // namespace portal::integrations::steam
