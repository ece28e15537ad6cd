// The raw provider notifications an order received, kept once per provider event (the unique key
// that makes a repeated notification change nothing), with what became of each.
#include "features/payments/order_repository.hpp"

#include "db/transaction.hpp"

namespace portal::payments {

bool OrderRepository::store_notification(const std::string& provider, const std::string& event_id,
                                         const std::string& order_id, const std::string& raw_body, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const long long at = now;
      soci::indicator order_indicator = order_id.empty() ? soci::i_null : soci::i_ok;
      soci::statement st = (sql.prepare << "INSERT INTO payment_notifications (provider, event_id, order_id, "
                                           "raw_body, received_at) VALUES (:provider, :event_id, :order_id, :raw, "
                                           ":at) ON CONFLICT (provider, event_id) DO NOTHING",
                            soci::use(provider), soci::use(event_id), soci::use(order_id, order_indicator),
                            soci::use(raw_body), soci::use(at));
      st.execute(true);
      return st.get_affected_rows() > 0;
    });
  });
}

void OrderRepository::set_notification_outcome(const std::string& provider, const std::string& event_id,
                                               const std::string& outcome) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      sql << "UPDATE payment_notifications SET outcome = :outcome WHERE provider = :provider AND event_id = :event_id",
          soci::use(outcome), soci::use(provider), soci::use(event_id);
    });
  });
}

std::int64_t OrderRepository::count_notifications(const std::string& order_id) const {
  return database_.with_session([&](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM payment_notifications WHERE order_id = :id", soci::use(order_id), soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

}  // namespace portal::payments
