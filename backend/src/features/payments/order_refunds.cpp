// The refunds of orders: the request recorded before the provider is asked (so a retried refund is
// one row and one refund at the provider), then the provider's answer and the order's move to refunded.
#include "features/payments/order_repository.hpp"
#include "features/payments/order_rows.hpp"

#include "db/transaction.hpp"

namespace portal::payments {

void OrderRepository::record_refund_request(const std::string& refund_id, const Order& order, std::int64_t now) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const long long amount = order.amount.minor;
      const long long at = now;
      sql << "INSERT INTO refunds (refund_id, order_id, amount_minor, state, created_at) VALUES (:refund_id, "
             ":order_id, :amount, 'requested', :at) ON CONFLICT (refund_id) DO NOTHING",
          soci::use(refund_id), soci::use(order.id), soci::use(amount), soci::use(at);
    });
  });
}

bool OrderRepository::record_refund(const std::string& refund_id, const Order& order,
                                    const std::string& provider_refund_ref, bool completed, const std::string& actor,
                                    const std::string& reason, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string state = completed ? "completed" : "pending";
      sql << "UPDATE refunds SET provider_refund_ref = :ref, state = :state WHERE refund_id = :refund_id",
          soci::use(provider_refund_ref), soci::use(state), soci::use(refund_id);
      auto current = lock_order(sql, engine, order.id);
      if (!current) return false;
      return move_order(sql, *current, OrderState::refunded, actor, "refund " + refund_id + " " + state + ": " + reason,
                        now);
    });
  });
}

}  // namespace portal::payments
