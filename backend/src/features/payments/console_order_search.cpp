#include "features/payments/console_order_search.hpp"

#include "db/row.hpp"
#include "features/payments/order_rows.hpp"

#include <algorithm>
#include <map>

namespace portal::payments {

namespace {

// Every value is bound as text (numbers CAST in the SQL): one list of parameters, bound in order, with
// distinct names (PostgreSQL refuses a repeated one).
struct Where {
  std::string sql;
  std::vector<std::string> params;

  void add(const std::string& condition_with_placeholders, std::vector<std::string> values) {
    sql += (sql.empty() ? "WHERE " : " AND ") + condition_with_placeholders;
    for (auto& value : values) params.push_back(std::move(value));
  }
  std::string next() const { return ":p" + std::to_string(params.size()); }
  std::string after(std::size_t n) const { return ":p" + std::to_string(params.size() + n); }
};

Where where_of(const OrderSearchFilter& f) {
  Where w;
  if (!f.id_prefix.empty()) {
    // A range on the primary key, exact whatever the collation: ids are [a-z0-9_] and sort below "~".
    w.add("id >= " + w.next() + " AND id <= " + w.after(1) + " AND substr(id, 1, " +
              std::to_string(f.id_prefix.size()) + ") = " + w.after(2),
          {f.id_prefix, f.id_prefix + std::string(40, 'z'), f.id_prefix});
  }
  if (!f.steam_id.empty()) w.add("steam_id = " + w.next(), {f.steam_id});
  if (!f.email.empty()) w.add("user_id IN (SELECT id FROM users WHERE email = " + w.next() + ")", {f.email});
  if (f.state) w.add("state = " + w.next(), {std::string(to_string(*f.state))});
  if (f.method) w.add("method = " + w.next(), {to_string(*f.method)});
  if (!f.product_type.empty()) w.add("product_type = " + w.next(), {f.product_type});
  if (f.from) w.add("created_at >= CAST(" + w.next() + " AS BIGINT)", {std::to_string(*f.from)});
  if (f.to) w.add("created_at < CAST(" + w.next() + " AS BIGINT)", {std::to_string(*f.to)});
  return w;
}

std::map<std::int64_t, std::string> emails_of(soci::session& sql, const std::vector<ConsoleOrder>& items) {
  std::map<std::int64_t, std::string> out;
  if (items.empty()) return out;
  std::string ids;
  for (const auto& item : items) ids += (ids.empty() ? "" : ", ") + std::to_string(item.order.user_id);
  soci::rowset<soci::row> rows = sql.prepare << "SELECT id, email FROM users WHERE id IN (" + ids + ")";
  for (const auto& row : rows) out[db::row_int64(row, 0)] = db::row_string(row, 1);
  return out;
}

}  // namespace

ConsoleOrderPage OrderSearch::search(const OrderSearchFilter& filter) const {
  return database_.with_session([&](soci::session& sql) {
    ConsoleOrderPage page;
    const Where where = where_of(filter);
    long long total = 0;
    {
      soci::details::prepare_temp_type count = (sql.prepare << "SELECT COUNT(*) FROM orders " + where.sql);
      for (const auto& value : where.params) count, soci::use(value);
      count, soci::into(total);
      soci::statement statement(count);
      statement.execute(true);
    }
    page.total = total;
    const std::string direction = filter.descending ? " DESC" : " ASC";
    const std::string order_by = std::string(" ORDER BY ") + (filter.sort_by_amount ? "amount_minor" : "created_at") +
                                 direction + ", id" + direction;
    soci::details::prepare_temp_type select =
        (sql.prepare << order_select_columns() + where.sql + order_by + " LIMIT " + std::to_string(filter.limit) +
                            " OFFSET " + std::to_string(filter.offset));
    for (const auto& value : where.params) select, soci::use(value);
    soci::rowset<soci::row> rows(select);
    for (const auto& row : rows) page.items.push_back({order_from_row(row), ""});
    const auto emails = emails_of(sql, page.items);
    for (auto& item : page.items) {
      if (auto found = emails.find(item.order.user_id); found != emails.end()) item.email = found->second;
    }
    return page;
  });
}

std::optional<ConsoleOrder> OrderSearch::find(const std::string& id) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<ConsoleOrder> {
    std::vector<ConsoleOrder> found;
    soci::rowset<soci::row> rows = (sql.prepare << order_select_columns() + "WHERE id = :id", soci::use(id));
    for (const auto& row : rows) found.push_back({order_from_row(row), ""});
    if (found.empty()) return std::nullopt;
    const auto emails = emails_of(sql, found);
    if (auto email = emails.find(found.front().order.user_id); email != emails.end()) {
      found.front().email = email->second;
    }
    return std::move(found.front());
  });
}

std::vector<OrderHistoryEntry> OrderSearch::history(const std::string& id) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<OrderHistoryEntry> out;
    soci::rowset<soci::row> events =
        (sql.prepare << "SELECT id, from_state, to_state, actor, detail, at FROM order_events WHERE order_id = :id",
         soci::use(id));
    for (const auto& row : events) {
      OrderHistoryEntry e;
      e.sequence = db::row_int64(row, 0);
      e.kind = "transition";
      e.from_state = db::row_string(row, 1);
      e.to_state = db::row_string(row, 2);
      e.actor = db::row_string(row, 3);
      e.detail = db::row_string(row, 4);
      e.at = db::row_int64(row, 5);
      out.push_back(std::move(e));
    }
    soci::rowset<soci::row> notifications =
        (sql.prepare << "SELECT id, provider, event_id, raw_body, received_at, outcome FROM payment_notifications "
                        "WHERE order_id = :id",
         soci::use(id));
    for (const auto& row : notifications) {
      OrderHistoryEntry e;
      e.sequence = db::row_int64(row, 0);
      e.kind = "notification";
      e.provider = db::row_string(row, 1);
      e.actor = "notify:" + e.provider;
      e.event_id = db::row_string(row, 2);
      e.raw_body = db::row_string(row, 3);
      e.at = db::row_int64(row, 4);
      e.outcome = db::row_string(row, 5);
      out.push_back(std::move(e));
    }
    soci::rowset<soci::row> refunds =
        (sql.prepare
             << "SELECT id, refund_id, state, provider_refund_ref, created_at FROM refunds WHERE order_id = :id",
         soci::use(id));
    for (const auto& row : refunds) {
      OrderHistoryEntry e;
      e.sequence = db::row_int64(row, 0);
      e.kind = "refund";
      e.event_id = db::row_string(row, 1);
      e.outcome = db::row_string(row, 2);
      e.detail = db::row_string(row, 3);
      e.at = db::row_int64(row, 4);
      out.push_back(std::move(e));
    }
    // Time first; within one second the order's creation and the start of its payment, then what a
    // provider said, then the refund asked of it, then the transitions they caused.
    const auto rank = [](const OrderHistoryEntry& e) {
      if (e.kind == "transition") return e.to_state == "created" || e.to_state == "awaiting_payment" ? 0 : 3;
      return e.kind == "notification" ? 1 : 2;
    };
    std::stable_sort(out.begin(), out.end(), [&](const OrderHistoryEntry& a, const OrderHistoryEntry& b) {
      if (a.at != b.at) return a.at < b.at;
      if (rank(a) != rank(b)) return rank(a) < rank(b);
      return a.sequence < b.sequence;
    });
    return out;
  });
}

}  // namespace portal::payments
