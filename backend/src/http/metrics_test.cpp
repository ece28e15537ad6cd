#include "http/metrics.hpp"

#include "http/worker_pool.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <future>

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

TEST(Metrics, EachWatchedPoolShowsItsQueueAndRefusals) {
  Metrics metrics;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  WorkerPool hashing(PoolOptions{.name = "hashing", .threads = 1, .max_queue = 1});
  WorkerPool database(PoolOptions{.name = "database", .threads = 2});
  metrics.watch_pool(hashing);
  metrics.watch_pool(database);
  std::promise<void> running;
  ASSERT_TRUE(hashing.try_post([&running, released] {
    running.set_value();
    released.wait();
  }));
  running.get_future().wait();
  ASSERT_TRUE(hashing.try_post([] {}));
  ASSERT_FALSE(hashing.try_post([] {}));
  metrics.connection_refused();
  const std::string text = metrics.render();
  release.set_value();
  EXPECT_THAT(text, HasSubstr("portal_pool_threads{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_threads{pool=\"database\"} 2\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_queue_limit{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_queue_limit{pool=\"database\"} -1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_queue_depth{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_busy_threads{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_rejected_total{pool=\"hashing\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("portal_pool_rejected_total{pool=\"database\"} 0\n"));
  EXPECT_THAT(text, HasSubstr("# TYPE portal_pool_rejected_total counter\n"));
  EXPECT_THAT(text, HasSubstr("portal_http_connections_refused_total 1\n"));
}

}  // namespace
}  // namespace portal::http
