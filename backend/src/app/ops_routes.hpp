#pragma once
// Liveness, readiness and metrics for operators and load balancers.

#include "db/database.hpp"
#include "http/metrics.hpp"
#include "http/route.hpp"

namespace portal::app {

void register_ops_routes(http::RouteTable& routes, db::Database& database, const http::Metrics& metrics);

}  // namespace portal::app
