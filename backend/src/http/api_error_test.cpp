#include "http/api_error.hpp"

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

}  // namespace
}  // namespace portal::http
