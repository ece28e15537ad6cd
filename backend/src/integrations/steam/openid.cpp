#include "integrations/steam/openid.hpp"

#include "core/iso_time.hpp"
#include "core/percent_encoding.hpp"
#include "core/steam_id.hpp"
#include "core/text.hpp"

#include <boost/url/parse.hpp>

#include <algorithm>

namespace portal::integrations::steam {

namespace {

using std::chrono::system_clock;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string form_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

core::Error invalid(std::string rule, std::string message) {
  return core::Error::make(core::ErrorKind::unauthorized, "OPENID_INVALID", std::move(message), {{"rule", rule}});
}

bool same_place(const HttpUrl& a, const HttpUrl& b) {
  return a.scheme == b.scheme && a.host == b.host && a.port == b.port && a.path == b.path;
}

bool two_digits(std::string_view text, std::size_t at, int& out) {
  if (text[at] < '0' || text[at] > '9' || text[at + 1] < '0' || text[at + 1] > '9') return false;
  out = (text[at] - '0') * 10 + (text[at + 1] - '0');
  return true;
}

// Claimed id as Steam sends it: the fixed prefix, a valid SteamID64, an optional trailing slash.
std::optional<std::uint64_t> steam_id_of_claimed_id(std::string_view claimed_id) {
  if (!claimed_id.starts_with(kSteamClaimedIdPrefix)) return std::nullopt;
  std::string_view rest = claimed_id.substr(kSteamClaimedIdPrefix.size());
  if (rest.ends_with('/')) rest.remove_suffix(1);
  return core::parse_steam_id64(rest);
}

constexpr std::size_t kMaxNonceBytes = 255;  // OpenID 2.0 section 10.1

}  // namespace

std::optional<HttpUrl> parse_http_url(std::string_view url) {
  // absolute-URI has no fragment, so "…#x" is refused here too.
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return std::nullopt;
  HttpUrl out;
  out.scheme = core::ascii_lower(std::string_view(parsed->scheme()));
  if (out.scheme != "http" && out.scheme != "https") return std::nullopt;
  // user:pass@ never belongs in these URLs and only serves to make one look like another.
  if (parsed->has_userinfo() || parsed->encoded_host().empty()) return std::nullopt;
  out.host = core::ascii_lower(std::string_view(parsed->encoded_host()));
  if (parsed->has_port() && !parsed->port().empty()) {
    out.port = parsed->port_number();
    if (out.port == 0) return std::nullopt;  // not a number a browser would accept
  } else {
    out.port = out.scheme == "https" ? 443 : 80;
  }
  out.path = std::string_view(parsed->encoded_path());
  if (out.path.empty()) out.path = "/";
  out.query = std::string_view(parsed->encoded_query());
  out.origin = std::string_view(parsed->encoded_origin());
  return out;
}

bool return_to_within_realm(std::string_view return_to, std::string_view realm) {
  const auto target = parse_http_url(return_to);
  const auto scope = parse_http_url(realm);
  // Wildcard realms (https://*.example/) are not needed here, and a '*' host never parses as equal.
  if (!target || !scope || !scope->query.empty()) return false;
  if (target->scheme != scope->scheme || target->host != scope->host || target->port != scope->port) return false;
  // OpenID 2.0 section 9.2: equal to, or a sub-directory of, the realm's path ("/app" covers
  // "/app/x" but not "/appx").
  const std::string& base = scope->path;
  if (!target->path.starts_with(base)) return false;
  return target->path.size() == base.size() || base.ends_with('/') || target->path[base.size()] == '/';
}

std::string percent_encode(std::string_view text) { return core::percent_encode(text); }

std::string encode_params(const QueryParams& params) { return core::encode_pairs(params); }

QueryParams parse_query(std::string_view raw_query) {
  if (raw_query.starts_with('?')) raw_query.remove_prefix(1);
  QueryParams out;
  while (!raw_query.empty()) {
    const auto amp = raw_query.find('&');
    const std::string_view pair = raw_query.substr(0, amp);
    raw_query = amp == std::string_view::npos ? std::string_view{} : raw_query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) {
      out.emplace_back(form_decode(pair), std::string{});
    } else {
      out.emplace_back(form_decode(pair.substr(0, eq)), form_decode(pair.substr(eq + 1)));
    }
  }
  return out;
}

std::string build_login_url(std::string_view endpoint, std::string_view return_to, std::string_view realm) {
  QueryParams params = {
      {"openid.identity", std::string(kIdentifierSelect)},
      {"openid.claimed_id", std::string(kIdentifierSelect)},
      {"openid.ns", std::string(kOpenIdNs)},
      {"openid.mode", "checkid_setup"},
      {"openid.return_to", std::string(return_to)},
  };
  if (!realm.empty()) params.emplace_back("openid.realm", std::string(realm));
  std::string url(endpoint);
  url += endpoint.find('?') == std::string_view::npos ? '?' : '&';
  return url + encode_params(params);
}

std::optional<system_clock::time_point> nonce_time(std::string_view nonce) {
  constexpr std::string_view kShape = "0000-00-00T00:00:00Z";
  if (nonce.size() < kShape.size()) return std::nullopt;
  for (std::size_t i = 0; i < kShape.size(); ++i) {
    const bool digit_expected = kShape[i] == '0';
    const bool is_digit = nonce[i] >= '0' && nonce[i] <= '9';
    if (digit_expected ? !is_digit : nonce[i] != kShape[i]) return std::nullopt;
  }
  int century = 0, year_in_century = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  two_digits(nonce, 0, century);
  two_digits(nonce, 2, year_in_century);
  two_digits(nonce, 5, month);
  two_digits(nonce, 8, day);
  two_digits(nonce, 11, hour);
  two_digits(nonce, 14, minute);
  two_digits(nonce, 17, second);
  const std::chrono::year_month_day date{std::chrono::year{century * 100 + year_in_century},
                                         std::chrono::month{static_cast<unsigned>(month)},
                                         std::chrono::day{static_cast<unsigned>(day)}};
  if (!date.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  // system_clock counts nanoseconds in 64 bits (years 1677..2262): a year outside that range would
  // overflow the conversion (found by fuzzing). No real nonce is that far from now.
  if (century * 100 + year_in_century < 1970 || century * 100 + year_in_century > 2200) return std::nullopt;
  return std::chrono::sys_days{date} + std::chrono::hours{hour} + std::chrono::minutes{minute} +
         std::chrono::seconds{second};
}

std::string format_nonce_time(system_clock::time_point time) {
  return core::iso_utc(std::chrono::floor<std::chrono::seconds>(time).time_since_epoch().count());
}

core::Result<VerifiedAssertion> check_locally(const QueryParams& params, const OpenIdExpectations& expectations,
                                              system_clock::time_point now) {
  // Only openid.* belongs to the assertion; the rest of the callback URL is unsigned noise.
  std::map<std::string, std::string> fields;
  for (const auto& [name, value] : params) {
    if (!name.starts_with("openid.")) continue;
    if (!fields.emplace(name, value).second) {
      return invalid("single", "Parameter " + name + " appears more than once");
    }
    if (value.empty()) return invalid("non_empty", "Parameter " + name + " is empty");
  }
  auto field = [&fields](const char* name) -> const std::string* {
    auto it = fields.find(name);
    return it == fields.end() ? nullptr : &it->second;
  };

  const std::string* mode = field("openid.mode");
  if (mode && *mode == "cancel") {
    return core::Error::make(core::ErrorKind::unauthorized, "OPENID_CANCELLED", "The Steam sign-in was cancelled");
  }
  if (!mode || *mode != "id_res") return invalid("mode", "openid.mode is not id_res");

  for (const char* name :
       {"openid.ns", "openid.op_endpoint", "openid.claimed_id", "openid.identity", "openid.return_to",
        "openid.response_nonce", "openid.assoc_handle", "openid.signed", "openid.sig"}) {
    if (!field(name)) return invalid("present", std::string("Parameter ") + name + " is missing");
  }
  if (*field("openid.ns") != kOpenIdNs) return invalid("ns", "openid.ns is not the OpenID 2.0 namespace");
  if (*field("openid.op_endpoint") != expectations.op_endpoint) {
    return invalid("op_endpoint", "openid.op_endpoint is not the configured provider");
  }
  const std::string& claimed_id = *field("openid.claimed_id");
  if (claimed_id != *field("openid.identity")) {
    return invalid("claimed_id_is_identity", "openid.claimed_id differs from openid.identity");
  }
  if (*field("openid.signed") != kSteamSignedFields) {
    return invalid("signed", "openid.signed is not the list of fields Steam signs");
  }

  const auto expected_place = parse_http_url(expectations.return_to);
  const auto received_place = parse_http_url(*field("openid.return_to"));
  if (!expected_place || !received_place || !same_place(*expected_place, *received_place)) {
    return invalid("return_to", "openid.return_to is not this site's callback");
  }
  VerifiedAssertion assertion;
  for (auto& [name, value] : parse_query(received_place->query)) {
    // Two values for state would leave it to chance which one is checked.
    if (!assertion.return_to_query.emplace(std::move(name), std::move(value)).second) {
      return invalid("return_to", "openid.return_to repeats a parameter");
    }
  }

  const std::string& nonce = *field("openid.response_nonce");
  const auto issued = nonce_time(nonce);
  if (nonce.size() > kMaxNonceBytes || !issued) {
    return invalid("response_nonce", "openid.response_nonce does not start with a UTC time");
  }
  if (*issued < now - kMaxNonceSkew || *issued > now + kMaxNonceSkew) {
    return invalid("response_nonce", "openid.response_nonce is more than 300 seconds from now");
  }

  const auto steam_id = steam_id_of_claimed_id(claimed_id);
  if (!steam_id) return invalid("claimed_id", "openid.claimed_id is not a Steam account URL");

  assertion.steam_id = *steam_id;
  assertion.nonce = nonce;
  return assertion;
}

bool parse_check_authentication_reply(int http_status, std::string_view body) {
  if (http_status != 200) return false;
  std::optional<std::string_view> ns;
  std::optional<std::string_view> is_valid;
  while (!body.empty()) {
    const auto newline = body.find('\n');
    const std::string_view line = body.substr(0, newline);
    body = newline == std::string_view::npos ? std::string_view{} : body.substr(newline + 1);
    if (line.empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return false;
    const std::string_view key = line.substr(0, colon);
    const std::string_view value = line.substr(colon + 1);
    // A key given twice makes the answer ambiguous: refuse rather than pick one.
    if (key == "ns") {
      if (ns) return false;
      ns = value;
    } else if (key == "is_valid") {
      if (is_valid) return false;
      is_valid = value;
    }
  }
  return ns == kOpenIdNs && is_valid == "true";
}

OpenIdVerifier::OpenIdVerifier(OpenIdExpectations expectations, HttpClient& http, NonceStore& nonces,
                               std::chrono::milliseconds timeout)
    : expectations_(std::move(expectations)), http_(http), nonces_(nonces), timeout_(timeout) {}

core::Result<VerifiedAssertion> OpenIdVerifier::verify(std::string_view raw_query, system_clock::time_point now) const {
  const QueryParams params = parse_query(raw_query);
  auto assertion = check_locally(params, expectations_, now);
  if (!assertion) return assertion;

  QueryParams check;
  for (const auto& [name, value] : params) {
    if (!name.starts_with("openid.")) continue;
    check.emplace_back(name, name == "openid.mode" ? std::string("check_authentication") : value);
  }
  // Always the configured endpoint: one taken from the request would let its author vouch for itself.
  auto reply = http_.post_form(expectations_.op_endpoint, encode_params(check), timeout_);
  if (!reply) return steam_unavailable("The OpenID provider could not be reached: " + reply.error().message);
  const int status = reply->status;
  if (status == 403 || status == 429 || status >= 500) {
    return steam_unavailable("The OpenID provider answered HTTP " + std::to_string(status));
  }
  if (!parse_check_authentication_reply(status, reply->body)) {
    return invalid("signature", "The OpenID provider did not confirm the assertion");
  }
  if (!nonces_.remember_once(assertion->nonce, now)) {
    return core::Error::make(core::ErrorKind::unauthorized, "OPENID_REPLAYED", "This sign-in was already used");
  }
  return assertion;
}

core::Error steam_unavailable(std::string message) {
  return core::Error::make(core::ErrorKind::unavailable, "STEAM_UNAVAILABLE", std::move(message));
}

}  // namespace portal::integrations::steam
