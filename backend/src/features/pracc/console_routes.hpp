#pragma once
// The operator console's rental calls (docs/console.md "Rentals"): every rented server, filtered and
// paged; maintenance, time added or ended, a failed launch tried again; the offered regions' flags.
// Access::op; every change is audited by RentalRepository with the actor op:<steamId> and the reason.

#include "features/pracc/console_rental_search.hpp"
#include "features/pracc/rental_operations.hpp"
#include "http/route.hpp"

namespace portal::pracc {

struct ConsoleRoutesDeps {
  RentalOperations& operations;
  const RentalSearch& search;
};

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps);

}  // namespace portal::pracc
