#pragma once
// COS XML API request signing (HMAC-SHA1, protocols.md 6.4): the Authorization header of list and
// delete calls, and the q-* query of a pre-signed download link. Used by the adapter to sign and by
// the local stand-in in sim/cloud to check.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::cloud::tencent {

struct CosSignInput {
  std::string method;                                        // "get", "put", ... (lower-cased when signed)
  std::string path;                                          // decoded object path, "/exampleobject(腾讯云)"
  std::vector<std::pair<std::string, std::string>> params;   // query parameters, decoded
  std::vector<std::pair<std::string, std::string>> headers;  // headers to sign (at least host), decoded
  std::int64_t start = 0;                                    // KeyTime start, unix seconds
  std::int64_t end = 0;                                      // KeyTime end
};

struct CosSignature {
  std::string key_time;         // "start;end"
  std::string sign_key;         // hex HMAC-SHA1(SecretKey, KeyTime)
  std::string url_param_list;   // "k1;k2"
  std::string http_parameters;  // "k1=v1&k2=v2"
  std::string header_list;
  std::string http_headers;
  std::string http_string_sha1;
  std::string signature;
};

CosSignature cos_sign(std::string_view secret_key, const CosSignInput& input);
// "q-sign-algorithm=sha1&q-ak=...&q-sign-time=...&q-key-time=...&q-header-list=...&q-url-param-list=...&q-signature=..."
// as the Authorization header value (unencoded) ...
std::string cos_authorization(std::string_view secret_id, const CosSignature& signature);
// ... and as query parameters to append to a URL (each value URL-encoded, ';' as %3B).
std::string cos_presigned_query(std::string_view secret_id, const CosSignature& signature);
// COS's strict URL encoding is core::percent_encode (only A-Z a-z 0-9 - _ . ~ stay as they are).

}  // namespace portal::cloud::tencent
