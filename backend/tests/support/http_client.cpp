#include "support/http_client.hpp"

#include <boost/json/parse.hpp>
#include <curl/curl.h>

#include <stdexcept>

namespace portal::test {

namespace {
std::size_t append_body(char* data, std::size_t size, std::size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

std::size_t parse_header(char* data, std::size_t size, std::size_t count, void* out) {
  std::string line(data, size * count);
  auto* headers = static_cast<http::Headers*>(out);
  if (line.starts_with("HTTP/")) {
    headers->clear();  // a 100 Continue came first: keep only the final response's headers
    return size * count;
  }
  auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ')) value.erase(0, 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n')) value.pop_back();
    (*headers)[line.substr(0, colon)] = value;
  }
  return size * count;
}
}  // namespace

std::string HttpResult::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string{} : it->second;
}

boost::json::value HttpResult::json() const { return boost::json::parse(body); }

HttpClient::HttpClient() : handle_(curl_easy_init()) {
  if (!handle_) throw std::runtime_error("curl_easy_init failed");
}

HttpClient::~HttpClient() { curl_easy_cleanup(static_cast<CURL*>(handle_)); }

HttpResult HttpClient::send(const HttpCall& call) {
  CURL* curl = static_cast<CURL*>(handle_);
  curl_easy_reset(curl);
  HttpResult result;
  curl_slist* headers = nullptr;
  for (const auto& h : call.headers) headers = curl_slist_append(headers, h.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, call.url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, call.timeout_ms);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &result.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, parse_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &result.headers);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  if (call.method == "HEAD") {
    curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  } else if (call.method != "GET") {
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, call.method.c_str());
  }
  if (!call.body.empty() || call.method == "POST" || call.method == "PUT") {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, call.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(call.body.size()));
  }
  const CURLcode code = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (code != CURLE_OK) {
    throw std::runtime_error(std::string("HTTP call to ") + call.url + " failed: " + curl_easy_strerror(code));
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
  curl_easy_getinfo(curl, CURLINFO_NUM_CONNECTS, &result.connects);
  return result;
}

HttpResult HttpClient::get(const std::string& url, std::vector<std::string> headers) {
  return send(HttpCall{.method = "GET", .url = url, .headers = std::move(headers)});
}

HttpResult HttpClient::post_json(const std::string& url, std::string body, std::vector<std::string> headers) {
  headers.emplace_back("Content-Type: application/json");
  return send(HttpCall{.method = "POST", .url = url, .headers = std::move(headers), .body = std::move(body)});
}

}  // namespace portal::test
