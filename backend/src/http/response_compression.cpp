#include "http/response_compression.hpp"

#include "core/gzip.hpp"
#include "http/cached_json.hpp"

namespace portal::http {

namespace {

bool compressible(std::string_view content_type) {
  return content_type.starts_with("application/json") || content_type.starts_with("text/") ||
         content_type.starts_with("application/javascript") || content_type.starts_with("application/xml");
}

// Level 1, nginx's default: on the 15.6 KB command list 5,065 bytes against 4,729 at zlib's default 6,
// for half the CPU (0.08 against 0.17 ms).
constexpr int kLevel = 1;

}  // namespace

void compress_if_worthwhile(const Request& request, Response& response) {
  if (response.status < 200 || response.status >= 300 || request.method == Method::head) return;
  if (response.shared_body || response.body.size() < kCompressFromBytes) return;
  if (!compressible(response.content_type) || response.find_header("Content-Encoding") != nullptr) return;
  if (!accepts_gzip(request)) return;
  response.body = core::gzip_compress(response.body, kLevel);
  response.set_header("Content-Encoding", "gzip");
  if (const std::string* vary = response.find_header("Vary")) {
    if (vary->find("Accept-Encoding") == std::string::npos) response.set_header("Vary", *vary + ", Accept-Encoding");
  } else {
    response.set_header("Vary", "Accept-Encoding");
  }
}

}  // namespace portal::http
