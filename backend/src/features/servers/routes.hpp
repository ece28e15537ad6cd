#pragma once
// Routes of the servers feature (spec 000 §7): the list, a server's players, a server's details with
// its player-count history, and the push endpoint for server plugins.

#include "features/servers/service.hpp"
#include "http/route.hpp"

namespace portal::servers {

void register_routes(http::RouteTable& routes, Service& service);

}  // namespace portal::servers
