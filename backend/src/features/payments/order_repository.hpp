#pragma once
// SQL of orders, order_events, payment_notifications, fulfilments and refunds. Every change of an
// order's state is a compare-and-set on the state it was read in (after a row lock on PostgreSQL),
// checked against order_state.hpp, recorded in order_events and audited, in one transaction.

#include "core/result.hpp"
#include "db/database.hpp"
#include "features/payments/order.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

// What a provider says was paid, as recorded on the order.
struct PaymentFacts {
  std::string provider_ref;
  std::string capture_ref;
  std::int64_t paid_at = 0;
};

// Outcome of recording a payment.
enum class PaidOutcome {
  recorded,      // the order moved to paid now (and to fulfilled when a fulfilment ran in the transaction)
  already_paid,  // it was paid before and is not fulfilled yet: the caller fulfils it
  settled,       // fulfilled or refunded already: nothing to do
  held,          // held for review: nothing to do until the console decides
  unknown,       // no such order
};

struct PaidResult {
  PaidOutcome outcome = PaidOutcome::unknown;
  Order order;  // as it stands after the transaction
};

// Runs inside the payment transaction with its session: the product's own writes (fulfillers that
// share the database). Answers fulfilments.result; an error takes back only its own writes (a
// savepoint): the payment stays recorded and the fulfilment is tried again.
using FulfilInTransaction = std::function<core::Result<std::string>(soci::session&, const Order&)>;
// Runs inside the refund's transaction when the order had been fulfilled: the product takes back what
// it gave (fulfillers that share the database), so the refund and the take-back commit together.
using TakeBackInTransaction = std::function<void(soci::session&, const Order&)>;

// A refund row the engine still has to follow up: accepted but not finished at the provider
// ('pending'), or asked for with no answer recorded ('requested': the portal stopped, or the answer
// was lost, between asking and recording).
struct RefundToFollow {
  std::string refund_id;
  std::string state;  // requested | pending
  std::string provider_refund_ref;
  std::int64_t created_at = 0;
  Order order;
};

class OrderRepository {
 public:
  explicit OrderRepository(db::Database& database) : database_(database) {}

  // Inserts the order and its first event; writes 'order.create'.
  void insert(const Order& order, const std::string& actor);
  std::optional<Order> find(const std::string& id) const;
  // The user's orders, newest first.
  OrderPage list_for_user(std::int64_t user_id, std::int64_t offset, std::int64_t limit) const;
  // Every order, newest first (`portal orders list`); state filters when set.
  std::vector<Order> list_all(std::optional<OrderState> state, std::int64_t limit) const;
  // The user's orders still waiting for money within their window.
  std::int64_t count_open(std::int64_t user_id, std::int64_t now) const;
  std::vector<OrderEvent> events(const std::string& id) const;

  // created -> awaiting_payment with the provider's start. false when the order was no longer
  // created (another pay won): the caller reads the stored start.
  bool start_payment(const Order& order, const std::string& actor, std::int64_t now);

  // Moves the order to `to` when it is still in `from` and allowed(); false otherwise.
  bool transition(const std::string& id, OrderState from, OrderState to, const std::string& actor,
                  const std::string& detail, std::int64_t now);

  // The money arrived: in one transaction, created|awaiting_payment|expired|failed -> paid with the
  // provider's references, then, when `fulfil_in` is given, the fulfilment (the fulfilments row is
  // unique per order) and paid -> fulfilled. Writes 'order.paid' and 'order.fulfilled'.
  core::Result<PaidResult> record_payment(const std::string& id, const PaymentFacts& facts, const std::string& actor,
                                          std::int64_t now, const FulfilInTransaction& fulfil_in);
  // The console releases a held payment: held -> paid (the reason in its event and audit row) and,
  // when `fulfil_in` is given, the fulfilment in the same transaction. Outcomes: recorded (released
  // now), already_paid (released before and not fulfilled yet: the caller fulfils it), settled (the
  // order is not held: see its state), unknown.
  core::Result<PaidResult> release_held(const std::string& id, const std::string& actor, const std::string& reason,
                                        std::int64_t now, const FulfilInTransaction& fulfil_in);
  // A paid order whose fulfilment failed or was interrupted, fulfilled again by a product that shares
  // the database: in one transaction on the locked row, `fulfil_in` under a savepoint, the fulfilments
  // row and paid -> fulfilled. Outcomes: recorded (tried now: see the order's state), held, settled
  // (no longer paid), unknown.
  core::Result<PaidResult> fulfil_paid(const std::string& id, const std::string& actor, std::int64_t now,
                                       const FulfilInTransaction& fulfil_in);
  // paid -> fulfilled with the fulfilments row, for fulfilments made outside the transaction. false
  // when it was fulfilled already or is no longer paid.
  bool record_fulfilment(const Order& order, const std::string& result, const std::string& actor, std::int64_t now);
  // The payment did not match the order: -> held with the reason; writes 'order.hold'.
  bool hold(const std::string& id, const PaymentFacts& facts, const std::string& reason, const std::string& actor,
            std::int64_t now);

  // The raw notification; false when (provider, event_id) was stored before.
  bool store_notification(const std::string& provider, const std::string& event_id, const std::string& order_id,
                          const std::string& raw_body, std::int64_t now);
  void set_notification_outcome(const std::string& provider, const std::string& event_id, const std::string& outcome);
  std::int64_t count_notifications(const std::string& order_id) const;
  std::int64_t count_fulfilments(const std::string& order_id) const;

  // Open orders whose window ended at or before now; paid orders never fulfilled (a crash between the
  // payment and a fulfilment made outside the transaction).
  std::vector<Order> due_for_expiry(std::int64_t now, std::int64_t limit) const;
  std::vector<Order> awaiting_payment_since(std::int64_t started_before, std::int64_t limit) const;
  std::vector<Order> paid_not_fulfilled(std::int64_t limit) const;

  // The refund asked of the provider, before asking (unique refund_id: a retried refund is one row).
  void record_refund_request(const std::string& refund_id, const Order& order, std::int64_t now);
  // The provider took it: the refund row and paid|fulfilled|held -> refunded, with 'order.refunded';
  // when the order had been fulfilled, `take_back` (if given) in the same transaction.
  bool record_refund(const std::string& refund_id, const Order& order, const std::string& provider_refund_ref,
                     bool completed, const std::string& actor, const std::string& reason, std::int64_t now,
                     const TakeBackInTransaction& take_back);
  // Pending refunds, and refunds requested before `requested_before` (a refund being asked right now is
  // left alone) and after `requested_since`; oldest first.
  std::vector<RefundToFollow> refunds_to_follow(std::int64_t requested_before, std::int64_t requested_since,
                                                std::int64_t limit) const;
  // A requested or pending refund the provider finished: -> completed or failed, with
  // 'order.refund_completed' / 'order.refund_failed'. false when it had left those states.
  bool settle_refund(const std::string& refund_id, const std::string& order_id, bool completed,
                     const std::string& provider_refund_ref, const std::string& actor);

 private:
  db::Database& database_;
};

// "ord_" and 128 random bits from libsodium in hex.
std::string new_order_id();

}  // namespace portal::payments
