#include "integrations/http/curl_http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace portal::integrations {

namespace {

using namespace std::chrono_literals;

// A slow handshake should fail fast even when the whole call may take longer (xPaw uses 6 s).
constexpr std::chrono::milliseconds kMaxConnectTimeout = 6s;

void global_init_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    // curl_global_init is not thread-safe itself; once_flag makes it happen before any handle.
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw std::runtime_error("curl_global_init failed");
  });
}

struct EasyDeleter {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
struct HeaderListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using EasyHandle = std::unique_ptr<CURL, EasyDeleter>;
using HeaderList = std::unique_ptr<curl_slist, HeaderListDeleter>;

struct BodySink {
  std::string body;
  bool too_large = false;
  HttpHeaders headers;
};

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<BodySink*>(user);
  const std::size_t bytes = size * count;
  if (sink->body.size() + bytes > kMaxHttpReplyBytes) {
    sink->too_large = true;
    return 0;  // a short count makes curl abort the transfer with CURLE_WRITE_ERROR
  }
  sink->body.append(data, bytes);
  return bytes;
}

// One header line of the answer. A status line starts a new set: only the final answer's headers
// are kept (after a 100 Continue, say).
std::size_t write_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<BodySink*>(user);
  const std::size_t bytes = size * count;
  std::string_view line(data, bytes);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.starts_with("HTTP/")) {
    sink->headers.clear();
    return bytes;
  }
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || sink->headers.size() >= 200) return bytes;
  std::string_view value = line.substr(colon + 1);
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  sink->headers.emplace_back(std::string(line.substr(0, colon)), std::string(value));
  return bytes;
}

bool is_method_token(std::string_view method) {
  if (method.empty() || method.size() > 16) return false;
  for (char c : method) {
    if (c < 'A' || c > 'Z') return false;
  }
  return true;
}

bool has_line_break(std::string_view text) { return text.find_first_of("\r\n") != std::string_view::npos; }

// What a failed transfer means for the caller: no answer in time, nobody to talk to, or something else.
HttpFailure classify(CURLcode code) {
  switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
      return HttpFailure::timeout;
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
      return HttpFailure::unreachable;
    default:
      return HttpFailure::invalid;
  }
}

// Options every request shares. The URL may hold a secret (a Web API key): error texts below come
// from curl's error buffer, which names host and port but never the query.
void set_common_options(CURL* handle, const std::string& url, std::chrono::milliseconds timeout,
                        const std::string& user_agent, BodySink& sink, char* error_buffer) {
  // curl reads 0 as "no limit": a caller's zero must still bound the call.
  const long total_ms = static_cast<long>(std::max<std::chrono::milliseconds::rep>(timeout.count(), 1));
  const long connect_ms = std::min(total_ms, static_cast<long>(kMaxConnectTimeout.count()));
  curl_easy_setopt(handle, CURLOPT_URL, url.c_str());
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, error_buffer);
  // Timeouts would otherwise use SIGALRM, which is not safe with several threads.
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  // A redirect from an upstream is an answer to look at, not an instruction to go elsewhere.
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, total_ms);
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
  curl_easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(kMaxHttpReplyBytes));
  curl_easy_setopt(handle, CURLOPT_USERAGENT, user_agent.c_str());
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, &write_body);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, &write_header);
  curl_easy_setopt(handle, CURLOPT_HEADERDATA, &sink);
}

core::Result<HttpReply> perform(CURL* handle, BodySink& sink, const char* error_buffer) {
  const CURLcode code = curl_easy_perform(handle);
  if (sink.too_large || code == CURLE_FILESIZE_EXCEEDED) {
    return upstream_unavailable("The upstream answer exceeds " + std::to_string(kMaxHttpReplyBytes) + " bytes");
  }
  if (code != CURLE_OK) {
    std::string reason = error_buffer[0] != '\0' ? std::string(error_buffer) : std::string(curl_easy_strerror(code));
    return upstream_failure(classify(code), "Upstream request failed: " + reason);
  }
  long status = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
  return HttpReply{
      .status = static_cast<int>(status), .body = std::move(sink.body), .headers = std::move(sink.headers)};
}

EasyHandle new_handle() {
  global_init_once();
  EasyHandle handle(curl_easy_init());
  if (!handle) throw std::runtime_error("curl_easy_init failed");
  return handle;
}

}  // namespace

CurlHttpClient::CurlHttpClient(std::string user_agent) : user_agent_(std::move(user_agent)) { global_init_once(); }

core::Result<HttpReply> CurlHttpClient::send(const HttpRequest& request) {
  if (!is_method_token(request.method)) return upstream_unavailable("Refused HTTP method '" + request.method + "'");
  HeaderList headers;
  auto append = [&headers](const std::string& line) {
    curl_slist* list = curl_slist_append(headers.get(), line.c_str());
    if (!list) throw std::runtime_error("curl_slist_append failed");
    // The first append makes the list; later ones keep its head, which `headers` already owns.
    if (!headers) headers.reset(list);
  };
  bool has_content_type = false;
  for (const auto& [name, value] : request.headers) {
    if (name.empty() || has_line_break(name) || has_line_break(value) || name.find(':') != std::string::npos) {
      return upstream_unavailable("Refused request header '" + name + "'");
    }
    has_content_type = has_content_type || curl_strequal(name.c_str(), "Content-Type");
    // "Name;" is curl's spelling of a header with an empty value ("Name:" would remove it).
    append(value.empty() ? name + ";" : name + ": " + value);
  }
  // No "Expect: 100-continue" round trip: the bodies are small and some servers never answer it.
  append("Expect:");

  EasyHandle handle = new_handle();
  BodySink sink;
  char error_buffer[CURL_ERROR_SIZE] = {};
  set_common_options(handle.get(), request.url, request.timeout, user_agent_, sink, error_buffer);
  const std::string& method = request.method;
  const bool sends_body = !request.body.empty() || method == "POST" || method == "PUT" || method == "PATCH";
  if (sends_body && !has_content_type) append("Content-Type:");  // not curl's form type by default
  curl_easy_setopt(handle.get(), CURLOPT_HTTPHEADER, headers.get());
  if (method == "GET" && !sends_body) {
    curl_easy_setopt(handle.get(), CURLOPT_HTTPGET, 1L);
  } else if (method == "HEAD") {
    curl_easy_setopt(handle.get(), CURLOPT_NOBODY, 1L);
  } else {
    if (sends_body) {
      curl_easy_setopt(handle.get(), CURLOPT_POST, 1L);
      curl_easy_setopt(handle.get(), CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
      curl_easy_setopt(handle.get(), CURLOPT_POSTFIELDS, request.body.c_str());
    }
    // POST with a body needs no custom request; every other method names itself.
    if (method != "POST" || !sends_body) curl_easy_setopt(handle.get(), CURLOPT_CUSTOMREQUEST, method.c_str());
  }
  return perform(handle.get(), sink, error_buffer);
}

}  // namespace portal::integrations
