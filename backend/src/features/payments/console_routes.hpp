#pragma once
// The operator console's money calls (docs/console.md "Money"): the price table, every order with its
// full history, refunds and the release of held payments. Access::op; every change is audited by the
// repository that makes it, with the actor op:<steamId>.

#include "features/payments/console_order_search.hpp"
#include "features/payments/payment_processor.hpp"
#include "features/payments/price_service.hpp"
#include "http/route.hpp"

namespace portal::payments {

struct ConsoleRoutesDeps {
  PriceService& prices;
  const OrderSearch& orders;
  PaymentProcessor& processor;
};

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps);

}  // namespace portal::payments
