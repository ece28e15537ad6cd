#pragma once
// The console's audit log (docs/console.md): GET /api/console/audit, one filtered page, and
// GET /api/console/audit.csv, every row of the filter (at most 100,000), both Access::op.

#include "db/audit_repository.hpp"
#include "http/route.hpp"

#include <cstdint>
#include <functional>

namespace portal::console {

void register_audit_routes(http::RouteTable& routes, db::AuditRepository& audit,
                           std::function<std::int64_t()> now_unix);

}  // namespace portal::console
