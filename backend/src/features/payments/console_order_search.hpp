#pragma once
// The operator console's reads of orders: a filtered, sorted page of every order (with the buyer's
// e-mail), and one order's full history (every transition, every provider notification as received,
// every refund asked of a provider). SQL only; the rules of what may be asked are in console_routes.

#include "db/database.hpp"
#include "features/payments/order.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

struct OrderSearchFilter {
  // At most one of these three narrows by who or what (the console's q).
  std::string id_prefix;  // [a-z0-9_], as order ids are
  std::string steam_id;
  std::string email;  // lower-cased
  std::optional<OrderState> state;
  std::optional<Method> method;
  std::string product_type;
  std::optional<std::int64_t> from;  // created_at >= from
  std::optional<std::int64_t> to;    // created_at < to
  bool sort_by_amount = false;       // else by created_at
  bool descending = true;
  std::int64_t offset = 0;
  std::int64_t limit = 25;
};

struct ConsoleOrder {
  Order order;
  std::string email;  // the buyer's, empty for a Steam-only account
};

struct ConsoleOrderPage {
  std::vector<ConsoleOrder> items;
  std::int64_t total = 0;
};

struct OrderHistoryEntry {
  std::int64_t at = 0;
  std::string kind;  // transition, notification, refund
  std::string from_state;
  std::string to_state;
  std::string actor;
  std::string detail;    // transition: its detail text
  std::string provider;  // notification: provider, event id, outcome and the body as received
  std::string event_id;  // refund: the refund id
  std::string outcome;   // notification: applied, held ...; refund: requested, pending, completed
  std::string raw_body;
  std::int64_t sequence = 0;  // the row's id within its kind: keeps equal times in written order
};

class OrderSearch {
 public:
  explicit OrderSearch(db::Database& database) : database_(database) {}

  ConsoleOrderPage search(const OrderSearchFilter& filter) const;
  std::optional<ConsoleOrder> find(const std::string& id) const;
  // Oldest first.
  std::vector<OrderHistoryEntry> history(const std::string& id) const;

 private:
  db::Database& database_;
};

}  // namespace portal::payments
