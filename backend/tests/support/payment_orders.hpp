#pragma once
// Test data: an order of 30 days of VIP by Alipay at the demo price (30.00 CNY), awaiting payment,
// written the way POST /api/payment/orders and /pay leave it, for tests that need many of them or
// an order without going through the API's per-address budget.

#include "core/clock.hpp"
#include "features/payments/order_repository.hpp"

#include <cstdint>
#include <string>

namespace portal::test {

inline std::string insert_awaiting_vip_order(payments::OrderRepository& orders, std::int64_t user_id,
                                             const std::string& steam_id) {
  const std::int64_t now = core::system_unix_now();
  payments::Order order{.id = payments::new_order_id(),
                        .user_id = user_id,
                        .steam_id = steam_id,
                        .product_type = "vip",
                        .product_id = "vip",
                        .options = R"({"duration":720,"paymentMethod":"alipay"})",
                        .duration_hours = 720,
                        .amount = {.minor = 3000, .currency = "CNY"},
                        .method = payments::Method::alipay,
                        .state = payments::OrderState::awaiting_payment,
                        .created_at = now,
                        .expires_at = now + 480};
  orders.insert(order, "user:" + std::to_string(user_id));
  return order.id;
}

}  // namespace portal::test
