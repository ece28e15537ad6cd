#pragma once
// Liveness, readiness and metrics for operators and load balancers.

#include "db/database.hpp"
#include "http/metrics.hpp"
#include "http/route.hpp"

#include <functional>
#include <string>

namespace portal::app {

// `more_metrics` adds Prometheus text after the HTTP metrics (the background jobs').
void register_ops_routes(http::RouteTable& routes, db::Database& database, const http::Metrics& metrics,
                         std::function<std::string()> more_metrics = {});

}  // namespace portal::app
