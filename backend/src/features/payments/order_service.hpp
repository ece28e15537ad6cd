#pragma once
// Orders as the buyer sees them: make one at the price table's price, start paying it at the
// provider, read it, list them. The rules are docs/payments.md's; knows nothing of HTTP.

#include "core/result.hpp"
#include "features/payments/fulfiller.hpp"
#include "features/payments/order.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/price_service.hpp"
#include "features/payments/provider_registry.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace portal::payments {

struct Buyer {
  std::int64_t user_id = 0;
  std::string steam_id;  // empty for an e-mail account not bound to Steam
};

struct NewOrder {
  std::string currency;
  std::string product_type;
  std::string product_id;
  std::string options;  // JSON text: {"duration": hours, "paymentMethod": "...", "relocatable": bool, ...}
};

struct PaymentSettings {
  std::int64_t window_s = 480;  // how long a payment may take (spec 001 section 9)
  int max_open_orders = 5;      // unpaid orders a user may hold within their windows
  std::string notify_url_base;  // public base + "/api/payment/notify/" (the method is appended)
  std::string return_url_base;  // public base + "/api/payment/return/" (the method is appended)
};

struct OrderServiceDeps {
  OrderRepository& orders;
  const PriceService& prices;
  const ProviderRegistry& providers;
  const FulfilmentRegistry& fulfillers;
  PaymentSettings settings;
  std::function<std::int64_t()> now_unix;
};

struct PageRequest {
  std::int64_t page = 1;
  std::int64_t page_size = 20;
};

class OrderService {
 public:
  explicit OrderService(OrderServiceDeps deps) : d_(std::move(deps)) {}

  // 422 VALIDATION_FAILED (bad options), PRODUCT_NOT_AVAILABLE, PAYMENT_METHOD_DISABLED,
  // CURRENCY_MISMATCH, PAYPAL_MIN_DURATION, PRICE_NOT_FOUND; 429 TOO_MANY_OPEN_ORDERS.
  core::Result<Order> create(const Buyer& buyer, const NewOrder& request);
  // Starts the payment at the provider (once: a second pay in the window answers the same start).
  // ORDER_NOT_FOUND, ORDER_NOT_PAYABLE, PAYMENT_METHOD_DISABLED, VALIDATION_FAILED (another method
  // than the order's), PAYMENT_PROVIDER_ERROR.
  core::Result<Order> pay(const Buyer& buyer, const std::string& order_id, const std::string& method);
  // Seconds of the order's payment window left now (0 when it has ended): the web counts down from
  // this instead of its own clock, so a wrong clock in the browser does not shift the deadline.
  std::int64_t seconds_left(const Order& order) const;
  // The caller's order; anyone else's is ORDER_NOT_FOUND.
  core::Result<Order> get(const Buyer& buyer, const std::string& order_id) const;
  OrderPage list(const Buyer& buyer, PageRequest page) const;

 private:
  OrderServiceDeps d_;
};

// The actor of what a user does, for order_events and audit_log.
inline std::string user_actor(const Buyer& buyer) { return "user:" + std::to_string(buyer.user_id); }

}  // namespace portal::payments
