#pragma once
// A configured base URL taken apart once: where requests go, the Host they carry and sign, and the
// path requests add to (the stand-ins live under a path, the real services at the root).

#include <string>
#include <string_view>

namespace portal::cloud::tencent {

struct Endpoint {
  std::string base;  // "https://cvm.tencentcloudapi.com", no trailing '/'
  std::string host;  // "cvm.tencentcloudapi.com", "127.0.0.1:18080": lower-cased host[:port]
  std::string path;  // decoded, no trailing '/': "" or "/dev/cloud/cos/demos-1250000000"
};

// Throws std::invalid_argument unless `url` is an http(s) URL with a host and no query or fragment:
// a wrong endpoint is a configuration error to stop at start-up.
Endpoint parse_endpoint(std::string_view url);

}  // namespace portal::cloud::tencent
