// Headers every response carries, CORS, HEAD, keep-alive, metrics and the remote configuration.

#include "support/http_client.hpp"
#include "support/test_app.hpp"
#include "support/test_routes.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kAllowedOrigin = "https://partner.example.com";

class HttpHeaders : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{
      .configure = [](app::Config& c) { c.security.cors_origins = {kAllowedOrigin}; },
      .extra_routes = add_test_routes,
  }};
  HttpClient client;
};

void expect_security_headers(const HttpResult& result) {
  const std::string csp = result.header("Content-Security-Policy");
  EXPECT_THAT(csp, HasSubstr("script-src 'self'"));
  EXPECT_THAT(csp, HasSubstr("frame-ancestors 'none'"));
  EXPECT_THAT(csp, HasSubstr("object-src 'none'"));
  // No inline scripts: 'unsafe-inline' may only appear in style-src.
  const auto script_src =
      csp.substr(csp.find("script-src"), csp.find(';', csp.find("script-src")) - csp.find("script-src"));
  EXPECT_THAT(script_src, Not(HasSubstr("unsafe-inline")));
  EXPECT_EQ(result.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(result.header("Referrer-Policy"), "strict-origin-when-cross-origin");
  EXPECT_FALSE(result.header("X-Request-Id").empty());
}

TEST_F(HttpHeaders, SecurityHeadersOnEveryKindOfResponse) {
  expect_security_headers(client.get(app.url("/healthz")));
  expect_security_headers(client.get(app.url("/api/config")));
  expect_security_headers(client.get(app.url("/api/nothing")));
  expect_security_headers(client.get(app.url("/some/page")));
  expect_security_headers(client.get(app.url("/api/test/throw")));
  expect_security_headers(client.get(app.url("/api/config"), {"X-Padding: " + std::string(9000, 'a')}));
}

TEST_F(HttpHeaders, NoHstsUnlessConfigured) {
  EXPECT_EQ(client.get(app.url("/healthz")).header("Strict-Transport-Security"), "");
}

TEST(HttpHeadersHsts, HstsWhenConfiguredForHttps) {
  TestApp app{TestAppOptions{.configure = [](app::Config& c) { c.security.hsts = true; }}};
  HttpClient client;
  EXPECT_EQ(client.get(app.url("/healthz")).header("Strict-Transport-Security"), "max-age=31536000; includeSubDomains");
}

TEST_F(HttpHeaders, RequestIdIsGeneratedOrEchoed) {
  auto a = client.get(app.url("/healthz"));
  auto b = client.get(app.url("/healthz"));
  EXPECT_EQ(a.header("X-Request-Id").size(), 16u);
  EXPECT_NE(a.header("X-Request-Id"), b.header("X-Request-Id"));
  EXPECT_EQ(client.get(app.url("/healthz"), {"X-Request-Id: trace-42"}).header("X-Request-Id"), "trace-42");
  // An unsafe id from the client is replaced, never reflected.
  EXPECT_NE(client.get(app.url("/healthz"), {"X-Request-Id: <script>"}).header("X-Request-Id"), "<script>");
}

TEST_F(HttpHeaders, CorsOnlyForExactAllowedOrigins) {
  auto allowed = client.get(app.url("/api/config"), {std::string("Origin: ") + kAllowedOrigin});
  EXPECT_EQ(allowed.header("Access-Control-Allow-Origin"), kAllowedOrigin);
  EXPECT_THAT(allowed.header("Vary"), HasSubstr("Origin"));
  for (const char* origin :
       {"https://evil.example.com", "https://partner.example.com.evil.com", "null", "http://partner.example.com"}) {
    auto denied = client.get(app.url("/api/config"), {std::string("Origin: ") + origin});
    EXPECT_EQ(denied.status, 200);
    EXPECT_EQ(denied.header("Access-Control-Allow-Origin"), "") << origin;
  }
}

TEST_F(HttpHeaders, CorsPreflight) {
  auto ok = client.send(
      HttpCall{.method = "OPTIONS",
               .url = app.url("/api/test/echo"),
               .headers = {std::string("Origin: ") + kAllowedOrigin, "Access-Control-Request-Method: POST"}});
  EXPECT_EQ(ok.status, 204);
  EXPECT_EQ(ok.header("Access-Control-Allow-Origin"), kAllowedOrigin);
  EXPECT_THAT(ok.header("Access-Control-Allow-Methods"), HasSubstr("POST"));
  EXPECT_THAT(ok.header("Access-Control-Allow-Headers"), HasSubstr("Authorization"));

  auto denied =
      client.send(HttpCall{.method = "OPTIONS",
                           .url = app.url("/api/test/echo"),
                           .headers = {"Origin: https://evil.example.com", "Access-Control-Request-Method: POST"}});
  EXPECT_EQ(denied.status, 403);
  EXPECT_EQ(denied.json().at("error").as_string(), "ORIGIN_NOT_ALLOWED");
}

TEST_F(HttpHeaders, HeadHasLengthButNoBody) {
  auto get = client.get(app.url("/api/config"));
  auto head = client.send(HttpCall{.method = "HEAD", .url = app.url("/api/config")});
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("Content-Length"), std::to_string(get.body.size()));
}

TEST_F(HttpHeaders, KeepAliveReusesTheConnection) {
  auto first = client.get(app.url("/healthz"));
  auto second = client.get(app.url("/api/config"));
  EXPECT_EQ(first.connects, 1);
  EXPECT_EQ(second.connects, 0);
}

TEST_F(HttpHeaders, MetricsCountRequestsByRoutePattern) {
  client.get(app.url("/healthz"));
  client.get(app.url("/api/missing"));
  auto metrics = client.get(app.url("/metrics"));
  ASSERT_EQ(metrics.status, 200);
  EXPECT_THAT(metrics.header("Content-Type"), HasSubstr("text/plain"));
  EXPECT_THAT(metrics.body, HasSubstr(R"(portal_http_requests_total{method="GET",route="/healthz",status="200"} 1)"));
  EXPECT_THAT(metrics.body, HasSubstr(R"(portal_http_requests_total{method="GET",route="unmatched",status="404"} 1)"));
  EXPECT_THAT(metrics.body,
              HasSubstr(R"(portal_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"} 1)"));
  // The /metrics request itself is in flight while it renders.
  EXPECT_THAT(metrics.body, HasSubstr("portal_http_requests_in_flight 1"));
}

TEST_F(HttpHeaders, DatabaseWorkRunsOffTheIoThreads) {
  EXPECT_FALSE(client.get(app.url("/api/test/thread")).json().at("ioThread").as_bool());
  EXPECT_TRUE(client.get(app.url("/api/test/thread-inline")).json().at("ioThread").as_bool());
}

TEST_F(HttpHeaders, HealthAndReadiness) {
  auto health = client.get(app.url("/healthz"));
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.json().at("status").as_string(), "ok");
  auto ready = client.get(app.url("/readyz"));
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.json().at("database").as_string(), "ok");
}

}  // namespace
}  // namespace portal::test
