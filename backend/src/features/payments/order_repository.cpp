#include "features/payments/order_repository.hpp"

#include "features/payments/order_rows.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>

#include <stdexcept>

namespace portal::payments {

namespace {

constexpr const char* kColumns =
    "SELECT id, user_id, steam_id, product_type, product_id, options, duration_hours, relocatable, currency, "
    "amount_minor, method, state, provider_ref, capture_ref, payment_url, qr_payload, created_at, expires_at, "
    "paid_at, fulfilled_at, refunded_at FROM orders ";

std::optional<std::int64_t> optional_int64(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) return std::nullopt;
  return db::row_int64(row, column);
}

Order order_of(const soci::row& row) {
  Order o;
  o.id = db::row_string(row, 0);
  o.user_id = db::row_int64(row, 1);
  o.steam_id = db::row_string(row, 2);
  o.product_type = db::row_string(row, 3);
  o.product_id = db::row_string(row, 4);
  o.options = db::row_string(row, 5);
  o.duration_hours = db::row_int64(row, 6);
  o.relocatable = db::row_int64(row, 7) != 0;
  o.amount.currency = db::row_string(row, 8);
  o.amount.minor = db::row_int64(row, 9);
  const auto method = method_from(db::row_string(row, 10));
  const auto state = order_state_from(db::row_string(row, 11));
  // The columns' CHECK and the service allow only these names.
  if (!method || !state) throw std::runtime_error("orders holds an unknown method or state for " + o.id);
  o.method = *method;
  o.state = *state;
  o.provider_ref = db::row_string(row, 12);
  o.capture_ref = db::row_string(row, 13);
  o.payment_url = db::row_string(row, 14);
  if (row.get_indicator(15) != soci::i_null) o.qr_payload = db::row_string(row, 15);
  o.created_at = db::row_int64(row, 16);
  o.expires_at = optional_int64(row, 17).value_or(0);
  o.paid_at = optional_int64(row, 18);
  o.fulfilled_at = optional_int64(row, 19);
  o.refunded_at = optional_int64(row, 20);
  return o;
}

std::vector<Order> orders_of(soci::rowset<soci::row>& rows) {
  std::vector<Order> out;
  for (const auto& row : rows) out.push_back(order_of(row));
  return out;
}

std::string target_of(const std::string& id) { return "order:" + id; }

void add_event(soci::session& sql, const std::string& id, std::optional<OrderState> from, OrderState to,
               const std::string& actor, const std::string& detail, std::int64_t now) {
  const std::string from_text(from ? to_string(*from) : "");
  soci::indicator from_indicator = from ? soci::i_ok : soci::i_null;
  const std::string to_text(to_string(to));
  const long long at = now;
  sql << "INSERT INTO order_events (order_id, from_state, to_state, actor, detail, at) "
         "VALUES (:id, :from_state, :to_state, :actor, :detail, :at)",
      soci::use(id), soci::use(from_text, from_indicator), soci::use(to_text), soci::use(actor), soci::use(detail),
      soci::use(at);
}

}  // namespace

std::optional<Order> lock_order(soci::session& sql, db::Engine engine, const std::string& id) {
  const std::string suffix = engine == db::Engine::postgresql ? " FOR UPDATE" : "";
  soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) + "WHERE id = :id" + suffix, soci::use(id));
  for (const auto& row : rows) return order_of(row);
  return std::nullopt;
}

bool move_order(soci::session& sql, const Order& order, OrderState to, const std::string& actor,
                const std::string& detail, std::int64_t now) {
  if (!allowed(order.state, to)) return false;
  const std::string from_text(to_string(order.state));
  const std::string to_text(to_string(to));
  const long long at = now;
  std::string stamp;
  if (to == OrderState::paid) stamp = ", paid_at = COALESCE(paid_at, :at)";
  if (to == OrderState::fulfilled) stamp = ", fulfilled_at = :at";
  if (to == OrderState::refunded) stamp = ", refunded_at = :at";
  soci::statement st =
      stamp.empty() ? (sql.prepare << "UPDATE orders SET state = :to WHERE id = :id AND state = :from",
                       soci::use(to_text), soci::use(order.id), soci::use(from_text))
                    : (sql.prepare << "UPDATE orders SET state = :to" + stamp + " WHERE id = :id AND state = :from",
                       soci::use(to_text), soci::use(at), soci::use(order.id), soci::use(from_text));
  st.execute(true);
  if (st.get_affected_rows() == 0) return false;
  add_event(sql, order.id, order.state, to, actor, detail, now);
  boost::json::object details{{"from", from_text}, {"to", to_text}};
  if (!detail.empty()) details["detail"] = detail;
  db::audit(sql, actor, "order." + to_text, target_of(order.id), details);
  return true;
}

namespace {

std::int64_t count(db::Database& database, const std::string& statement, const std::string& id) {
  return database.with_session([&](soci::session& sql) {
    long long n = 0;
    sql << statement, soci::use(id), soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

}  // namespace

void OrderRepository::insert(const Order& o, const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const long long user_id = o.user_id;
      soci::indicator steam_indicator = o.steam_id.empty() ? soci::i_null : soci::i_ok;
      const long long hours = o.duration_hours;
      const int relocatable = o.relocatable ? 1 : 0;
      const long long amount = o.amount.minor;
      const std::string method = to_string(o.method);
      const std::string state(to_string(o.state));
      const long long created_at = o.created_at;
      const long long expires_at = o.expires_at;
      sql << "INSERT INTO orders (id, user_id, steam_id, product_type, product_id, options, duration_hours, "
             "relocatable, currency, amount_minor, method, state, created_at, expires_at) VALUES (:id, :user_id, "
             ":steam_id, :product_type, :product_id, :options, :hours, :relocatable, :currency, :amount, :method, "
             ":state, :created_at, :expires_at)",
          soci::use(o.id), soci::use(user_id), soci::use(o.steam_id, steam_indicator), soci::use(o.product_type),
          soci::use(o.product_id), soci::use(o.options), soci::use(hours), soci::use(relocatable),
          soci::use(o.amount.currency), soci::use(amount), soci::use(method), soci::use(state), soci::use(created_at),
          soci::use(expires_at);
      add_event(sql, o.id, std::nullopt, o.state, actor, "", o.created_at);
      db::audit(sql, actor, "order.create", target_of(o.id),
                {{"productType", o.product_type},
                 {"productId", o.product_id},
                 {"durationHours", o.duration_hours},
                 {"amountMinor", o.amount.minor},
                 {"currency", o.amount.currency},
                 {"method", method}});
    });
  });
}

std::optional<Order> OrderRepository::find(const std::string& id) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<Order> {
    soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) + "WHERE id = :id", soci::use(id));
    for (const auto& row : rows) return order_of(row);
    return std::nullopt;
  });
}

OrderPage OrderRepository::list_for_user(std::int64_t user_id, std::int64_t offset, std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    OrderPage page;
    const long long user = user_id;
    const long long off = offset;
    const long long lim = limit;
    long long total = 0;
    sql << "SELECT COUNT(*) FROM orders WHERE user_id = :user_id", soci::use(user), soci::into(total);
    page.total = total;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) +
                            "WHERE user_id = :user_id ORDER BY created_at DESC, id DESC LIMIT :lim OFFSET :off",
         soci::use(user), soci::use(lim), soci::use(off));
    page.orders = orders_of(rows);
    return page;
  });
}

std::vector<Order> OrderRepository::list_all(std::optional<OrderState> state, std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    const std::string state_text(state ? to_string(*state) : "");
    const long long lim = limit;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) +
                            "WHERE (:s1 = '' OR state = :s2) ORDER BY created_at DESC, id DESC LIMIT :lim",
         soci::use(state_text), soci::use(state_text), soci::use(lim));
    return orders_of(rows);
  });
}

std::int64_t OrderRepository::count_open(std::int64_t user_id, std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    const long long user = user_id;
    const long long at = now;
    long long n = 0;
    sql << "SELECT COUNT(*) FROM orders WHERE user_id = :user_id AND state IN ('created', 'awaiting_payment') "
           "AND expires_at > :now",
        soci::use(user), soci::use(at), soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

std::vector<OrderEvent> OrderRepository::events(const std::string& id) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<OrderEvent> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT from_state, to_state, actor, detail, at FROM order_events WHERE order_id = :id "
                        "ORDER BY id",
         soci::use(id));
    for (const auto& row : rows) {
      OrderEvent e;
      e.from = order_state_from(db::row_string(row, 0));
      e.to = order_state_from(db::row_string(row, 1)).value_or(OrderState::created);
      e.actor = db::row_string(row, 2);
      e.detail = db::row_string(row, 3);
      e.at = db::row_int64(row, 4);
      out.push_back(std::move(e));
    }
    return out;
  });
}

bool OrderRepository::start_payment(const Order& order, const std::string& actor, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      auto current = lock_order(sql, engine, order.id);
      if (!current || current->state != OrderState::created) return false;
      const std::string qr = order.qr_payload.value_or("");
      soci::indicator qr_indicator = order.qr_payload ? soci::i_ok : soci::i_null;
      sql << "UPDATE orders SET payment_url = :url, qr_payload = :qr, provider_ref = :ref WHERE id = :id",
          soci::use(order.payment_url), soci::use(qr, qr_indicator), soci::use(order.provider_ref), soci::use(order.id);
      return move_order(sql, *current, OrderState::awaiting_payment, actor, "", now);
    });
  });
}

bool OrderRepository::transition(const std::string& id, OrderState from, OrderState to, const std::string& actor,
                                 const std::string& detail, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      auto current = lock_order(sql, engine, id);
      if (!current || current->state != from) return false;
      return move_order(sql, *current, to, actor, detail, now);
    });
  });
}

std::int64_t OrderRepository::count_fulfilments(const std::string& order_id) const {
  return count(database_, "SELECT COUNT(*) FROM fulfilments WHERE order_id = :id", order_id);
}

std::vector<Order> OrderRepository::due_for_expiry(std::int64_t now, std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    const long long lim = limit;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) +
                            "WHERE state IN ('created', 'awaiting_payment') AND expires_at <= :now "
                            "ORDER BY expires_at LIMIT :lim",
         soci::use(at), soci::use(lim));
    return orders_of(rows);
  });
}

std::vector<Order> OrderRepository::awaiting_payment_since(std::int64_t started_before, std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    const long long before = started_before;
    const long long lim = limit;
    soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) +
                                                       "WHERE state = 'awaiting_payment' AND created_at <= :before "
                                                       "ORDER BY created_at LIMIT :lim",
                                    soci::use(before), soci::use(lim));
    return orders_of(rows);
  });
}

std::vector<Order> OrderRepository::paid_not_fulfilled(std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    const long long lim = limit;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) + "WHERE state = 'paid' ORDER BY paid_at LIMIT :lim", soci::use(lim));
    return orders_of(rows);
  });
}

std::string order_select_columns() { return kColumns; }

Order order_from_row(const soci::row& row) { return order_of(row); }

}  // namespace portal::payments
