// The money side of an order's life: a payment recorded (with the fulfilment of a product that shares
// the database in the same transaction), a held payment released, a fulfilment made or retried, a
// payment held for review. Each is one write transaction on the locked order row.
#include "features/payments/order_repository.hpp"
#include "features/payments/order_rows.hpp"

#include "db/transaction.hpp"

#include <spdlog/spdlog.h>

namespace portal::payments {

namespace {

// The product's own writes inside the payment's transaction, then paid -> fulfilled; `order` is left as
// it stands afterwards.
void fulfil_under_savepoint(soci::session& sql, Order& order, const std::string& actor, std::int64_t now,
                            const FulfilInTransaction& fulfil_in) {
  // The fulfilment runs under a savepoint: a crash loses both or neither, but a fulfilment that
  // fails (an error or a refused statement) takes back only its own writes, so the payment is
  // still recorded and the paid-not-fulfilled sweep tries the fulfilment again on its own.
  sql << "SAVEPOINT fulfil_in_payment";
  core::Result<std::string> result = core::Error::make(core::ErrorKind::internal, "FULFILMENT_FAILED", "");
  try {
    result = fulfil_in(sql, order);
  } catch (const soci::soci_error& error) {
    result = core::Error::make(core::ErrorKind::internal, "FULFILMENT_FAILED", error.what());
  }
  if (!result) {
    sql << "ROLLBACK TO SAVEPOINT fulfil_in_payment";
    sql << "RELEASE SAVEPOINT fulfil_in_payment";
    spdlog::warn("payments: fulfilling {} in the payment transaction failed: {} {}", order.id, result.error().code,
                 result.error().message);
    return;
  }
  sql << "RELEASE SAVEPOINT fulfil_in_payment";
  const long long at = now;
  sql << "INSERT INTO fulfilments (order_id, product_type, result, at) VALUES (:id, :type, :result, :at)",
      soci::use(order.id), soci::use(order.product_type), soci::use(*result), soci::use(at);
  move_order(sql, order, OrderState::fulfilled, actor, *result, now);
  order.state = OrderState::fulfilled;
  order.fulfilled_at = now;
}

void store_facts(soci::session& sql, const std::string& id, const PaymentFacts& facts) {
  sql << "UPDATE orders SET provider_ref = CASE WHEN :ref1 = '' THEN provider_ref ELSE :ref2 END, "
         "capture_ref = CASE WHEN :cap1 = '' THEN capture_ref ELSE :cap2 END WHERE id = :id",
      soci::use(facts.provider_ref), soci::use(facts.provider_ref), soci::use(facts.capture_ref),
      soci::use(facts.capture_ref), soci::use(id);
}

// One write transaction on the locked order row: `step` decides with the order as it stands (an
// unknown order is answered without it).
template <typename Step>
core::Result<PaidResult> on_locked_order(db::Database& database, const std::string& id, Step&& step) {
  const db::Engine engine = database.engine();
  return database.with_session([&](soci::session& sql) {
    return db::write_transaction_if_ok(sql, engine, [&]() -> core::Result<PaidResult> {
      auto current = lock_order(sql, engine, id);
      if (!current) return PaidResult{PaidOutcome::unknown, {}};
      return step(sql, *current);
    });
  });
}

}  // namespace

core::Result<PaidResult> OrderRepository::record_payment(const std::string& id, const PaymentFacts& facts,
                                                         const std::string& actor, std::int64_t now,
                                                         const FulfilInTransaction& fulfil_in) {
  return on_locked_order(database_, id, [&](soci::session& sql, Order order) -> core::Result<PaidResult> {
    switch (order.state) {
      case OrderState::fulfilled:
      case OrderState::refunded:
        return PaidResult{PaidOutcome::settled, order};
      case OrderState::held:
        return PaidResult{PaidOutcome::held, order};
      case OrderState::paid:
        return PaidResult{PaidOutcome::already_paid, order};
      default:
        break;
    }
    store_facts(sql, id, facts);
    if (!move_order(sql, order, OrderState::paid, actor, "", now)) return PaidResult{PaidOutcome::settled, order};
    order.state = OrderState::paid;
    order.paid_at = now;
    if (!facts.provider_ref.empty()) order.provider_ref = facts.provider_ref;
    if (!facts.capture_ref.empty()) order.capture_ref = facts.capture_ref;
    if (fulfil_in) fulfil_under_savepoint(sql, order, actor, now, fulfil_in);
    return PaidResult{PaidOutcome::recorded, order};
  });
}

core::Result<PaidResult> OrderRepository::release_held(const std::string& id, const std::string& actor,
                                                       const std::string& reason, std::int64_t now,
                                                       const FulfilInTransaction& fulfil_in) {
  return on_locked_order(database_, id, [&](soci::session& sql, Order order) -> core::Result<PaidResult> {
    if (order.state == OrderState::paid) return PaidResult{PaidOutcome::already_paid, order};
    if (order.state != OrderState::held) return PaidResult{PaidOutcome::settled, order};
    if (!move_order(sql, order, OrderState::paid, actor, "released: " + reason, now)) {
      return PaidResult{PaidOutcome::settled, order};
    }
    order.state = OrderState::paid;
    order.paid_at = order.paid_at.value_or(now);
    if (fulfil_in) fulfil_under_savepoint(sql, order, actor, now, fulfil_in);
    return PaidResult{PaidOutcome::recorded, order};
  });
}

bool OrderRepository::record_fulfilment(const Order& order, const std::string& result, const std::string& actor,
                                        std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      auto current = lock_order(sql, engine, order.id);
      if (!current || current->state != OrderState::paid) return false;
      const long long at = now;
      soci::statement st = (sql.prepare << "INSERT INTO fulfilments (order_id, product_type, result, at) VALUES "
                                           "(:id, :type, :result, :at) ON CONFLICT (order_id) DO NOTHING",
                            soci::use(order.id), soci::use(order.product_type), soci::use(result), soci::use(at));
      st.execute(true);
      if (st.get_affected_rows() == 0) return false;
      return move_order(sql, *current, OrderState::fulfilled, actor, result, now);
    });
  });
}

bool OrderRepository::hold(const std::string& id, const PaymentFacts& facts, const std::string& reason,
                           const std::string& actor, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      auto current = lock_order(sql, engine, id);
      if (!current || !allowed(current->state, OrderState::held)) return false;
      store_facts(sql, id, facts);
      return move_order(sql, *current, OrderState::held, actor, reason, now);
    });
  });
}

core::Result<PaidResult> OrderRepository::fulfil_paid(const std::string& id, const std::string& actor, std::int64_t now,
                                                      const FulfilInTransaction& fulfil_in) {
  return on_locked_order(database_, id, [&](soci::session& sql, Order order) -> core::Result<PaidResult> {
    if (order.state == OrderState::held) return PaidResult{PaidOutcome::held, order};
    if (order.state != OrderState::paid) return PaidResult{PaidOutcome::settled, order};
    fulfil_under_savepoint(sql, order, actor, now, fulfil_in);
    return PaidResult{PaidOutcome::recorded, order};
  });
}

}  // namespace portal::payments
