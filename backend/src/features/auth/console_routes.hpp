#pragma once
// The People calls of the operator console (docs/console.md), Access::op. The account's orders and
// rented servers belong to other features: the app hands them in as ports.

#include "features/auth/console_people.hpp"
#include "http/route.hpp"

#include <boost/json/array.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace portal::auth {

struct PeopleRoutesDeps {
  PeopleConsole& people;
  // The account's orders and rented servers, newest first, as the console shows them.
  std::function<boost::json::array(std::int64_t user_id)> orders_of;
  std::function<boost::json::array(std::int64_t user_id, const std::string& steam_id)> rentals_of;
};

void register_people_console_routes(http::RouteTable& routes, PeopleRoutesDeps deps);

}  // namespace portal::auth
