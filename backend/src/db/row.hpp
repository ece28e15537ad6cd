#pragma once
// Reading integer columns of a soci::row on both engines: SQLite and PostgreSQL report different
// integer widths for the same declared column, and row.get<T> throws unless T matches exactly.

#include <soci/soci.h>

#include <cstdint>
#include <string>

namespace portal::db {

std::int64_t row_int64(const soci::row& row, std::size_t column);
inline int row_int(const soci::row& row, std::size_t column) { return static_cast<int>(row_int64(row, column)); }
std::string row_string(const soci::row& row, std::size_t column);  // empty for NULL

}  // namespace portal::db
