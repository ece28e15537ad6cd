#include "http/api_error.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(ApiError, KindsMapToTheirStatuses) {
  EXPECT_EQ(status_of(core::ErrorKind::bad_request), 400);
  EXPECT_EQ(status_of(core::ErrorKind::unauthorized), 401);
  EXPECT_EQ(status_of(core::ErrorKind::forbidden), 403);
  EXPECT_EQ(status_of(core::ErrorKind::not_found), 404);
  EXPECT_EQ(status_of(core::ErrorKind::conflict), 409);
  EXPECT_EQ(status_of(core::ErrorKind::validation), 422);
  EXPECT_EQ(status_of(core::ErrorKind::rate_limited), 429);
  EXPECT_EQ(status_of(core::ErrorKind::unavailable), 503);
  EXPECT_EQ(status_of(core::ErrorKind::internal), 500);
}

TEST(ApiError, TheSharedShape) {
  const auto error =
      core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", "Not a positive number", {{"field", "n"}});
  const auto response = error_response(error);
  EXPECT_EQ(response.status, 422);
  EXPECT_EQ(response.content_type, "application/json");
  EXPECT_EQ(response.body,
            R"({"error":"VALIDATION_FAILED","message":"Not a positive number","details":{"field":"n"}})");
}

// Parses as JSON only when every string in it is valid UTF-8 (Boost.JSON checks it while parsing).
bool parses(const std::string& body) {
  boost::system::error_code ec;
  (void)boost::json::parse(body, ec);
  return !ec;
}

TEST(ApiError, InvalidUtf8FromTheClientNeverBreaksTheBody) {
  const std::string bad_path = "/api/\xff\xfe/x";
  const auto not_found = error_response(errors::not_found(bad_path));
  EXPECT_TRUE(parses(not_found.body)) << not_found.body;
  EXPECT_EQ(boost::json::parse(not_found.body).at("details").at("path").as_string(), "/api/\uFFFD\uFFFD/x");

  // Nested details, keys, the message and the code: every string is repaired.
  const auto error = core::Error::make(core::ErrorKind::validation, "BAD\xc3", "Field \xe4\xbd is wrong",
                                       {{"field", "name\x80"},
                                        {"values", boost::json::array{"ok", "\xed\xa0\x80"}},
                                        {"nested", boost::json::object{{"k\xff", "v\xc0\xaf"}}},
                                        {"n", 3}});
  const auto response = error_response(error);
  ASSERT_TRUE(parses(response.body)) << response.body;
  const auto body = boost::json::parse(response.body).as_object();
  EXPECT_EQ(body.at("message").as_string(), "Field \uFFFD\uFFFD is wrong");
  EXPECT_EQ(body.at("details").at("field").as_string(), "name\uFFFD");
  EXPECT_EQ(body.at("details").at("values").at(0).as_string(), "ok");
  EXPECT_EQ(body.at("details").at("n").as_int64(), 3);
  EXPECT_TRUE(body.at("details").at("nested").as_object().contains("k\uFFFD"));
}

TEST(ApiError, ValidTextIsLeftAlone) {
  const auto response = error_response(errors::not_found("/api/服务器/é"));
  EXPECT_EQ(response.body, R"({"error":"NOT_FOUND","message":"No such resource","details":{"path":"/api/服务器/é"}})");
}

TEST(ApiError, ServerBusyIs503WithRetryAfterAndThePool) {
  const auto response = error_response(errors::server_busy("hashing", std::chrono::seconds(1)));
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(
      response.body,
      R"({"error":"SERVER_BUSY","message":"The server is busy, please try again shortly","details":{"retryAfter":1,"pool":"hashing"}})");
  ASSERT_TRUE(response.headers.size() >= 1);
  bool retry_after = false;
  for (const auto& [name, value] : response.headers)
    retry_after = retry_after || (name == "Retry-After" && value == "1");
  EXPECT_TRUE(retry_after);
}

}  // namespace
}  // namespace portal::http
