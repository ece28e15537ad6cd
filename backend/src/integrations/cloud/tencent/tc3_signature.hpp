#pragma once
// Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 (protocols.md 6.1). Both sides use it: the
// CVM adapter signs, the local stand-in in sim/cloud recomputes and compares.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::cloud::tencent {

struct Tc3Request {
  std::string method = "POST";
  std::string host;                                              // "cvm.tencentcloudapi.com" (lower case, as sent)
  std::string content_type = "application/json; charset=utf-8";  // byte-identical to the header sent
  std::string canonical_query;                                   // "" for POST
  std::string payload;                                           // the exact body bytes
  std::string service;                                           // "cvm": the host's product prefix
  std::int64_t timestamp = 0;                                    // X-TC-Timestamp, unix seconds
};

std::string tc3_date(std::int64_t timestamp);                  // UTC "YYYY-MM-DD"
std::string tc3_canonical_request(const Tc3Request& request);  // signed headers: content-type;host
std::string tc3_string_to_sign(const Tc3Request& request);
std::string tc3_signature(std::string_view secret_key, const Tc3Request& request);  // lowercase hex
// "TC3-HMAC-SHA256 Credential=<id>/<date>/<service>/tc3_request, SignedHeaders=content-type;host, Signature=<hex>"
std::string tc3_authorization(std::string_view secret_id, std::string_view secret_key, const Tc3Request& request);

// The parts of an Authorization header; empty fields when it does not parse.
struct Tc3Authorization {
  std::string secret_id;
  std::string date;
  std::string service;
  std::string signed_headers;
  std::string signature;
};
Tc3Authorization parse_tc3_authorization(std::string_view header);

}  // namespace portal::cloud::tencent
