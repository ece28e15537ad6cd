#pragma once
// The payment calls of docs/payments.md: pricing, orders, pay, order reads, provider notifications
// and browser returns. Handlers translate HTTP to the services and back; the rules live there.

#include "core/rate_limiter.hpp"
#include "features/payments/order_service.hpp"
#include "features/payments/payment_processor.hpp"
#include "features/payments/price_service.hpp"
#include "http/route.hpp"

#include <map>
#include <string>

namespace portal::payments {

struct PaymentRoutesDeps {
  const PriceService& prices;
  OrderService& orders;
  PaymentProcessor& processor;
  const ProviderRegistry& providers;
  std::string web_result_url;  // where a provider's browser return lands: + "?orderId=<id>"
};

void register_routes(http::RouteTable& routes, PaymentRoutesDeps deps);

// Per-address budgets of order creation and pay (the per-user cap on open orders is the service's).
std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies();

}  // namespace portal::payments
