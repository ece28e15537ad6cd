#pragma once
// Answers with a prebuilt JSON document: 304 when the client's ETag matches, the precompressed gzip
// variant when the client accepts it, the plain bytes otherwise. Nothing is copied or compressed
// per request.

#include "http/message.hpp"

#include <memory>
#include <string>

namespace portal::http {

struct CachedJson {
  std::shared_ptr<const std::string> body;
  std::shared_ptr<const std::string> gzip_body;  // may be null
  std::string etag;                              // quoted, as sent in the ETag header
};

Response cached_json_response(const Request& request, const CachedJson& document);

// True when Accept-Encoding allows gzip (q > 0).
bool accepts_gzip(const Request& request);

}  // namespace portal::http
