#pragma once
// The audit log as CSV for spreadsheets: RFC 4180 (every cell quoted, quotes doubled, CRLF rows), UTF-8
// with a byte-order mark so that Excel reads it as UTF-8, and safe to open: a cell a spreadsheet would
// run as a formula (starting with = + - @, tab or carriage return) starts with a quote instead.

#include "db/audit_repository.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace portal::console {

inline constexpr std::int64_t kMaxCsvRows = 100'000;

// One cell, quoted.
std::string csv_cell(std::string_view text);
// The BOM and the header row.
std::string csv_head();
// Appends one CRLF-terminated row per entry.
void append_csv_rows(std::string& out, const std::vector<db::AuditEntry>& entries);

}  // namespace portal::console
