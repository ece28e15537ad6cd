#include "features/payments/order_repository.hpp"

#include "features/payments/order_rows.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>
#include <spdlog/spdlog.h>

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

// Reads the order inside a write transaction; on PostgreSQL the row stays locked until the end of it,
// so two notifications of one order are applied one after the other. (SQLite's BEGIN IMMEDIATE
// already lets one writer in at a time.)
std::optional<Order> lock_order(soci::session& sql, db::Engine engine, const std::string& id) {
  const std::string suffix = engine == db::Engine::postgresql ? " FOR UPDATE" : "";
  soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) + "WHERE id = :id" + suffix, soci::use(id));
  for (const auto& row : rows) return order_of(row);
  return std::nullopt;
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

// The compare-and-set every state change goes through, with its event and audit row.
bool move(soci::session& sql, const Order& order, OrderState to, const std::string& actor, const std::string& detail,
          std::int64_t now) {
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
  move(sql, order, OrderState::fulfilled, actor, *result, now);
  order.state = OrderState::fulfilled;
  order.fulfilled_at = now;
}

void store_facts(soci::session& sql, const std::string& id, const PaymentFacts& facts) {
  sql << "UPDATE orders SET provider_ref = CASE WHEN :ref1 = '' THEN provider_ref ELSE :ref2 END, "
         "capture_ref = CASE WHEN :cap1 = '' THEN capture_ref ELSE :cap2 END WHERE id = :id",
      soci::use(facts.provider_ref), soci::use(facts.provider_ref), soci::use(facts.capture_ref),
      soci::use(facts.capture_ref), soci::use(id);
}

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
      return move(sql, *current, OrderState::awaiting_payment, actor, "", now);
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
      return move(sql, *current, to, actor, detail, now);
    });
  });
}

core::Result<PaidResult> OrderRepository::record_payment(const std::string& id, const PaymentFacts& facts,
                                                         const std::string& actor, std::int64_t now,
                                                         const FulfilInTransaction& fulfil_in) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction_if_ok(sql, engine, [&]() -> core::Result<PaidResult> {
      auto current = lock_order(sql, engine, id);
      if (!current) return PaidResult{PaidOutcome::unknown, {}};
      Order order = *current;
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
      if (!move(sql, order, OrderState::paid, actor, "", now)) return PaidResult{PaidOutcome::settled, order};
      order.state = OrderState::paid;
      order.paid_at = now;
      if (!facts.provider_ref.empty()) order.provider_ref = facts.provider_ref;
      if (!facts.capture_ref.empty()) order.capture_ref = facts.capture_ref;
      if (fulfil_in) fulfil_under_savepoint(sql, order, actor, now, fulfil_in);
      return PaidResult{PaidOutcome::recorded, order};
    });
  });
}

core::Result<PaidResult> OrderRepository::release_held(const std::string& id, const std::string& actor,
                                                       const std::string& reason, std::int64_t now,
                                                       const FulfilInTransaction& fulfil_in) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction_if_ok(sql, engine, [&]() -> core::Result<PaidResult> {
      auto current = lock_order(sql, engine, id);
      if (!current) return PaidResult{PaidOutcome::unknown, {}};
      Order order = *current;
      if (order.state == OrderState::paid) return PaidResult{PaidOutcome::already_paid, order};
      if (order.state != OrderState::held) return PaidResult{PaidOutcome::settled, order};
      if (!move(sql, order, OrderState::paid, actor, "released: " + reason, now)) {
        return PaidResult{PaidOutcome::settled, order};
      }
      order.state = OrderState::paid;
      order.paid_at = order.paid_at.value_or(now);
      if (fulfil_in) fulfil_under_savepoint(sql, order, actor, now, fulfil_in);
      return PaidResult{PaidOutcome::recorded, order};
    });
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
      return move(sql, *current, OrderState::fulfilled, actor, result, now);
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
      return move(sql, *current, OrderState::held, actor, reason, now);
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
      return move(sql, *current, OrderState::refunded, actor, "refund " + refund_id + " " + state + ": " + reason, now);
    });
  });
}

std::string order_select_columns() { return kColumns; }

Order order_from_row(const soci::row& row) { return order_of(row); }

}  // namespace portal::payments
