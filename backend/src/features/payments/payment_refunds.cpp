// Refunds: asked of the provider, recorded with the product's take-back in one transaction, and
// followed up until the provider says the money is back (or that it could not be).
#include "features/payments/errors.hpp"
#include "features/payments/payment_processor.hpp"

#include <spdlog/spdlog.h>

namespace portal::payments {

namespace {

constexpr std::int64_t kRefundBatch = 50;
// A refund asked less than this long ago may still be waiting for its answer: not followed yet.
constexpr std::int64_t kRefundAnswerSeconds = 60;
// A refund request with no answer is asked about for a week; after that it is the operator's.
constexpr std::int64_t kRefundFollowSeconds = 7 * 86400;

}  // namespace

core::Result<RefundOutcome> PaymentProcessor::refund(const std::string& order_id, const std::string& reason,
                                                     const std::string& actor) {
  auto order = d_.orders.find(order_id);
  if (!order) return errors::order_not_found();
  if (!allowed(order->state, OrderState::refunded)) return errors::order_not_refundable(to_string(order->state));
  Provider* provider = d_.providers.find(order->method);
  if (!provider) return errors::payment_method_disabled(to_string(order->method));
  // One refund per order: a retried command reuses the id, so the provider refunds once.
  const std::string refund_id = "rfd_" + order->id.substr(order->id.find('_') + 1);
  d_.orders.record_refund_request(refund_id, *order, d_.now_unix());
  auto result = provider->refund(RefundRequest{order->id, order->provider_ref, order->capture_ref, refund_id,
                                               order->amount, order->amount, reason});
  if (!result) {
    spdlog::warn("payments: refund of {} failed: {} {}", order->id, result.error().code, result.error().message);
    return errors::payment_provider_error(to_string(order->method));
  }
  if (auto taken = record_refund(*order, refund_id, *result, actor, reason); !taken) return taken.error();
  auto updated = d_.orders.find(order_id);
  return RefundOutcome{updated.value_or(*order), refund_id, result->completed};
}

core::Status PaymentProcessor::record_refund(const Order& order, const std::string& refund_id,
                                             const RefundResult& result, const std::string& actor,
                                             const std::string& reason) {
  Fulfiller* fulfiller = d_.fulfillers.find(order.product_type);
  const bool joined = fulfiller && fulfiller->joins_payment_transaction();
  TakeBackInTransaction take_back;
  if (joined) {
    take_back = [fulfiller](soci::session& sql, const Order& refunded) {
      // The money went back: a product that cannot be taken back is logged for the operator, never a
      // reason to forget the refund. (A database error throws and rolls everything back instead; the
      // refunds job then records it again from the provider's answer.)
      if (auto taken = fulfiller->revoke(refunded, &sql); !taken) {
        spdlog::error("payments: order {} refunded but not taken back: {} {}", refunded.id, taken.error().code,
                      taken.error().message);
      }
    };
  }
  const bool moved = d_.orders.record_refund(refund_id, order, result.provider_refund_ref, result.completed, actor,
                                             reason, d_.now_unix(), take_back);
  if (moved && fulfiller && !joined && order.state == OrderState::fulfilled) return fulfiller->revoke(order, nullptr);
  return core::Ok{};
}

void PaymentProcessor::follow_refunds() {
  const std::string actor = "job:payments.refunds";
  const std::int64_t now = d_.now_unix();
  for (const auto& due :
       d_.orders.refunds_to_follow(now - kRefundAnswerSeconds, now - kRefundFollowSeconds, kRefundBatch)) {
    Provider* provider = d_.providers.find(due.order.method);
    if (!provider) continue;
    auto status = provider->query_refund(RefundQuery{due.order.id, due.order.provider_ref, due.order.capture_ref,
                                                     due.refund_id, due.provider_refund_ref});
    if (!status) {
      spdlog::warn("payments: asking about refund {} failed: {}", due.refund_id, status.error().message);
      continue;
    }
    if (status->state == RefundState::unknown) continue;  // not (yet) known there: asked again next time
    if (status->state == RefundState::failed) {
      // The money could not go back (a closed card, say): the product stays with the buyer and an
      // operator has to settle it with the provider.
      if (d_.orders.settle_refund(due.refund_id, due.order.id, false, status->provider_refund_ref, actor)) {
        spdlog::error("payments: refund {} of order {} failed at the provider; an operator has to act", due.refund_id,
                      due.order.id);
      }
      continue;
    }
    if (due.state == "requested") {
      // The provider took a refund whose answer we never recorded: record it now, as the refund would have.
      const RefundResult result{status->provider_refund_ref, status->state == RefundState::completed};
      if (auto taken = record_refund(due.order, due.refund_id, result, actor, "recorded from the provider's answer");
          !taken) {
        spdlog::warn("payments: recording refund {} failed: {}", due.refund_id, taken.error().message);
      }
      continue;
    }
    if (status->state == RefundState::completed) {
      d_.orders.settle_refund(due.refund_id, due.order.id, true, status->provider_refund_ref, actor);
    }
  }
}

}  // namespace portal::payments
