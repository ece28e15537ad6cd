#include "app/process/ops_routes.hpp"

#include "db/transient_failure.hpp"
#include "http/api_error.hpp"

namespace portal::app {

void register_ops_routes(http::RouteTable& routes, db::Database& database, const http::Metrics& metrics,
                         std::function<std::string()> more_metrics) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/healthz",
      .exec = http::Exec::inline_io,
      .handler =
          [](http::Request&) {
            return http::json_response({{"status", "ok"}});
          },
      .summary = "The process is up",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/readyz",
      .exec = http::Exec::worker,
      .handler =
          [&database](http::Request&) {
            if (database.ping()) return http::json_response({{"status", "ready"}, {"database", "ok"}});
            return http::error_response(
                core::Error::make(core::ErrorKind::unavailable, "DATABASE_UNAVAILABLE", "The database does not answer",
                                  {{"retryAfter", static_cast<std::int64_t>(db::kUnavailableRetryAfterSeconds)}}));
          },
      .summary = "The database answers",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/metrics",
      .exec = http::Exec::inline_io,
      .handler =
          [&metrics, more = std::move(more_metrics)](http::Request&) {
            std::string text = metrics.render();
            if (more) text += more();
            return http::text_response(std::move(text), "text/plain; version=0.0.4; charset=utf-8");
          },
      .summary = "Prometheus metrics",
  });
}

}  // namespace portal::app
