#pragma once
// A small blocking HTTP client over libcurl for functional tests. It never decodes bodies, so
// tests see exactly the bytes the server sent (precompressed assets included).

#include "http/message.hpp"

#include <boost/json/value.hpp>

#include <string>
#include <vector>

namespace portal::test {

struct HttpResult {
  long status = 0;
  http::Headers headers;
  std::string body;
  long connects = 0;  // new TCP connections curl opened for this request (0 = reused keep-alive)

  std::string header(const std::string& name) const;
  boost::json::value json() const;
};

struct HttpCall {
  std::string method = "GET";
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  long timeout_ms = 10000;
};

class HttpClient {
 public:
  HttpClient();
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // Reuses its connection between calls, like a browser keeping a connection alive.
  HttpResult send(const HttpCall& call);
  HttpResult get(const std::string& url, std::vector<std::string> headers = {});
  HttpResult post_json(const std::string& url, std::string body, std::vector<std::string> headers = {});

 private:
  void* handle_;
};

}  // namespace portal::test
