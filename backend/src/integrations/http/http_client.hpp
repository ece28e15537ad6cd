#pragma once
// Outbound HTTP as the integrations need it: one blocking request, a bounded time, a bounded body.
// An interface so that tests script the answers and the dev OpenID provider can be reached in-process.

#include "core/result.hpp"

#include <chrono>
#include <cstddef>
#include <string>

namespace portal::integrations {

struct HttpReply {
  int status = 0;
  std::string body;
};

// Every answer that arrives is a reply, whatever its status; only transport failures (DNS, connect,
// TLS, timeout, oversized body) are errors, with kind unavailable and code UPSTREAM_UNAVAILABLE.
// Redirects are returned as replies, never followed.
class HttpClient {
 public:
  virtual ~HttpClient() = default;

  virtual core::Result<HttpReply> get(const std::string& url, std::chrono::milliseconds timeout) = 0;
  // POST with Content-Type application/x-www-form-urlencoded; `form_body` is already encoded.
  virtual core::Result<HttpReply> post_form(const std::string& url, const std::string& form_body,
                                            std::chrono::milliseconds timeout) = 0;
};

// Upstream answers larger than this are refused: nothing we call legitimately sends more.
inline constexpr std::size_t kMaxHttpReplyBytes = std::size_t{1} << 20;

core::Error upstream_unavailable(std::string message);

}  // namespace portal::integrations
