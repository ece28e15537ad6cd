#pragma once
// What happens when money moves: a provider's notification (verified first, stored raw, applied
// once), the jobs that ask providers about orders whose notification never came or whose window
// ended, and refunds. Every path applies a payment through apply(), so a notification, a query and a
// retry after a crash all end in the same place: paid once, fulfilled once. Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/payments/fulfiller.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/provider_registry.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace portal::payments {

struct PaymentProcessorDeps {
  OrderRepository& orders;
  const ProviderRegistry& providers;
  const FulfilmentRegistry& fulfillers;
  // Our merchant id per method (app_id, mchid, PayPal merchant id): a payment to anyone else is held.
  // A method without an entry is not checked (its adapter checks the merchant itself).
  std::map<Method, std::string> merchant_ids;
  std::function<std::int64_t()> now_unix;
};

// What became of a payment that was applied.
enum class ApplyOutcome { applied, unchanged, held, unknown_order, failed };

struct RefundOutcome {
  Order order;
  std::string refund_id;
  bool completed = false;
};

class PaymentProcessor {
 public:
  explicit PaymentProcessor(PaymentProcessorDeps deps) : d_(std::move(deps)) {}

  // A notification to POST /api/payment/notify/{method}: verified, stored, applied. Answers the
  // provider's accepted() once it is stored and applied (or was before), rejected() when the
  // signature fails (nothing is stored) or on a failure a retry may cure.
  NotificationAnswer handle(Method method, const Notification& notification);
  // The same, for a notification whose signature was verified already (the route's caller check).
  NotificationAnswer handle_verified(Method method, const Notification& notification, const ProviderPayment& payment);

  // What the provider says about the order, whatever said it: settles an approved payment, takes a
  // paid one (or holds it when merchant, amount or currency differ), fails or expires a closed one.
  ApplyOutcome apply(Method method, const ProviderPayment& payment, const std::string& actor);

  // Job payments.expire: orders whose window ended are asked about first (paid: applied), else
  // closed at the provider and expired. Also completes fulfilments a crash interrupted.
  void expire_due();
  // Job payments.reconcile: orders awaiting payment for longer than `quiet_s` are asked about.
  void reconcile(std::int64_t quiet_s);

  // Gives the money back through the provider and takes the product back. ORDER_NOT_FOUND,
  // ORDER_NOT_REFUNDABLE, PAYMENT_PROVIDER_ERROR.
  core::Result<RefundOutcome> refund(const std::string& order_id, const std::string& reason, const std::string& actor);
  // Job payments.refunds: refunds the provider accepted but had not finished are asked about until it
  // says completed or failed; a refund asked for whose answer was never recorded is recorded (with the
  // product's take-back) once the provider shows it.
  void follow_refunds();
  // A payment held for review (amount, currency or merchant did not match) goes on to fulfilment as
  // if it had matched; the reason goes into its event and audit row. Repeating it changes nothing.
  // ORDER_NOT_FOUND, ORDER_NOT_HELD.
  core::Result<Order> release(const std::string& order_id, const std::string& reason, const std::string& actor);

 private:
  ApplyOutcome take_payment(const Order& order, const ProviderPayment& payment, const std::string& actor);
  // Completes a paid order whose fulfilment failed or was interrupted: in a transaction of its own
  // when the product shares the payment's database, otherwise after it (idempotent fulfillers).
  ApplyOutcome fulfil_paid(const Order& order, const std::string& actor);
  // The in-transaction fulfilment of a product that shares the payment's database (empty for any
  // other); `refused` receives a permanent refusal (fulfiller.hpp) for the caller to refund.
  FulfilInTransaction joined_fulfilment(const std::string& product_type, std::optional<core::Error>& refused) const;
  // A paid order its product refused for good: refunded and the buyer told, or held for the
  // operator when the provider will not refund (never kept, never retried on its own).
  ApplyOutcome give_back_refused(const Order& order, const core::Error& why, const std::string& actor);
  // The provider took the refund: the order moves to refunded and the product is taken back, in one
  // transaction when the product shares the payment's database.
  core::Status record_refund(const Order& order, const std::string& refund_id, const RefundResult& result,
                             const std::string& actor, const std::string& reason);

  PaymentProcessorDeps d_;
};

}  // namespace portal::payments
