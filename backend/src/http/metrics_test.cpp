#include "http/metrics.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::http {
namespace {

using ::testing::HasSubstr;

TEST(Metrics, CountsAndBucketsByRoutePattern) {
  Metrics metrics;
  metrics.record("GET", "/api/leaderboard/{mode}", 200, 0.003);
  metrics.record("GET", "/api/leaderboard/{mode}", 200, 0.2);
  metrics.record("GET", "/api/leaderboard/{mode}", 500, 0.001);
  const std::string text = metrics.render();
  EXPECT_THAT(text,
              HasSubstr(R"(portal_http_requests_total{method="GET",route="/api/leaderboard/{mode}",status="200"} 2)"));
  EXPECT_THAT(text,
              HasSubstr(R"(portal_http_requests_total{method="GET",route="/api/leaderboard/{mode}",status="500"} 1)"));
  // 0.001 and 0.003 fall in le=0.005; 0.2 does not.
  EXPECT_THAT(
      text,
      HasSubstr(
          R"(portal_http_request_duration_seconds_bucket{method="GET",route="/api/leaderboard/{mode}",le="0.005"} 2)"));
  EXPECT_THAT(
      text,
      HasSubstr(
          R"(portal_http_request_duration_seconds_bucket{method="GET",route="/api/leaderboard/{mode}",le="0.25"} 3)"));
  EXPECT_THAT(
      text, HasSubstr(R"(portal_http_request_duration_seconds_count{method="GET",route="/api/leaderboard/{mode}"} 3)"));
}

TEST(Metrics, InFlightGauge) {
  Metrics metrics;
  metrics.request_started();
  metrics.request_started();
  metrics.request_finished();
  EXPECT_THAT(metrics.render(), HasSubstr("portal_http_requests_in_flight 1\n"));
}

}  // namespace
}  // namespace portal::http
