#include "db/row.hpp"

#include <stdexcept>

namespace portal::db {

std::int64_t row_int64(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) return 0;
  switch (row.get_properties(column).get_data_type()) {
    case soci::dt_integer:
      return row.get<int>(column);
    case soci::dt_long_long:
      return row.get<long long>(column);
    case soci::dt_unsigned_long_long:
      return static_cast<std::int64_t>(row.get<unsigned long long>(column));
    case soci::dt_double:
      return static_cast<std::int64_t>(row.get<double>(column));
    case soci::dt_string:
      return std::stoll(row.get<std::string>(column));
    default:
      break;
  }
  throw std::runtime_error("column " + row.get_properties(column).get_name() + " is not an integer");
}

std::string row_string(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) return {};
  return row.get<std::string>(column);
}

}  // namespace portal::db
