#include "integrations/cloud/tencent/tc3_signature.hpp"

#include "core/crypto.hpp"
#include "core/text.hpp"
#include "integrations/cloud/tencent/digest.hpp"

#include <chrono>
#include <cstdio>

namespace portal::cloud::tencent {

namespace {

constexpr std::string_view kAlgorithm = "TC3-HMAC-SHA256";
constexpr std::string_view kSignedHeaders = "content-type;host";
constexpr std::string_view kTerminator = "tc3_request";

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string credential_scope(const Tc3Request& request) {
  return tc3_date(request.timestamp) + "/" + request.service + "/" + std::string(kTerminator);
}

// Takes `prefix` off the front of `text`; false when it is not there.
bool consume(std::string_view& text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return false;
  text.remove_prefix(prefix.size());
  return true;
}

// The text up to `separator` (which is consumed), or all of it when there is no separator.
std::string_view take_until(std::string_view& text, std::string_view separator) {
  const auto at = text.find(separator);
  if (at == std::string_view::npos) {
    const auto all = text;
    text = {};
    return all;
  }
  const auto part = text.substr(0, at);
  text.remove_prefix(at + separator.size());
  return part;
}

}  // namespace

std::string tc3_date(std::int64_t timestamp) {
  using namespace std::chrono;
  // Always the UTC day: Tencent derives the signing key from it and refuses a local-time date.
  const year_month_day day{floor<days>(sys_seconds{seconds{timestamp}})};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                static_cast<unsigned>(day.day()));
  return text;
}

std::string tc3_canonical_request(const Tc3Request& request) {
  std::string out;
  out += request.method;
  out += "\n/\n";  // CanonicalURI: API 3.0 has a single path
  out += request.canonical_query;
  out += '\n';
  // CanonicalHeaders, sorted by name, each line ending in \n; then an empty line's worth of \n.
  out += "content-type:" + core::ascii_lower(trim(request.content_type)) + "\n";
  out += "host:" + core::ascii_lower(trim(request.host)) + "\n";
  out += '\n';
  out += kSignedHeaders;
  out += '\n';
  out += core::sha256_hex(request.payload);
  return out;
}

std::string tc3_string_to_sign(const Tc3Request& request) {
  return std::string(kAlgorithm) + "\n" + std::to_string(request.timestamp) + "\n" + credential_scope(request) + "\n" +
         core::sha256_hex(tc3_canonical_request(request));
}

std::string tc3_signature(std::string_view secret_key, const Tc3Request& request) {
  const std::string secret_date = hmac_sha256("TC3" + std::string(secret_key), tc3_date(request.timestamp));
  const std::string secret_service = hmac_sha256(secret_date, request.service);
  const std::string secret_signing = hmac_sha256(secret_service, kTerminator);
  return lower_hex(hmac_sha256(secret_signing, tc3_string_to_sign(request)));
}

std::string tc3_authorization(std::string_view secret_id, std::string_view secret_key, const Tc3Request& request) {
  return std::string(kAlgorithm) + " Credential=" + std::string(secret_id) + "/" + credential_scope(request) +
         ", SignedHeaders=" + std::string(kSignedHeaders) + ", Signature=" + tc3_signature(secret_key, request);
}

Tc3Authorization parse_tc3_authorization(std::string_view header) {
  std::string_view rest = header;
  if (!consume(rest, kAlgorithm) || !consume(rest, " Credential=")) return {};
  std::string_view credential = take_until(rest, ", ");
  if (!consume(rest, "SignedHeaders=")) return {};
  const std::string_view signed_headers = take_until(rest, ", ");
  if (!consume(rest, "Signature=")) return {};
  const std::string_view signature = rest;

  Tc3Authorization out;
  out.secret_id = take_until(credential, "/");
  out.date = take_until(credential, "/");
  out.service = take_until(credential, "/");
  if (credential != kTerminator || out.secret_id.empty() || out.date.empty() || out.service.empty() ||
      signed_headers.empty() || signature.empty() || signature.find_first_of(" ,") != std::string_view::npos) {
    return {};
  }
  out.signed_headers = signed_headers;
  out.signature = signature;
  return out;
}

}  // namespace portal::cloud::tencent
