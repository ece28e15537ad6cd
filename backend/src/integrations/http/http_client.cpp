#include "integrations/http/http_client.hpp"

#include "core/text.hpp"

#include <utility>

namespace portal::integrations {

std::string_view HttpReply::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (core::ascii_iequals(key, name)) return value;
  }
  return {};
}

core::Result<HttpReply> HttpClient::get(const std::string& url, std::chrono::milliseconds timeout) {
  return send(HttpRequest{.method = "GET", .url = url, .timeout = timeout});
}

core::Result<HttpReply> HttpClient::post_form(const std::string& url, const std::string& form_body,
                                              std::chrono::milliseconds timeout) {
  return send(HttpRequest{.method = "POST",
                          .url = url,
                          .headers = {{"Content-Type", "application/x-www-form-urlencoded"}},
                          .body = form_body,
                          .timeout = timeout});
}

core::Result<HttpReply> HttpClient::post_json(const std::string& url, const std::string& json, HttpHeaders headers,
                                              std::chrono::milliseconds timeout) {
  headers.insert(headers.begin(), {"Content-Type", "application/json"});
  return send(
      HttpRequest{.method = "POST", .url = url, .headers = std::move(headers), .body = json, .timeout = timeout});
}

core::Error upstream_failure(HttpFailure failure, std::string message) {
  switch (failure) {
    case HttpFailure::timeout:
      return core::Error::make(core::ErrorKind::unavailable, "UPSTREAM_TIMEOUT", std::move(message),
                               {{"failure", "timeout"}});
    case HttpFailure::unreachable:
      return core::Error::make(core::ErrorKind::unavailable, "UPSTREAM_UNREACHABLE", std::move(message),
                               {{"failure", "unreachable"}});
    case HttpFailure::invalid:
      break;
  }
  return core::Error::make(core::ErrorKind::unavailable, "UPSTREAM_UNAVAILABLE", std::move(message),
                           {{"failure", "invalid"}});
}

HttpFailure failure_of(const core::Error& error) {
  if (error.code == "UPSTREAM_TIMEOUT") return HttpFailure::timeout;
  if (error.code == "UPSTREAM_UNREACHABLE") return HttpFailure::unreachable;
  return HttpFailure::invalid;
}

core::Error upstream_unavailable(std::string message) {
  return upstream_failure(HttpFailure::invalid, std::move(message));
}

}  // namespace portal::integrations
