#include "features/console/audit_csv.hpp"

#include "core/iso_time.hpp"

namespace portal::console {

namespace {

bool starts_a_formula(std::string_view text) {
  if (text.empty()) return false;
  const char first = text.front();
  return first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
}

}  // namespace

std::string csv_cell(std::string_view text) {
  std::string out = "\"";
  if (starts_a_formula(text)) out += '\'';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_head() { return "\xEF\xBB\xBF\"id\",\"at\",\"actor\",\"action\",\"target\",\"details\"\r\n"; }

void append_csv_rows(std::string& out, const std::vector<db::AuditEntry>& entries) {
  for (const auto& entry : entries) {
    out += csv_cell(std::to_string(entry.id));
    out += ',';
    out += csv_cell(core::iso_utc(entry.at));
    out += ',';
    out += csv_cell(entry.actor);
    out += ',';
    out += csv_cell(entry.action);
    out += ',';
    out += csv_cell(entry.target);
    out += ',';
    out += csv_cell(entry.details);
    out += "\r\n";
  }
}

}  // namespace portal::console
