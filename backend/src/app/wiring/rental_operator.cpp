#include "app/wiring/rental_operator.hpp"

#include "core/clock.hpp"
#include "features/pracc/console_routes.hpp"

namespace portal::app {

RentalOperator::RentalOperator(const Config& config, db::Database& database)
    : servers_(database),
      operations_(pracc::RentalOperationsDeps{
          .servers = servers_, .regions = config.pracc.regions, .now_unix = core::system_unix_now}),
      search_(database, servers_) {}

void RentalOperator::register_routes(http::RouteTable& routes) {
  pracc::register_console_routes(routes, {.operations = operations_, .search = search_});
}

}  // namespace portal::app
