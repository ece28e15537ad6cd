#include "http/cached_json.hpp"

#include "http/static_files.hpp"

#include <algorithm>

namespace portal::http {

bool accepts_gzip(const Request& request) {
  const auto encodings = accepted_encodings(request.header("Accept-Encoding"));
  return std::find(encodings.begin(), encodings.end(), "gzip") != encodings.end();
}

Response cached_json_response(const Request& request, const CachedJson& document) {
  Response response;
  response.content_type = "application/json";
  response.set_header("Cache-Control", "no-cache");
  response.set_header("Vary", "Accept-Encoding");
  if (!document.etag.empty()) {
    response.set_header("ETag", document.etag);
    const auto if_none_match = request.header("If-None-Match");
    if (!if_none_match.empty() && if_none_match.find(document.etag) != std::string_view::npos) {
      response.status = 304;
      return response;
    }
  }
  if (document.gzip_body && accepts_gzip(request)) {
    response.set_header("Content-Encoding", "gzip");
    response.shared_body = document.gzip_body;
  } else {
    response.shared_body = document.body;
  }
  return response;
}

}  // namespace portal::http
