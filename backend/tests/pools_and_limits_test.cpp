// The server under pressure, over real sockets: a full hashing pool answers 503 SERVER_BUSY at once
// while pages go on answering; a client address over its connection cap is refused politely without
// touching other addresses; a malformed chunked body gets a 400; error bodies stay valid JSON whatever
// bytes the client sent.

#include "support/http_client.hpp"
#include "support/raw_connection.hpp"
#include "support/test_app.hpp"
#include "support/test_routes.hpp"

#include <boost/json/parse.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

namespace portal::test {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string body_of(const std::string& response) {
  const auto end = response.find("\r\n\r\n");
  return end == std::string::npos ? std::string{} : response.substr(end + 4);
}

bool parses_as_json(const std::string& text) {
  boost::system::error_code ec;
  (void)boost::json::parse(text, ec);
  return !ec;
}

// ---- named pools ----

class HashingPool : public ::testing::Test {
 protected:
  // Holds the one hashing thread until released.
  std::promise<void> held;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.pools.hashing_threads = 1;
            c.pools.hashing_queue = 0;
          },
      .extra_routes =
          [this](http::RouteTable& routes) {
            add_test_routes(routes);
            routes.add(http::Route{.method = http::Method::post,
                                   .pattern = "/api/test/hold-hashing",
                                   .exec = http::Exec::hashing,
                                   .handler =
                                       [this](http::Request&) {
                                         held.set_value();
                                         released.wait();
                                         return http::json_response({{"held", true}});
                                       },
                                   .json_body = true});
          },
  }};

  void TearDown() override {
    try {
      release.set_value();
    } catch (const std::future_error&) {
    }
  }
};

TEST_F(HashingPool, AFullHashingPoolAnswers503AtOnceWhilePagesStillAnswer) {
  std::future<HttpResult> holder = std::async(std::launch::async, [this] {
    HttpClient client;
    return client.post_json(app.url("/api/test/hold-hashing"), "{}");
  });
  ASSERT_EQ(held.get_future().wait_for(10s), std::future_status::ready);

  HttpClient client;
  const auto started = std::chrono::steady_clock::now();
  const HttpResult login =
      client.post_json(app.url("/api/auth/email/login"), R"({"email":"a@example.com","password":"Secret-pass-1"})");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);  // answered at once, not after the holder
  EXPECT_EQ(login.status, 503) << login.body;
  EXPECT_EQ(login.header("Retry-After"), "1");
  const auto body = login.json().as_object();
  EXPECT_EQ(body.at("error").as_string(), "SERVER_BUSY");
  EXPECT_FALSE(body.at("message").as_string().empty());
  EXPECT_EQ(body.at("details").at("retryAfter").as_int64(), 1);
  EXPECT_EQ(body.at("details").at("pool").as_string(), "hashing");

  // Registration and the reset confirmation hash too: refused the same way.
  EXPECT_EQ(client
                .post_json(app.url("/api/auth/email/register"),
                           R"({"email":"a@example.com","password":"Secret-pass-1","code":"123456"})")
                .status,
            503);
  EXPECT_EQ(client
                .post_json(app.url("/api/auth/email/reset-password/confirm"),
                           R"({"email":"a@example.com","token":"ab","newPassword":"Secret-pass-1"})")
                .status,
            503);

  // Pages on the database pool and the I/O thread do not wait for the hashing pool.
  EXPECT_EQ(client.get(app.url("/api/faqs?language=en")).status, 200);
  EXPECT_EQ(client.get(app.url("/api/leaderboard/dm")).status, 200);
  EXPECT_EQ(client.get(app.url("/api/test/thread")).status, 200);
  EXPECT_EQ(client.get(app.url("/healthz")).status, 200);
  EXPECT_EQ(client.post_json(app.url("/api/auth/email/check"), R"({"email":"a@example.com"})").status, 200);

  const std::string metrics = client.get(app.url("/metrics")).body;
  EXPECT_THAT(metrics, HasSubstr("portal_pool_rejected_total{pool=\"hashing\"} 3\n"));
  EXPECT_THAT(metrics, HasSubstr("portal_pool_busy_threads{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(metrics, HasSubstr("portal_pool_queue_limit{pool=\"hashing\"} 0\n"));
  EXPECT_THAT(metrics, HasSubstr("portal_pool_rejected_total{pool=\"database\"} 0\n"));
  EXPECT_THAT(metrics, HasSubstr("portal_pool_threads{pool=\"outbound\"} "));
  EXPECT_THAT(
      metrics,
      HasSubstr("portal_http_requests_total{method=\"POST\",route=\"/api/auth/email/login\",status=\"503\"} 1\n"));

  release.set_value();
  EXPECT_EQ(holder.get().status, 200);
  // Room again: the login runs (and fails on the unknown account, as it would have).
  HttpResult again;
  for (int i = 0; i < 50; ++i) {
    again =
        client.post_json(app.url("/api/auth/email/login"), R"({"email":"a@example.com","password":"Secret-pass-1"})");
    if (again.status != 503) break;
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(again.status, 401) << again.body;
}

// ---- connections per client address ----

class ConnectionCap : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.configure = [](app::Config& c) { c.server.max_connections_per_address = 3; },
                             .extra_routes = add_test_routes}};
  std::uint16_t port = port_of(app.url(""));
};

TEST_F(ConnectionCap, AnAddressOverItsCapIsRefusedPolitelyAndOthersAreNot) {
  std::vector<std::unique_ptr<RawConnection>> idle;
  for (int i = 0; i < 3; ++i) idle.push_back(std::make_unique<RawConnection>(port));
  // The idle ones are counted once the server has accepted them; a request on each makes sure.
  for (auto& connection : idle) {
    connection->send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
    EXPECT_THAT(connection->read_until_closed(300ms), StartsWith("HTTP/1.1 200"));
  }

  RawConnection fourth(port);
  fourth.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
  const std::string refused = fourth.read_until_closed();
  EXPECT_THAT(refused, StartsWith("HTTP/1.1 503"));
  EXPECT_THAT(refused, HasSubstr("\r\nRetry-After: 1\r\n"));
  EXPECT_THAT(refused, HasSubstr("\r\nConnection: close\r\n"));
  ASSERT_TRUE(parses_as_json(body_of(refused))) << refused;
  const auto body = boost::json::parse(body_of(refused)).as_object();
  EXPECT_EQ(body.at("error").as_string(), "SERVER_BUSY");
  EXPECT_EQ(body.at("details").at("retryAfter").as_int64(), 1);
  EXPECT_TRUE(fourth.closed_by_server());

  // Another address is served as usual, and so are the open connections of the capped one.
  RawConnection other(port, "127.0.0.2");
  other.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_THAT(other.read_until_closed(300ms), StartsWith("HTTP/1.1 200"));
  idle[0]->send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_THAT(idle[0]->read_until_closed(300ms), StartsWith("HTTP/1.1 200"));

  other.send("GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_THAT(other.read_until_closed(300ms), HasSubstr("portal_http_connections_refused_total 1\n"));

  // Once one closes, the address may open a connection again.
  idle.pop_back();
  std::string again;
  for (int i = 0; i < 100 && !again.starts_with("HTTP/1.1 200"); ++i) {
    RawConnection retry(port);
    retry.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
    again = retry.read_until_closed(300ms);
    if (!again.starts_with("HTTP/1.1 200")) std::this_thread::sleep_for(20ms);
  }
  EXPECT_THAT(again, StartsWith("HTTP/1.1 200"));
}

// ---- malformed bodies and bytes that are not UTF-8 ----

class HttpHardening : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.extra_routes = add_test_routes}};
  std::uint16_t port = port_of(app.url(""));
};

TEST_F(HttpHardening, AMalformedChunkedBodyIsAnswered400AndClosed) {
  for (const char* chunks : {"zz\r\n{}\r\n0\r\n\r\n", "2;\x01\r\n{}\r\n0\r\n\r\n", "2\r\n{}XX0\r\n\r\n"}) {
    SCOPED_TRACE(chunks);
    RawConnection connection(port);
    connection.send(
        "POST /api/test/echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n");
    connection.send(chunks);
    const std::string response = connection.read_until_closed();
    EXPECT_THAT(response, StartsWith("HTTP/1.1 400"));
    EXPECT_THAT(response, HasSubstr("\r\nConnection: close\r\n"));
    ASSERT_TRUE(parses_as_json(body_of(response))) << response;
    EXPECT_EQ(boost::json::parse(body_of(response)).at("error").as_string(), "BAD_REQUEST");
    EXPECT_TRUE(connection.closed_by_server());
  }
  // A well-formed chunked body still reaches the handler.
  RawConnection connection(port);
  connection.send(
      "POST /api/test/echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
  const std::string response = connection.read_until_closed();
  EXPECT_THAT(response, StartsWith("HTTP/1.1 200"));
  EXPECT_EQ(body_of(response), R"({"bytes":2})");
}

TEST_F(HttpHardening, ErrorBodiesAreValidJsonWhateverBytesThePathHolds) {
  HttpClient client;
  const HttpResult result = client.get(app.url("/api/%FF%FEx%C3"));
  EXPECT_EQ(result.status, 404);
  ASSERT_TRUE(parses_as_json(result.body)) << result.body;
  EXPECT_EQ(result.json().at("details").at("path").as_string(), "/api/\xEF\xBF\xBD\xEF\xBF\xBDx\xEF\xBF\xBD");
}

TEST_F(HttpHardening, ErrorBodiesAreValidJsonWhateverBytesAHeaderHolds) {
  HttpClient client;
  const HttpResult result = client.send(HttpCall{
      .method = "POST", .url = app.url("/api/test/echo"), .headers = {"Content-Type: text/\xff\xfe"}, .body = "{}"});
  EXPECT_EQ(result.status, 415);
  ASSERT_TRUE(parses_as_json(result.body)) << result.body;
  EXPECT_EQ(result.json().at("details").at("received").as_string(), "text/\xEF\xBF\xBD\xEF\xBF\xBD");
}

}  // namespace
}  // namespace portal::test
