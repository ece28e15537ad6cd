// The console's release of a payment held for review (PaymentProcessor::release): kept apart from the
// notification and refund paths, which change for other reasons.
#include "features/payments/errors.hpp"
#include "features/payments/payment_processor.hpp"

#include <spdlog/spdlog.h>

namespace portal::payments {

core::Result<Order> PaymentProcessor::release(const std::string& order_id, const std::string& reason,
                                              const std::string& actor) {
  std::optional<core::Error> refused;
  FulfilInTransaction in_transaction;
  if (auto order = d_.orders.find(order_id)) in_transaction = joined_fulfilment(order->product_type, refused);
  auto released = d_.orders.release_held(order_id, actor, reason, d_.now_unix(), in_transaction);
  if (!released) return released.error();
  switch (released->outcome) {
    case PaidOutcome::unknown:
      return errors::order_not_found();
    case PaidOutcome::recorded:
    case PaidOutcome::already_paid:
      if (refused) {
        // Released, but what was bought can no longer be given (its limit filled meanwhile): refunded.
        give_back_refused(released->order, *refused, actor);
        break;
      }
      if (released->order.state == OrderState::paid && fulfil_paid(released->order, actor) == ApplyOutcome::failed) {
        spdlog::warn("payments: {} released but not fulfilled yet; payments.expire tries again", order_id);
      }
      break;
    case PaidOutcome::settled:
    case PaidOutcome::held: {
      // A repeated release of an order that was held once and has been fulfilled since changes nothing.
      bool was_held = false;
      for (const auto& event : d_.orders.events(order_id)) was_held = was_held || event.to == OrderState::held;
      if (!was_held || released->order.state != OrderState::fulfilled) {
        return errors::order_not_held(to_string(released->order.state));
      }
      break;
    }
  }
  auto current = d_.orders.find(order_id);
  if (!current) return errors::order_not_found();
  return *current;
}

}  // namespace portal::payments
