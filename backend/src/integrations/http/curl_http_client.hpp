#pragma once
// HttpClient over libcurl. Safe to call from several threads at once: every call uses its own easy
// handle, and curl_global_init runs once, before the first handle.

#include "integrations/http/http_client.hpp"

#include <string>

namespace portal::integrations {

class CurlHttpClient final : public HttpClient {
 public:
  explicit CurlHttpClient(std::string user_agent = "cs2-portal");

  core::Result<HttpReply> send(const HttpRequest& request) override;

 private:
  std::string user_agent_;
};

}  // namespace portal::integrations
