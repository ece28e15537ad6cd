#include "features/payments/payment_processor.hpp"

#include "features/payments/errors.hpp"

#include <spdlog/spdlog.h>

namespace portal::payments {

namespace {

constexpr std::int64_t kBatch = 100;

std::string notify_actor(Method method) { return std::string("notify:") + to_string(method); }

const char* outcome_name(ApplyOutcome outcome) {
  switch (outcome) {
    case ApplyOutcome::applied:
      return "applied";
    case ApplyOutcome::unchanged:
      return "unchanged";
    case ApplyOutcome::held:
      return "held";
    case ApplyOutcome::unknown_order:
      return "unknown_order";
    case ApplyOutcome::failed:
      return "failed";
  }
  return "failed";
}

// Why a payment does not match its order, or empty when it does.
std::string mismatch(const Order& order, const ProviderPayment& payment, const std::string& merchant) {
  // PayPal's capture events often leave the payee out: there an absent merchant is "not reported"
  // (the capture was made by our own credentials); a named one must be ours everywhere.
  const bool unreported = payment.merchant_id.empty() && order.method == Method::paypal;
  if (!merchant.empty() && !unreported && payment.merchant_id != merchant) {
    return "merchant " + payment.merchant_id + " is not ours";
  }
  if (payment.amount.currency != order.amount.currency) {
    return "currency " + payment.amount.currency + " instead of " + order.amount.currency;
  }
  if (payment.amount.minor != order.amount.minor) {
    return "amount " + std::to_string(payment.amount.minor) + " instead of " + std::to_string(order.amount.minor);
  }
  return {};
}

}  // namespace

NotificationAnswer PaymentProcessor::handle(Method method, const Notification& notification) {
  Provider* provider = d_.providers.find(method);
  if (!provider) return NotificationAnswer{404, "text/plain", "unknown payment method"};
  auto payment = provider->verify_notification(notification);
  if (!payment) {
    spdlog::warn("payments: {} notification refused: {} {}", to_string(method), payment.error().code,
                 payment.error().message);
    return provider->rejected();
  }
  return handle_verified(method, notification, *payment);
}

NotificationAnswer PaymentProcessor::handle_verified(Method method, const Notification& notification,
                                                     const ProviderPayment& payment) {
  Provider* provider = d_.providers.find(method);
  if (!provider) return NotificationAnswer{404, "text/plain", "unknown payment method"};
  const std::string provider_name = to_string(method);
  // The event id makes a repeat a no-op: the row is stored once. The payment is applied every time
  // nevertheless (apply() changes nothing on an order it completed), so a notification stored by an
  // attempt that then failed is completed by the provider's retry.
  const std::string event_id =
      payment.event_id.empty() ? payment.order_id + ":" + payment.event_type : payment.event_id;
  try {
    const bool first =
        d_.orders.store_notification(provider_name, event_id, payment.order_id, notification.body, d_.now_unix());
    const ApplyOutcome outcome = apply(method, payment, notify_actor(method));
    if (outcome == ApplyOutcome::failed) return provider->rejected();
    if (first) d_.orders.set_notification_outcome(provider_name, event_id, outcome_name(outcome));
    return provider->accepted();
  } catch (const std::exception& e) {
    // The database is busy or gone: the provider's retry completes it.
    spdlog::warn("payments: {} notification {} not applied: {}", provider_name, event_id, e.what());
    return provider->rejected();
  }
}

ApplyOutcome PaymentProcessor::apply(Method method, const ProviderPayment& reported, const std::string& actor) {
  auto order = d_.orders.find(reported.order_id);
  if (!order) {
    spdlog::warn("payments: {} reports unknown order {}", to_string(method), reported.order_id);
    return ApplyOutcome::unknown_order;
  }
  if (order->method != method) {
    spdlog::warn("payments: {} reports order {} of method {}", to_string(method), order->id, to_string(order->method));
    return ApplyOutcome::unknown_order;
  }
  ProviderPayment payment = reported;
  if (payment.state == ProviderState::approved) {
    // PayPal: the buyer approved; the money is ours once captured (idempotent at PayPal).
    if (order->state == OrderState::fulfilled || order->state == OrderState::refunded) return ApplyOutcome::unchanged;
    Provider* provider = d_.providers.find(method);
    if (!provider) return ApplyOutcome::failed;
    auto settled = provider->settle(payment);
    if (!settled) {
      spdlog::warn("payments: settling {} failed: {} {}", order->id, settled.error().code, settled.error().message);
      return ApplyOutcome::failed;
    }
    payment = *settled;
  }
  const std::int64_t now = d_.now_unix();
  switch (payment.state) {
    case ProviderState::paid:
      return take_payment(*order, payment, actor);
    case ProviderState::closed:
      // A closed trade of an order still waiting: it will not be paid. After a payment (a
      // TRADE_CLOSED after a full refund, a reordered notification) it changes nothing.
      if (!is_open(order->state)) return ApplyOutcome::unchanged;
      return d_.orders.transition(order->id, order->state, OrderState::expired, actor, "closed at the provider", now)
                 ? ApplyOutcome::applied
                 : ApplyOutcome::unchanged;
    case ProviderState::failed:
      if (!is_open(order->state)) return ApplyOutcome::unchanged;
      return d_.orders.transition(order->id, order->state, OrderState::failed, actor, payment.event_type, now)
                 ? ApplyOutcome::applied
                 : ApplyOutcome::unchanged;
    case ProviderState::pending:
    case ProviderState::approved:
    case ProviderState::refunded:
      return ApplyOutcome::unchanged;
  }
  return ApplyOutcome::unchanged;
}

ApplyOutcome PaymentProcessor::take_payment(const Order& order, const ProviderPayment& payment,
                                            const std::string& actor) {
  const std::int64_t now = d_.now_unix();
  const PaymentFacts facts{payment.provider_ref, payment.capture_ref, payment.paid_at};
  const auto merchant = d_.merchant_ids.find(order.method);
  const std::string why = mismatch(order, payment, merchant == d_.merchant_ids.end() ? "" : merchant->second);
  if (!why.empty()) {
    // Not what was asked for: the money is kept for the console to release or refund, never fulfilled.
    if (order.state == OrderState::fulfilled || order.state == OrderState::refunded) return ApplyOutcome::unchanged;
    spdlog::warn("payments: order {} held: {}", order.id, why);
    d_.orders.hold(order.id, facts, why, actor, now);
    return ApplyOutcome::held;
  }
  std::optional<core::Error> refused;
  const FulfilInTransaction in_transaction = joined_fulfilment(order.product_type, refused);
  auto recorded = d_.orders.record_payment(order.id, facts, actor, now, in_transaction);
  if (!recorded) {
    spdlog::warn("payments: fulfilling {} failed: {} {}", order.id, recorded.error().code, recorded.error().message);
    return ApplyOutcome::failed;
  }
  switch (recorded->outcome) {
    case PaidOutcome::recorded:
      if (recorded->order.state == OrderState::fulfilled) return ApplyOutcome::applied;
      if (refused) return give_back_refused(recorded->order, *refused, actor);
      return fulfil_paid(recorded->order, actor);
    case PaidOutcome::already_paid:
      // A crash (or a failed fulfilment) after the payment was recorded: complete it now.
      return fulfil_paid(recorded->order, actor) == ApplyOutcome::failed ? ApplyOutcome::failed
                                                                         : ApplyOutcome::unchanged;
    case PaidOutcome::held:
      return ApplyOutcome::held;
    case PaidOutcome::unknown:
      return ApplyOutcome::unknown_order;
    case PaidOutcome::settled:
      return ApplyOutcome::unchanged;
  }
  return ApplyOutcome::unchanged;
}

FulfilInTransaction PaymentProcessor::joined_fulfilment(const std::string& product_type,
                                                        std::optional<core::Error>& refused) const {
  Fulfiller* fulfiller = d_.fulfillers.find(product_type);
  if (!fulfiller || !fulfiller->joins_payment_transaction()) return {};
  return [fulfiller, &refused](soci::session& sql, const Order& paid) {
    auto result = fulfiller->fulfil(paid, &sql);
    if (!result && is_refusal(result.error())) refused = result.error();
    return result;
  };
}

ApplyOutcome PaymentProcessor::fulfil_paid(const Order& order, const std::string& actor) {
  Fulfiller* fulfiller = d_.fulfillers.find(order.product_type);
  if (!fulfiller) {
    // The money is recorded; the product type was unregistered since. The order waits as paid.
    spdlog::error("payments: order {} is paid but no fulfiller handles {}", order.id, order.product_type);
    return ApplyOutcome::applied;
  }
  if (fulfiller->joins_payment_transaction()) {
    // Its rows live with the order's: tried again in a transaction of its own, never half-made.
    std::optional<core::Error> refused;
    auto tried = d_.orders.fulfil_paid(order.id, actor, d_.now_unix(), joined_fulfilment(order.product_type, refused));
    if (!tried) {
      spdlog::warn("payments: fulfilling {} again failed: {} {}", order.id, tried.error().code, tried.error().message);
      return ApplyOutcome::failed;
    }
    if (tried->outcome != PaidOutcome::recorded) return ApplyOutcome::unchanged;
    if (refused) return give_back_refused(tried->order, *refused, actor);
    return tried->order.state == OrderState::fulfilled ? ApplyOutcome::applied : ApplyOutcome::failed;
  }
  auto result = fulfiller->fulfil(order, nullptr);
  if (!result) {
    spdlog::warn("payments: fulfilling {} failed: {} {}", order.id, result.error().code, result.error().message);
    return ApplyOutcome::failed;
  }
  d_.orders.record_fulfilment(order, *result, actor, d_.now_unix());
  return ApplyOutcome::applied;
}

void PaymentProcessor::expire_due() {
  const std::string actor = "job:payments.expire";
  for (const auto& order : d_.orders.due_for_expiry(d_.now_unix(), kBatch)) {
    Provider* provider = d_.providers.find(order.method);
    if (!provider) continue;
    if (order.state == OrderState::awaiting_payment) {
      // Asked first: a payment made in the last second must not be closed away.
      auto reported = provider->query(order.id, order.provider_ref);
      if (!reported) {
        spdlog::warn("payments: query of {} failed: {}", order.id, reported.error().message);
        continue;
      }
      if (reported->state == ProviderState::paid || reported->state == ProviderState::approved) {
        apply(order.method, *reported, actor);
        continue;
      }
      if (auto closed = provider->close(order.id, order.provider_ref); !closed) {
        spdlog::warn("payments: closing {} failed: {}", order.id, closed.error().message);
        continue;
      }
    }
    d_.orders.transition(order.id, order.state, OrderState::expired, actor, "payment window ended", d_.now_unix());
  }
  for (const auto& order : d_.orders.paid_not_fulfilled(kBatch)) fulfil_paid(order, actor);
}

void PaymentProcessor::reconcile(std::int64_t quiet_s) {
  const std::string actor = "job:payments.reconcile";
  for (const auto& order : d_.orders.awaiting_payment_since(d_.now_unix() - quiet_s, kBatch)) {
    Provider* provider = d_.providers.find(order.method);
    if (!provider) continue;
    auto reported = provider->query(order.id, order.provider_ref);
    if (!reported) continue;
    if (reported->state != ProviderState::pending) apply(order.method, *reported, actor);
  }
}

}  // namespace portal::payments
