#pragma once
// The life of an order (docs/payments.md "The order's life") as one table: which state may follow
// which. Every change of orders.state goes through allowed(), so no code path can invent a transition.

#include <optional>
#include <string_view>

namespace portal::payments {

enum class OrderState { created, awaiting_payment, paid, fulfilled, expired, failed, refunded, held };

std::string_view to_string(OrderState state);
std::optional<OrderState> order_state_from(std::string_view text);

// Whether an order in `from` may move to `to`. A late payment is honoured (expired|failed -> paid), a
// paid order whose amount, currency or merchant did not match is held, and only money actually taken
// (paid, fulfilled, held) can be refunded.
bool allowed(OrderState from, OrderState to);

// The order still waits for money: a new payment may start (created) or be under way.
bool is_open(OrderState state);

// What the web reads (`status`): pending, paid, expired, failed, refunded, review.
std::string_view web_status(OrderState state);

}  // namespace portal::payments
