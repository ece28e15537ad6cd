#pragma once
// Routes that only tests register, to drive the real stack into its edge cases.

#include "http/route.hpp"

namespace portal::test {

// POST /api/test/echo (json), POST /api/test/big (json, 256 KiB limit), GET /api/test/throw,
// GET /api/test/slow?ms=N, GET /api/test/private (logged in), GET /api/test/op (op),
// GET /api/test/thread (worker) and /api/test/thread-inline (I/O thread): {"ioThread": bool},
// GET /api/test/shared?bytes=N[&fill=c] (text/plain: one shared body of N bytes, replaced by `fill`).
void add_test_routes(http::RouteTable& routes);

}  // namespace portal::test
