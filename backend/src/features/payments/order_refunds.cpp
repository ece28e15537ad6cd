// The refunds of orders: the request recorded before the provider is asked (so a retried refund is
// one row and one refund at the provider), then the provider's answer and the order's move to refunded.
#include "features/payments/order_repository.hpp"
#include "features/payments/order_rows.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
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
                                    const std::string& reason, std::int64_t now,
                                    const TakeBackInTransaction& take_back) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string state = completed ? "completed" : "pending";
      sql << "UPDATE refunds SET provider_refund_ref = :ref, state = :state WHERE refund_id = :refund_id",
          soci::use(provider_refund_ref), soci::use(state), soci::use(refund_id);
      auto current = lock_order(sql, engine, order.id);
      if (!current) return false;
      const bool was_fulfilled = current->state == OrderState::fulfilled;
      if (!move_order(sql, *current, OrderState::refunded, actor, "refund " + refund_id + " " + state + ": " + reason,
                      now)) {
        return false;
      }
      if (was_fulfilled && take_back) take_back(sql, *current);
      return true;
    });
  });
}

std::vector<RefundToFollow> OrderRepository::refunds_to_follow(std::int64_t requested_before,
                                                               std::int64_t requested_since, std::int64_t limit) const {
  std::vector<RefundToFollow> due;
  database_.with_session([&](soci::session& sql) {
    const long long before = requested_before;
    const long long since = requested_since;
    const long long cap = limit;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT refund_id, state, COALESCE(provider_refund_ref, ''), created_at, order_id FROM refunds "
                        "WHERE state = 'pending' OR (state = 'requested' AND created_at <= :before AND "
                        "created_at >= :since) ORDER BY created_at LIMIT :cap",
         soci::use(before), soci::use(since), soci::use(cap));
    std::vector<std::string> order_ids;
    for (const auto& row : rows) {
      due.push_back(RefundToFollow{.refund_id = db::row_string(row, 0),
                                   .state = db::row_string(row, 1),
                                   .provider_refund_ref = db::row_string(row, 2),
                                   .created_at = db::row_int64(row, 3),
                                   .order = {}});
      order_ids.push_back(db::row_string(row, 4));
    }
    for (std::size_t i = 0; i < due.size(); ++i) {
      soci::rowset<soci::row> order_rows =
          (sql.prepare << order_select_columns() + "WHERE id = :id", soci::use(order_ids[i]));
      for (const auto& row : order_rows) due[i].order = order_from_row(row);
    }
  });
  return due;
}

bool OrderRepository::settle_refund(const std::string& refund_id, const std::string& order_id, bool completed,
                                    const std::string& provider_refund_ref, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string state = completed ? "completed" : "failed";
      soci::statement update =
          (sql.prepare << "UPDATE refunds SET state = :state, provider_refund_ref = COALESCE(NULLIF(:ref, ''), "
                          "provider_refund_ref) WHERE refund_id = :refund_id AND state IN ('requested', 'pending')",
           soci::use(state), soci::use(provider_refund_ref), soci::use(refund_id));
      update.execute(true);
      if (update.get_affected_rows() == 0) return false;
      db::audit(sql, actor, completed ? "order.refund_completed" : "order.refund_failed", "order:" + order_id,
                {{"refundId", refund_id}, {"providerRefundRef", provider_refund_ref}});
      return true;
    });
  });
}

}  // namespace portal::payments
