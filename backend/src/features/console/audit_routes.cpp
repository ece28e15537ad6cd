#include "features/console/audit_routes.hpp"

#include "core/iso_time.hpp"
#include "features/console/audit_csv.hpp"
#include "http/api_error.hpp"
#include "http/console_params.hpp"

#include <boost/json/parse.hpp>

#include <algorithm>

namespace portal::console {

namespace {

using http::Access;
using http::Request;
using http::Response;

constexpr std::size_t kMaxFilterBytes = 200;
// The export is built in memory: past this size it stops early and says so (X-Audit-Truncated).
constexpr std::size_t kMaxCsvBytes = 32 * 1024 * 1024;

core::Result<db::AuditFilter> filter_of(const Request& request) {
  db::AuditFilter filter;
  for (auto [name, field] :
       {std::pair{"actor", &filter.actor}, {"action", &filter.action}, {"target", &filter.target}}) {
    const std::string value(request.query_param(name).value_or(""));
    if (value.size() > kMaxFilterBytes) {
      return core::validation_failed(name, std::string(name) + " must be at most 200 bytes");
    }
    *field = value;
  }
  auto from = http::unix_time(request, "from");
  if (!from) return from.error();
  auto to = http::unix_time(request, "to");
  if (!to) return to.error();
  if (*from && *to && **to < **from) return core::validation_failed("to", "to must not be before from");
  filter.from = *from;
  filter.to = *to;
  return filter;
}

boost::json::value details_json(const std::string& text) {
  if (text.empty()) return nullptr;
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  return ec ? boost::json::value(text) : value;
}

Response list(db::AuditRepository& audit, const Request& request) {
  auto query = http::list_query(request, {"at"});
  if (!query) return http::error_response(query.error());
  auto filter = filter_of(request);
  if (!filter) return http::error_response(filter.error());
  const auto page = audit.page(*filter, query->offset(), query->page_size, query->descending);
  boost::json::array items;
  for (const auto& entry : page.items) {
    items.push_back({{"id", entry.id},
                     {"at", entry.at},
                     {"actor", entry.actor},
                     {"action", entry.action},
                     {"target", entry.target.empty() ? boost::json::value(nullptr) : boost::json::value(entry.target)},
                     {"details", details_json(entry.details)}});
  }
  return http::json_response(http::list_json(std::move(items), page.total, *query));
}

std::string file_stamp(std::int64_t now) {
  std::string stamp = core::iso_utc(now);  // 2025-11-21T08:01:01Z
  stamp.erase(std::remove_if(stamp.begin(), stamp.end(), [](char c) { return c == '-' || c == ':'; }), stamp.end());
  return stamp;
}

Response csv(db::AuditRepository& audit, const std::function<std::int64_t()>& now_unix, const Request& request) {
  auto filter = filter_of(request);
  if (!filter) return http::error_response(filter.error());
  std::string body = csv_head();
  bool truncated = false;
  const std::int64_t rows =
      audit.each_newest_first(*filter, kMaxCsvRows, [&](const std::vector<db::AuditEntry>& batch) {
        append_csv_rows(body, batch);
        truncated = body.size() > kMaxCsvBytes;
        return !truncated;
      });
  Response response = http::text_response(std::move(body), "text/csv; charset=utf-8");
  response.set_header("Content-Disposition", "attachment; filename=\"audit-log-" + file_stamp(now_unix()) + ".csv\"");
  response.set_header("Cache-Control", "no-store");
  response.set_header("X-Audit-Rows", std::to_string(rows));
  if (truncated || rows >= kMaxCsvRows) response.set_header("X-Audit-Truncated", "true");
  return response;
}

}  // namespace

void register_audit_routes(http::RouteTable& routes, db::AuditRepository& audit,
                           std::function<std::int64_t()> now_unix) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/console/audit",
      .access = Access::op,
      .handler = [&audit](Request& r) { return list(audit, r); },
      .summary = "Console: the audit log, filtered and paged",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/console/audit.csv",
      .access = Access::op,
      .handler = [&audit, now_unix = std::move(now_unix)](Request& r) { return csv(audit, now_unix, r); },
      .summary = "Console: the audit log of a filter as CSV (at most 100,000 rows)",
  });
}

}  // namespace portal::console
