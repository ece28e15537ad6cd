// The transport's failures over real HTTP: every one comes in the shared error shape.

#include "support/http_client.hpp"
#include "support/test_app.hpp"
#include "support/test_routes.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class HttpErrors : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.extra_routes = add_test_routes}};
  HttpClient client;

  // Asserts the shared shape and returns the parsed body.
  static boost::json::object expect_error_shape(const HttpResult& result, long status, const char* code) {
    EXPECT_EQ(result.status, status) << result.body;
    EXPECT_THAT(result.header("Content-Type"), HasSubstr("application/json"));
    auto body = result.json().as_object();
    EXPECT_EQ(body.at("error").as_string(), code);
    EXPECT_TRUE(body.at("message").is_string());
    EXPECT_FALSE(body.at("message").as_string().empty());
    EXPECT_TRUE(body.at("details").is_object());
    return body;
  }
};

TEST_F(HttpErrors, UnknownApiPathIs404) {
  auto body = expect_error_shape(client.get(app.url("/api/no/such/thing")), 404, "NOT_FOUND");
  EXPECT_EQ(body.at("details").at("path").as_string(), "/api/no/such/thing");
}

TEST_F(HttpErrors, WrongMethodIs405WithAllowHeader) {
  auto result = client.post_json(app.url("/api/config"), "{}");
  expect_error_shape(result, 405, "METHOD_NOT_ALLOWED");
  EXPECT_EQ(result.header("Allow"), "GET, HEAD");
}

TEST_F(HttpErrors, BodyOverDefaultLimitIs413) {
  const std::string big = "\"" + std::string(70 * 1024, 'x') + "\"";
  auto body = expect_error_shape(client.post_json(app.url("/api/test/echo"), big), 413, "PAYLOAD_TOO_LARGE");
  EXPECT_EQ(body.at("details").at("limitBytes").as_int64(), 65536);
}

TEST_F(HttpErrors, RouteThatDeclaresALargerLimitAcceptsIt) {
  const std::string big = "\"" + std::string(100 * 1024, 'x') + "\"";
  auto result = client.post_json(app.url("/api/test/big"), big);
  ASSERT_EQ(result.status, 200) << result.body;
  EXPECT_EQ(result.json().at("bytes").as_int64(), static_cast<std::int64_t>(big.size()));
}

TEST_F(HttpErrors, BodyWithinLimitReachesTheHandler) {
  auto result = client.post_json(app.url("/api/test/echo"), R"({"a":1})");
  ASSERT_EQ(result.status, 200);
  EXPECT_EQ(result.json().at("bytes").as_int64(), 7);
}

TEST_F(HttpErrors, HeadersOver8KiBAre431) {
  auto result = client.get(app.url("/api/config"), {"X-Padding: " + std::string(9000, 'a')});
  auto body = expect_error_shape(result, 431, "HEADERS_TOO_LARGE");
  EXPECT_EQ(body.at("details").at("limitBytes").as_int64(), 8192);
}

TEST_F(HttpErrors, WrongContentTypeOnJsonRouteIs415) {
  auto result = client.send(HttpCall{
      .method = "POST", .url = app.url("/api/test/echo"), .headers = {"Content-Type: text/plain"}, .body = "{}"});
  expect_error_shape(result, 415, "UNSUPPORTED_MEDIA_TYPE");
}

TEST_F(HttpErrors, JsonWithCharsetIsAccepted) {
  auto result = client.send(HttpCall{.method = "POST",
                                     .url = app.url("/api/test/echo"),
                                     .headers = {"Content-Type: application/json; charset=utf-8"},
                                     .body = "{}"});
  EXPECT_EQ(result.status, 200);
}

TEST_F(HttpErrors, ExceptionBecomes500WithRequestIdAndNoDetail) {
  auto result = client.get(app.url("/api/test/throw"));
  auto body = expect_error_shape(result, 500, "INTERNAL_ERROR");
  EXPECT_EQ(body.at("details").at("requestId").as_string(), result.header("X-Request-Id"));
  EXPECT_THAT(result.body, Not(HasSubstr("secret")));
}

TEST_F(HttpErrors, LoggedInRouteWithoutTokenIs401) {
  expect_error_shape(client.get(app.url("/api/test/private")), 401, "UNAUTHORIZED");
  expect_error_shape(client.get(app.url("/api/test/private"), {"Authorization: Bearer forged"}), 401, "INVALID_TOKEN");
  expect_error_shape(client.get(app.url("/api/test/op")), 401, "UNAUTHORIZED");
}

TEST_F(HttpErrors, ServerSurvivesAndKeepsServingAfterErrors) {
  client.get(app.url("/api/test/throw"));
  client.get(app.url("/api/config"), {"X-Padding: " + std::string(9000, 'a')});
  EXPECT_EQ(client.get(app.url("/healthz")).status, 200);
}

}  // namespace
}  // namespace portal::test
