#include "features/payments/revenue_repository.hpp"

#include "db/row.hpp"

namespace portal::payments {

std::vector<RevenueLine> RevenueRepository::paid_since(std::int64_t since) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<RevenueLine> out;
    const long long from = since;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT method, currency, COUNT(*), SUM(amount_minor) FROM orders WHERE paid_at >= :since "
                        "AND state IN ('paid', 'fulfilled') GROUP BY method, currency ORDER BY method, currency",
         soci::use(from));
    for (const auto& row : rows) {
      out.push_back({db::row_string(row, 0), db::row_string(row, 1), db::row_int64(row, 2), db::row_int64(row, 3)});
    }
    return out;
  });
}

std::int64_t RevenueRepository::count_held() const {
  return database_.with_session([&](soci::session& sql) {
    long long held = 0;
    sql << "SELECT COUNT(*) FROM orders WHERE state = 'held'", soci::into(held);
    return static_cast<std::int64_t>(held);
  });
}

}  // namespace portal::payments
