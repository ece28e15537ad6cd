#pragma once
// How an orders row is read and changed, shared by the parts of the payments' SQL that live in
// separate files (the console's search, refunds): the column list of a SELECT, the row -> Order
// mapping, the row lock and the audited compare-and-set of a state.

#include "db/database.hpp"
#include "features/payments/order.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::payments {

// "SELECT <every column Order holds> FROM orders ": append WHERE / ORDER BY.
std::string order_select_columns();
Order order_from_row(const soci::row& row);

// Reads the order inside a write transaction; on PostgreSQL the row stays locked until the end of it,
// so two notifications of one order are applied one after the other. (SQLite's BEGIN IMMEDIATE
// already lets one writer in at a time.)
std::optional<Order> lock_order(soci::session& sql, db::Engine engine, const std::string& id);

// The compare-and-set every state change goes through, with its order_events row and audit row.
// false when `to` is not allowed from the order's state or the row has left that state.
bool move_order(soci::session& sql, const Order& order, OrderState to, const std::string& actor,
                const std::string& detail, std::int64_t now);

}  // namespace portal::payments
