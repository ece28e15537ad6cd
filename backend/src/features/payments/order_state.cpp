#include "features/payments/order_state.hpp"

#include <array>
#include <utility>

namespace portal::payments {

namespace {

using S = OrderState;

constexpr std::array<std::pair<S, std::string_view>, 8> kNames{{
    {S::created, "created"},
    {S::awaiting_payment, "awaiting_payment"},
    {S::paid, "paid"},
    {S::fulfilled, "fulfilled"},
    {S::expired, "expired"},
    {S::failed, "failed"},
    {S::refunded, "refunded"},
    {S::held, "held"},
}};

}  // namespace

std::string_view to_string(OrderState state) {
  for (const auto& [s, name] : kNames) {
    if (s == state) return name;
  }
  return "created";
}

std::optional<OrderState> order_state_from(std::string_view text) {
  for (const auto& [s, name] : kNames) {
    if (name == text) return s;
  }
  return std::nullopt;
}

bool allowed(OrderState from, OrderState to) {
  switch (from) {
    case S::created:
      return to == S::awaiting_payment || to == S::paid || to == S::held || to == S::expired || to == S::failed;
    case S::awaiting_payment:
      return to == S::paid || to == S::held || to == S::expired || to == S::failed;
    // The buyer's money is never ignored: a payment that arrives after the window or after a failure
    // report is still taken (or held when it does not match).
    case S::expired:
    case S::failed:
      return to == S::paid || to == S::held;
    case S::paid:
      return to == S::fulfilled || to == S::refunded || to == S::held;
    case S::fulfilled:
      return to == S::refunded;
    // The console releases a held payment (fulfils it) or gives the money back.
    case S::held:
      return to == S::paid || to == S::refunded;
    case S::refunded:
      return false;
  }
  return false;
}

bool is_open(OrderState state) { return state == S::created || state == S::awaiting_payment; }

std::string_view web_status(OrderState state) {
  switch (state) {
    // Paid but not yet delivered reads as pending: the web's success step says the product has
    // arrived (its VIP badge is refetched at once), so it must not come before the fulfilment. A
    // fulfilment a crash interrupted is finished by the provider's retry or the expiry job.
    case S::created:
    case S::awaiting_payment:
    case S::paid:
      return "pending";
    case S::fulfilled:
      return "paid";
    case S::expired:
      return "expired";
    case S::failed:
      return "failed";
    case S::refunded:
      return "refunded";
    case S::held:
      return "review";
  }
  return "pending";
}

}  // namespace portal::payments
