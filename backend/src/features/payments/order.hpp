#pragma once
// An order as stored: what is bought, for whom, at which price, and where its payment stands.

#include "features/payments/order_state.hpp"
#include "integrations/payments/provider.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

struct Order {
  std::string id;  // "ord_" + 26 base32 digits (128 random bits): 30 characters
  std::int64_t user_id = 0;
  std::string steam_id;  // the buyer's SteamID64 when the order was made; empty for an unbound account
  std::string product_type;
  std::string product_id;
  std::string options;  // the client's options JSON text
  std::int64_t duration_hours = 0;
  bool relocatable = false;
  Money amount;
  Method method = Method::alipay;
  OrderState state = OrderState::created;
  std::string provider_ref;
  std::string capture_ref;
  std::string payment_url;  // the start of the payment, answered again by a repeated pay
  std::optional<std::string> qr_payload;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;  // the end of the payment window
  std::optional<std::int64_t> paid_at;
  std::optional<std::int64_t> fulfilled_at;
  std::optional<std::int64_t> refunded_at;

  // The idempotency key of everything done for this order outside the payment database (VIP time).
  std::string source_ref() const { return "order:" + id; }
};

struct OrderEvent {
  std::optional<OrderState> from;
  OrderState to = OrderState::created;
  std::string actor;
  std::string detail;
  std::int64_t at = 0;
};

struct OrderPage {
  std::vector<Order> orders;
  std::int64_t total = 0;
};

}  // namespace portal::payments
