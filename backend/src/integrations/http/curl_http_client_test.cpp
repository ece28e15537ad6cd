#include "integrations/http/curl_http_client.hpp"
#include "support/loopback_listener.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace portal::integrations {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// A loopback HTTP/1.1 server that answers every request with one canned response and records the
// raw requests it read. Enough HTTP to exercise the client; nothing more.
class CannedHttpServer {
 public:
  explicit CannedHttpServer(std::string response) : response_(std::move(response)) {
    thread_ = std::thread([this] { serve(); });
  }
  ~CannedHttpServer() {
    stopping_ = true;
    thread_.join();
  }
  CannedHttpServer(const CannedHttpServer&) = delete;
  CannedHttpServer& operator=(const CannedHttpServer&) = delete;

  std::string url(const std::string& path) const { return listener_.url("http", path); }
  std::vector<std::string> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }

 private:
  void serve() {
    while (!stopping_) {
      const int connection = listener_.accept_within(20ms);
      if (connection < 0) continue;
      std::string request = read_request(connection);
      {
        std::lock_guard lock(mutex_);
        requests_.push_back(request);
      }
      std::string_view rest = response_;
      while (!rest.empty()) {
        const ssize_t sent = ::send(connection, rest.data(), rest.size(), MSG_NOSIGNAL);
        if (sent <= 0) break;
        rest.remove_prefix(static_cast<std::size_t>(sent));
      }
      ::close(connection);
    }
  }

  std::string read_request(int connection) {
    std::string data;
    char chunk[4096];
    for (;;) {
      const auto head_end = data.find("\r\n\r\n");
      if (head_end != std::string::npos) {
        std::size_t content_length = 0;
        const auto at = data.find("Content-Length: ");
        if (at != std::string::npos && at < head_end) content_length = std::stoul(data.substr(at + 16));
        if (data.size() >= head_end + 4 + content_length) return data;
      }
      pollfd entry{connection, POLLIN, 0};
      if (::poll(&entry, 1, 5000) <= 0) return data;
      const ssize_t got = ::recv(connection, chunk, sizeof chunk, 0);
      if (got <= 0) return data;
      data.append(chunk, static_cast<std::size_t>(got));
    }
  }

  std::string response_;
  portal::test::LoopbackListener listener_;
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;
  std::vector<std::string> requests_;
  std::thread thread_;
};

std::string http_response(int status, const std::string& body, const std::string& extra_headers = {}) {
  return "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n" + extra_headers + "\r\n" + body;
}

TEST(CurlHttpClient, GetReturnsStatusAndBody) {
  CannedHttpServer server(http_response(200, "hello"));
  CurlHttpClient client;
  auto reply = client.get(server.url("/path?x=1"), 5s);
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->body, "hello");
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_THAT(server.requests()[0], StartsWith("GET /path?x=1 HTTP/1.1\r\n"));
}

TEST(CurlHttpClient, PostFormSendsTheBodyAsUrlEncodedForm) {
  CannedHttpServer server(http_response(200, "ns:x\n"));
  CurlHttpClient client;
  auto reply = client.post_form(server.url("/openid/login"), "openid.mode=check_authentication&a=b%20c", 5s);
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  ASSERT_EQ(server.requests().size(), 1u);
  const std::string request = server.requests()[0];
  EXPECT_THAT(request, StartsWith("POST /openid/login HTTP/1.1\r\n"));
  EXPECT_THAT(request, HasSubstr("Content-Type: application/x-www-form-urlencoded\r\n"));
  EXPECT_THAT(request, HasSubstr("\r\n\r\nopenid.mode=check_authentication&a=b%20c"));
}

TEST(CurlHttpClient, ErrorStatusesAreRepliesNotErrors) {
  CannedHttpServer server(http_response(429, "slow down"));
  CurlHttpClient client;
  auto reply = client.get(server.url("/"), 5s);
  ASSERT_TRUE(reply.ok());
  EXPECT_EQ(reply->status, 429);
}

TEST(CurlHttpClient, RedirectsAreReturnedNotFollowed) {
  CannedHttpServer server(http_response(302, "", "Location: http://127.0.0.1:1/elsewhere\r\n"));
  CurlHttpClient client;
  auto reply = client.get(server.url("/"), 5s);
  ASSERT_TRUE(reply.ok());
  EXPECT_EQ(reply->status, 302);
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(CurlHttpClient, BodiesAboveOneMebibyteAreRefused) {
  CannedHttpServer server(http_response(200, std::string(kMaxHttpReplyBytes + 1, 'x')));
  CurlHttpClient client;
  auto reply = client.get(server.url("/"), 5s);
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, "UPSTREAM_UNAVAILABLE");
}

TEST(CurlHttpClient, BodiesWithoutLengthAreCappedWhileStreaming) {
  // No Content-Length: only the write callback can notice the size.
  CannedHttpServer server("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + std::string(kMaxHttpReplyBytes + 10, 'x'));
  CurlHttpClient client;
  auto reply = client.get(server.url("/"), 5s);
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, "UPSTREAM_UNAVAILABLE");
}

TEST(CurlHttpClient, ConnectionRefusedIsUpstreamUnavailable) {
  CurlHttpClient client;
  auto reply =
      client.get("http://127.0.0.1:" + std::to_string(portal::test::closed_loopback_port()) + "/?key=SECRET", 5s);
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().kind, core::ErrorKind::unavailable);
  EXPECT_EQ(reply.error().code, "UPSTREAM_UNREACHABLE");
  EXPECT_EQ(failure_of(reply.error()), HttpFailure::unreachable);
  EXPECT_THAT(reply.error().message, ::testing::Not(HasSubstr("SECRET")));
}

TEST(CurlHttpClient, OnlyHttpAndHttpsAreAllowed) {
  CurlHttpClient client;
  for (const char* url : {"file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1/"}) {
    SCOPED_TRACE(url);
    auto reply = client.get(url, 2s);
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.error().code, "UPSTREAM_UNAVAILABLE");
  }
}

TEST(CurlHttpClient, ServesSeveralThreadsAtOnce) {
  CannedHttpServer server(http_response(200, "ok"));
  CurlHttpClient client;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 5; ++j) {
        auto reply = client.get(server.url("/"), 10s);
        if (reply.ok() && reply->body == "ok") ++good;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(good.load(), 20);
}

// Every method the payment providers and the cloud need, with headers and a body, each as sent.
TEST(CurlHttpClient, SendsAnyMethodWithHeadersAndBody) {
  struct Case {
    const char* method;
    const char* body;
  };
  for (const Case& c :
       {Case{"POST", R"({"amount":100})"}, Case{"PUT", R"({"name":"x"})"}, Case{"PATCH", R"({"state":"paid"})"},
        Case{"DELETE", ""}, Case{"DELETE", R"({"id":1})"}, Case{"GET", ""}}) {
    SCOPED_TRACE(std::string(c.method) + " " + c.body);
    CannedHttpServer server(http_response(201, R"({"ok":true})", "X-Request-Id: abc\r\nWechatpay-Serial: 5157\r\n"));
    CurlHttpClient client;
    auto reply = client.send(HttpRequest{
        .method = c.method,
        .url = server.url("/v3/pay/transactions/native"),
        .headers = {{"Content-Type", "application/json"},
                    {"Authorization", "WECHATPAY2-SHA256-RSA2048 mchid=\"1900009191\",signature=\"abc==\""},
                    {"X-Tc-Timestamp", "1700000000"}},
        .body = c.body,
        .timeout = 5s,
    });
    ASSERT_TRUE(reply.ok()) << reply.error().message;
    EXPECT_EQ(reply->status, 201);
    EXPECT_EQ(reply->body, R"({"ok":true})");
    EXPECT_EQ(reply->header("x-request-id"), "abc");
    EXPECT_EQ(reply->header("WECHATPAY-SERIAL"), "5157");
    EXPECT_EQ(reply->header("X-Absent"), "");
    ASSERT_EQ(server.requests().size(), 1u);
    const std::string request = server.requests()[0];
    EXPECT_THAT(request, StartsWith(std::string(c.method) + " /v3/pay/transactions/native HTTP/1.1\r\n"));
    EXPECT_THAT(request, HasSubstr("\r\nContent-Type: application/json\r\n"));
    EXPECT_THAT(request,
                HasSubstr("\r\nAuthorization: WECHATPAY2-SHA256-RSA2048 mchid=\"1900009191\",signature=\"abc==\"\r\n"));
    EXPECT_THAT(request, HasSubstr("\r\nX-Tc-Timestamp: 1700000000\r\n"));
    EXPECT_THAT(request, ::testing::Not(HasSubstr("Expect:")));
    EXPECT_TRUE(request.ends_with(std::string("\r\n\r\n") + c.body)) << request;
    if (std::string_view(c.body).empty()) {
      EXPECT_THAT(request, ::testing::Not(HasSubstr("Content-Length: 1")));
    } else {
      EXPECT_THAT(request, HasSubstr("Content-Length: " + std::to_string(std::string_view(c.body).size()) + "\r\n"));
    }
  }
}

TEST(CurlHttpClient, PostJsonSetsTheJsonTypeAndTheGivenHeaders) {
  CannedHttpServer server(http_response(200, "{}"));
  CurlHttpClient client;
  auto reply = client.post_json(server.url("/"), R"({"a":1})", {{"X-Signature", "sig"}}, 5s);
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  const std::string request = server.requests().at(0);
  EXPECT_THAT(request, StartsWith("POST / HTTP/1.1\r\n"));
  EXPECT_THAT(request, HasSubstr("\r\nContent-Type: application/json\r\n"));
  EXPECT_THAT(request, HasSubstr("\r\nX-Signature: sig\r\n"));
  EXPECT_THAT(request, ::testing::Not(HasSubstr("x-www-form-urlencoded")));
}

TEST(CurlHttpClient, ABodyWithoutContentTypeIsNotLabelledAsAForm) {
  CannedHttpServer server(http_response(204, ""));
  CurlHttpClient client;
  auto reply = client.send(HttpRequest{.method = "PUT", .url = server.url("/blob"), .body = "raw", .timeout = 5s});
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply->status, 204);
  EXPECT_THAT(server.requests().at(0), ::testing::Not(HasSubstr("Content-Type")));
}

TEST(CurlHttpClient, HeadersThatWouldSplitTheRequestAreRefused) {
  CurlHttpClient client;
  for (const auto& header : std::vector<std::pair<std::string, std::string>>{
           {"X-A", "ok\r\nInjected: yes"}, {"X-B\nInjected", "v"}, {"", "v"}, {"X:C", "v"}}) {
    auto reply = client.send(HttpRequest{.method = "POST", .url = "http://127.0.0.1:1/", .headers = {header}});
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.error().code, "UPSTREAM_UNAVAILABLE");
  }
  auto reply = client.send(HttpRequest{.method = "GET / HTTP/1.1\r\n", .url = "http://127.0.0.1:1/"});
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(failure_of(reply.error()), HttpFailure::invalid);
}

// A listener that never accepts: the kernel completes the handshake (backlog), nobody answers.
TEST(CurlHttpClient, NoAnswerBeforeTheDeadlineIsATimeoutNotARefusal) {
  portal::test::LoopbackListener listener;
  CurlHttpClient client;
  const auto started = std::chrono::steady_clock::now();
  auto reply = client.send(HttpRequest{.method = "POST",
                                       .url = listener.url("http"),
                                       .headers = {{"Content-Type", "application/json"}},
                                       .body = "{}",
                                       .timeout = 300ms});
  const auto took = std::chrono::steady_clock::now() - started;
  listener.close();
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().kind, core::ErrorKind::unavailable);
  EXPECT_EQ(reply.error().code, "UPSTREAM_TIMEOUT");
  EXPECT_EQ(failure_of(reply.error()), HttpFailure::timeout);
  EXPECT_EQ(reply.error().details.at("failure").as_string(), "timeout");
  EXPECT_GE(took, 250ms);
  EXPECT_LT(took, 3s);
}

TEST(CurlHttpClient, AnUnknownHostIsUnreachable) {
  CurlHttpClient client;
  auto reply = client.get("http://no-such-host.invalid/", 5s);
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, "UPSTREAM_UNREACHABLE");
}

TEST(CurlHttpClient, ATlsHandshakeWithSomethingElseIsUnreachable) {
  // Plain HTTP where TLS is expected: whatever the peer sends at once is no TLS record.
  portal::test::LoopbackListener listener;
  std::thread peer([&listener] {
    const int connection = listener.accept_within(5s);
    if (connection < 0) return;
    const std::string answer = http_response(200, "not tls");
    (void)::send(connection, answer.data(), answer.size(), MSG_NOSIGNAL);
    char ignored[4096];
    pollfd entry{connection, POLLIN, 0};
    if (::poll(&entry, 1, 2000) > 0) (void)::recv(connection, ignored, sizeof ignored, 0);
    ::close(connection);
  });
  CurlHttpClient client;
  auto reply = client.get(listener.url("https"), 5s);
  peer.join();
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, "UPSTREAM_UNREACHABLE") << reply.error().message;
}

TEST(CurlHttpClient, StatusesStayRepliesWhateverTheMethod) {
  CannedHttpServer server(http_response(503, "down"));
  CurlHttpClient client;
  auto reply = client.send(HttpRequest{.method = "PATCH", .url = server.url("/"), .body = "{}", .timeout = 5s});
  ASSERT_TRUE(reply.ok());
  EXPECT_EQ(reply->status, 503);
  EXPECT_EQ(reply->body, "down");
}

}  // namespace
}  // namespace portal::integrations
