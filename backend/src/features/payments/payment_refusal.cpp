// What the engine does with a payment its product refused for good (fulfiller.hpp refusal()): the
// buyer's money goes back at once, since retrying could only refuse again.
#include "features/payments/payment_processor.hpp"

#include <spdlog/spdlog.h>

namespace portal::payments {

ApplyOutcome PaymentProcessor::give_back_refused(const Order& order, const core::Error& why, const std::string& actor) {
  spdlog::warn("payments: {} refused order {} ({} {}): refunding it", order.product_type, order.id, why.code,
               why.message);
  auto refunded = refund(order.id, "not deliverable: " + why.message, actor);
  if (!refunded) {
    // Held, not left paid: the paid-not-fulfilled sweep would only refuse it again. The console
    // refunds it (or releases it once the product can be given).
    spdlog::error("payments: refunding refused order {} failed: {} {}; held for the operator", order.id,
                  refunded.error().code, refunded.error().message);
    d_.orders.hold(order.id, PaymentFacts{}, "refused (" + why.code + ") and the refund failed", actor, d_.now_unix());
    return ApplyOutcome::held;
  }
  if (Fulfiller* fulfiller = d_.fulfillers.find(order.product_type)) {
    fulfiller->refused_and_refunded(refunded->order, why);
  }
  return ApplyOutcome::applied;
}

}  // namespace portal::payments
