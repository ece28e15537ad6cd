#pragma once
// Test-only: an HttpClient that records each call and answers from a script. Header-only so nothing
// of it reaches portal_core.

#include "integrations/http/http_client.hpp"

#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace portal::integrations::test {

struct RecordedCall {
  std::string method;  // "GET", "POST", ...
  std::string url;
  std::string body;
  std::chrono::milliseconds timeout{0};
  HttpHeaders headers;
};

class FakeHttpClient final : public HttpClient {
 public:
  using Responder = std::function<core::Result<HttpReply>(const RecordedCall&)>;

  // Queued answers are used first, in order; then the responder, if any; else the call fails as a
  // network error would.
  void push(core::Result<HttpReply> reply) {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(reply));
  }
  void reply_with(int status, std::string body) { push(HttpReply{.status = status, .body = std::move(body)}); }
  void set_responder(Responder responder) {
    std::lock_guard lock(mutex_);
    responder_ = std::move(responder);
  }
  std::vector<RecordedCall> calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }

  core::Result<HttpReply> send(const HttpRequest& request) override {
    return answer(RecordedCall{request.method, request.url, request.body, request.timeout, request.headers});
  }

 private:
  core::Result<HttpReply> answer(RecordedCall call) {
    Responder responder;
    {
      std::lock_guard lock(mutex_);
      calls_.push_back(call);
      if (!queue_.empty()) {
        auto reply = std::move(queue_.front());
        queue_.pop_front();
        return reply;
      }
      responder = responder_;
    }
    if (responder) return responder(call);
    return upstream_unavailable("FakeHttpClient has no answer scripted");
  }

  mutable std::mutex mutex_;
  std::deque<core::Result<HttpReply>> queue_;
  Responder responder_;
  std::vector<RecordedCall> calls_;
};

}  // namespace portal::integrations::test
