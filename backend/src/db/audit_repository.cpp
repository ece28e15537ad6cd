#include "db/audit_repository.hpp"

#include "db/row.hpp"

#include <algorithm>

namespace portal::db {

namespace {

constexpr std::int64_t kBatchRows = 1000;

// A WHERE clause and the values its placeholders take, in order.
struct Conditions {
  std::string where;
  std::vector<std::string> texts;  // reserved up front: soci::use keeps references to the elements
  std::vector<long long> numbers;
  std::vector<char> kinds;  // 't' or 'n', the order of the placeholders

  void add(const std::string& condition) { where += (where.empty() ? " WHERE " : " AND ") + condition; }
};

std::string like_prefix(const std::string& prefix) {
  std::string out;
  for (char c : prefix) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + '%';
}

void add_text(Conditions& c, const std::string& column, const std::string& value, int& n) {
  if (value.empty()) return;
  const std::string name = ":p" + std::to_string(n++);
  if (value.back() == '*') {
    c.add(column + " LIKE " + name + " ESCAPE '\\'");
    c.texts.push_back(like_prefix(value.substr(0, value.size() - 1)));
  } else {
    c.add(column + " = " + name);
    c.texts.push_back(value);
  }
  c.kinds.push_back('t');
}

// created_at is ISO-8601 text on SQLite (same format, so text order is time order) and TIMESTAMPTZ on
// PostgreSQL.
std::string time_value(Engine engine, const std::string& placeholder) {
  return engine == Engine::postgresql ? "to_timestamp(" + placeholder + ")"
                                      : "strftime('%Y-%m-%dT%H:%M:%fZ', " + placeholder + ", 'unixepoch')";
}

Conditions conditions_of(const AuditFilter& filter, Engine engine) {
  Conditions c;
  c.texts.reserve(3);
  c.numbers.reserve(3);
  int n = 0;
  add_text(c, "actor", filter.actor, n);
  add_text(c, "action", filter.action, n);
  add_text(c, "target", filter.target, n);
  auto add_time = [&](const std::optional<std::int64_t>& at, const char* op) {
    if (!at) return;
    const std::string name = ":p" + std::to_string(n++);
    c.add("created_at " + std::string(op) + " " + time_value(engine, name));
    c.numbers.push_back(*at);
    c.kinds.push_back('n');
  };
  add_time(filter.from, ">=");
  add_time(filter.to, "<");
  return c;
}

void bind(soci::details::prepare_temp_type& prepare, const Conditions& c, const long long* extra = nullptr) {
  std::size_t t = 0;
  std::size_t n = 0;
  for (char kind : c.kinds) {
    if (kind == 't') {
      prepare, soci::use(c.texts[t++]);
    } else {
      prepare, soci::use(c.numbers[n++]);
    }
  }
  if (extra) prepare, soci::use(*extra);
}

std::string select_columns(Engine engine) {
  const std::string at = engine == Engine::postgresql ? "CAST(EXTRACT(EPOCH FROM created_at) AS BIGINT)"
                                                      : "CAST(strftime('%s', created_at) AS INTEGER)";
  return "SELECT id, " + at + ", actor, action, target, details FROM audit_log";
}

AuditEntry entry_of(const soci::row& row) {
  return {row_int64(row, 0),  row_int64(row, 1),  row_string(row, 2),
          row_string(row, 3), row_string(row, 4), row_string(row, 5)};
}

}  // namespace

AuditPage AuditRepository::page(const AuditFilter& filter, std::int64_t offset, std::int64_t limit,
                                bool newest_first) const {
  const Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    AuditPage out;
    const Conditions c = conditions_of(filter, engine);
    {
      long long total = 0;
      soci::details::prepare_temp_type count = (sql.prepare << "SELECT COUNT(*) FROM audit_log" + c.where);
      bind(count, c);
      count, soci::into(total);
      soci::statement st(count);
      st.execute(true);
      out.total = total;
    }
    soci::details::prepare_temp_type select =
        (sql.prepare << select_columns(engine) + c.where + " ORDER BY id " + (newest_first ? "DESC" : "ASC") +
                            " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset));
    bind(select, c);
    soci::rowset<soci::row> rows(select);
    for (const auto& row : rows) out.items.push_back(entry_of(row));
    return out;
  });
}

std::int64_t AuditRepository::each_newest_first(
    const AuditFilter& filter, std::int64_t limit,
    const std::function<bool(const std::vector<AuditEntry>&)>& batch) const {
  const Engine engine = database_.engine();
  std::int64_t handed = 0;
  std::optional<long long> before;  // the smallest id handed over so far: the next batch starts below it
  while (handed < limit) {
    const std::int64_t want = std::min(kBatchRows, limit - handed);
    auto rows = database_.with_session([&](soci::session& sql) {
      Conditions c = conditions_of(filter, engine);
      if (before) c.add("id < :before");
      soci::details::prepare_temp_type select =
          (sql.prepare << select_columns(engine) + c.where + " ORDER BY id DESC LIMIT " + std::to_string(want));
      bind(select, c, before ? &*before : nullptr);
      std::vector<AuditEntry> out;
      soci::rowset<soci::row> result(select);
      for (const auto& row : result) out.push_back(entry_of(row));
      return out;
    });
    if (rows.empty()) break;
    handed += static_cast<std::int64_t>(rows.size());
    before = rows.back().id;
    if (!batch(rows)) break;
    if (static_cast<std::int64_t>(rows.size()) < want) break;
  }
  return handed;
}

}  // namespace portal::db
