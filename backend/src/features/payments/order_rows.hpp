#pragma once
// How an orders row is read, shared by the parts of the payments' SQL that live in separate files
// (the console's search): the column list of a SELECT and the row -> Order mapping.

#include "db/database.hpp"
#include "features/payments/order.hpp"

#include <string>

namespace portal::payments {

// "SELECT <every column Order holds> FROM orders ": append WHERE / ORDER BY.
std::string order_select_columns();
Order order_from_row(const soci::row& row);

}  // namespace portal::payments
