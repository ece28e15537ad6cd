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
}

core::Result<HttpReply> perform(CURL* handle, BodySink& sink, const char* error_buffer) {
  const CURLcode code = curl_easy_perform(handle);
  if (sink.too_large || code == CURLE_FILESIZE_EXCEEDED) {
    return upstream_unavailable("The upstream answer exceeds " + std::to_string(kMaxHttpReplyBytes) + " bytes");
  }
  if (code != CURLE_OK) {
    std::string reason = error_buffer[0] != '\0' ? std::string(error_buffer) : std::string(curl_easy_strerror(code));
    return upstream_unavailable("Upstream request failed: " + reason);
  }
  long status = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
  return HttpReply{static_cast<int>(status), std::move(sink.body)};
}

EasyHandle new_handle() {
  global_init_once();
  EasyHandle handle(curl_easy_init());
  if (!handle) throw std::runtime_error("curl_easy_init failed");
  return handle;
}

}  // namespace

CurlHttpClient::CurlHttpClient(std::string user_agent) : user_agent_(std::move(user_agent)) { global_init_once(); }

core::Result<HttpReply> CurlHttpClient::get(const std::string& url, std::chrono::milliseconds timeout) {
  EasyHandle handle = new_handle();
  BodySink sink;
  char error_buffer[CURL_ERROR_SIZE] = {};
  set_common_options(handle.get(), url, timeout, user_agent_, sink, error_buffer);
  curl_easy_setopt(handle.get(), CURLOPT_HTTPGET, 1L);
  return perform(handle.get(), sink, error_buffer);
}

core::Result<HttpReply> CurlHttpClient::post_form(const std::string& url, const std::string& form_body,
                                                  std::chrono::milliseconds timeout) {
  EasyHandle handle = new_handle();
  BodySink sink;
  char error_buffer[CURL_ERROR_SIZE] = {};
  set_common_options(handle.get(), url, timeout, user_agent_, sink, error_buffer);
  HeaderList headers(curl_slist_append(nullptr, "Content-Type: application/x-www-form-urlencoded"));
  // No "Expect: 100-continue" round trip: the bodies are small and some servers never answer it.
  // Appending to a non-empty list keeps its head, which `headers` already owns.
  if (!headers || !curl_slist_append(headers.get(), "Expect:")) throw std::runtime_error("curl_slist_append failed");
  curl_easy_setopt(handle.get(), CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(handle.get(), CURLOPT_POST, 1L);
  curl_easy_setopt(handle.get(), CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(form_body.size()));
  curl_easy_setopt(handle.get(), CURLOPT_POSTFIELDS, form_body.c_str());
  return perform(handle.get(), sink, error_buffer);
}

}  // namespace portal::integrations
