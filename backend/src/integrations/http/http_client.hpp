#pragma once
// Outbound HTTP as the integrations need it: one blocking request of any method, with headers, a body
// and a deadline, and a bounded answer. An interface so that tests script the answers and the dev
// OpenID provider can be reached in-process.

#include "core/result.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::integrations {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method = "GET";  // GET, POST, PUT, PATCH, DELETE (HEAD, OPTIONS too)
  std::string url;
  HttpHeaders headers;                       // sent as given, in order (e.g. Content-Type, Authorization, a signature)
  std::string body;                          // sent when not empty, or always for POST, PUT and PATCH
  std::chrono::milliseconds timeout{10000};  // the whole call: connect, send, wait, receive
};

struct HttpReply {
  int status = 0;
  std::string body;
  HttpHeaders headers;  // as received (names as the server spelled them)

  // The first header of that name, compared without case; empty when absent.
  std::string_view header(std::string_view name) const;
};

// How a call failed, when no answer arrived. An answer of any status (4xx, 5xx, a redirect) is a
// reply, not a failure.
enum class HttpFailure {
  timeout,      // the deadline passed (connecting, sending or waiting for the answer): UPSTREAM_TIMEOUT
  unreachable,  // refused, reset, DNS, TLS handshake or certificate: UPSTREAM_UNREACHABLE
  invalid,      // the answer was too large or not HTTP, or the URL/scheme is refused: UPSTREAM_UNAVAILABLE
};

// Failures are errors of kind unavailable, with a code per HttpFailure and details.failure
// ("timeout", "unreachable", "invalid"). Redirects are returned as replies, never followed.
class HttpClient {
 public:
  virtual ~HttpClient() = default;

  virtual core::Result<HttpReply> send(const HttpRequest& request) = 0;

  core::Result<HttpReply> get(const std::string& url, std::chrono::milliseconds timeout);
  // POST with Content-Type application/x-www-form-urlencoded; `form_body` is already encoded.
  core::Result<HttpReply> post_form(const std::string& url, const std::string& form_body,
                                    std::chrono::milliseconds timeout);
  // POST with Content-Type application/json and any further headers (signatures, Authorization).
  core::Result<HttpReply> post_json(const std::string& url, const std::string& json, HttpHeaders headers,
                                    std::chrono::milliseconds timeout);
};

// Upstream answers larger than this are refused: nothing we call legitimately sends more.
inline constexpr std::size_t kMaxHttpReplyBytes = std::size_t{1} << 20;

core::Error upstream_failure(HttpFailure failure, std::string message);
// The failure an error from HttpClient stands for (invalid for an error it did not make).
HttpFailure failure_of(const core::Error& error);
// Same as upstream_failure(HttpFailure::invalid, message).
core::Error upstream_unavailable(std::string message);

}  // namespace portal::integrations
