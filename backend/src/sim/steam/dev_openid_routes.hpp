#pragma once
// Demo mode only: the HTTP face of the development OpenID provider (sim/dev_openid_provider), at the
// paths a Steam-like provider would have. Every handler only touches memory and runs inline on the
// I/O thread: the portal's own callback, on a worker, calls check_authentication over loopback, and
// that must never wait for a free worker.

#include "http/route.hpp"
#include "sim/steam/dev_openid_provider.hpp"

namespace portal::sim {

void register_dev_openid_routes(http::RouteTable& routes, sim::DevOpenIdProvider& provider);

}  // namespace portal::sim
