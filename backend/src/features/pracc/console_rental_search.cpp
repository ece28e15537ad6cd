#include "features/pracc/console_rental_search.hpp"

#include "db/row.hpp"

namespace portal::pracc {

namespace {

// Every value is bound as text, in order, with distinct names (PostgreSQL refuses a repeated one).
struct Where {
  std::string sql;
  std::vector<std::string> params;

  void add(const std::string& condition, std::vector<std::string> values) {
    sql += (sql.empty() ? "WHERE " : " AND ") + condition;
    for (auto& value : values) params.push_back(std::move(value));
  }
  std::string next(std::size_t n = 0) const { return ":p" + std::to_string(params.size() + n); }
};

// A LIKE pattern that matches `part` literally.
std::string contains_pattern(const std::string& part) {
  std::string out = "%";
  for (char c : part) {
    if (c == '%' || c == '_' || c == '!') out += '!';
    out += c;
  }
  return out + "%";
}

Where where_of(const RentalSearchFilter& f) {
  Where w;
  if (!f.owner_steam_id.empty()) w.add("owner_steam_id = " + w.next(), {f.owner_steam_id});
  if (!f.id_prefix.empty()) {
    w.add("substr(id, 1, " + std::to_string(f.id_prefix.size()) + ") = " + w.next(), {f.id_prefix});
  }
  if (!f.instance_id.empty()) w.add("cloud_instance_id = " + w.next(), {f.instance_id});
  if (!f.name_part.empty()) w.add("name LIKE " + w.next() + " ESCAPE '!'", {contains_pattern(f.name_part)});
  if (f.phase) w.add("phase = " + w.next(), {std::string(to_string(*f.phase))});
  if (!f.region.empty()) w.add("region = " + w.next(), {f.region});
  if (f.maintenance) w.add(std::string("maintenance_status = ") + (*f.maintenance ? "1" : "0"), {});
  return w;
}

}  // namespace

RentalSearchPage RentalSearch::search(const RentalSearchFilter& filter) const {
  RentalSearchPage page;
  std::vector<std::string> ids;
  database_.with_session([&](soci::session& sql) {
    const Where where = where_of(filter);
    long long total = 0;
    {
      soci::details::prepare_temp_type count = (sql.prepare << "SELECT COUNT(*) FROM rental_servers " + where.sql);
      for (const auto& value : where.params) count, soci::use(value);
      count, soci::into(total);
      soci::statement statement(count);
      statement.execute(true);
    }
    page.total = total;
    const std::string direction = filter.descending ? " DESC" : " ASC";
    const std::string order_by = std::string(" ORDER BY ") + (filter.sort_by_created ? "created_at" : "expires_at") +
                                 direction + ", id" + direction;
    soci::details::prepare_temp_type select =
        (sql.prepare << "SELECT id FROM rental_servers " + where.sql + order_by + " LIMIT " +
                            std::to_string(filter.limit) + " OFFSET " + std::to_string(filter.offset));
    for (const auto& value : where.params) select, soci::use(value);
    soci::rowset<soci::row> rows(select);
    for (const auto& row : rows) ids.push_back(db::row_string(row, 0));
    return 0;
  });
  for (const auto& id : ids) {
    if (auto server = servers_.find(id)) page.items.push_back(std::move(*server));
  }
  return page;
}

}  // namespace portal::pracc
