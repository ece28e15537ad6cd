#include "db/budgets.hpp"

#include "db/transaction.hpp"

#include <algorithm>

namespace portal::db {

std::optional<std::chrono::seconds> Budgets::take(const std::string& key, core::RateLimit limit, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) -> std::optional<std::chrono::seconds> {
    return write_transaction(sql, database_.engine(), [&]() -> std::optional<std::chrono::seconds> {
      const long long start = now, end = now + limit.window.count();
      const int max = limit.max;
      // One statement decides: a closed window opens anew with this unit, an open one counts it only
      // while units are left. `excluded` carries this call's start and end.
      soci::statement take =
          (sql.prepare << "INSERT INTO budget_windows (budget_key, window_start, window_end, used) "
                          "VALUES (:key, :start, :end, 1) "
                          "ON CONFLICT (budget_key) DO UPDATE SET "
                          "used = CASE WHEN budget_windows.window_end <= excluded.window_start THEN 1 "
                          "ELSE budget_windows.used + 1 END, "
                          "window_start = CASE WHEN budget_windows.window_end <= excluded.window_start "
                          "THEN excluded.window_start ELSE budget_windows.window_start END, "
                          "window_end = CASE WHEN budget_windows.window_end <= excluded.window_start "
                          "THEN excluded.window_end ELSE budget_windows.window_end END "
                          "WHERE budget_windows.window_end <= excluded.window_start OR budget_windows.used < :max",
           soci::use(key), soci::use(start), soci::use(end), soci::use(max));
      take.execute(true);
      if (take.get_affected_rows() == 1) return std::nullopt;
      long long window_end = now + 1;
      sql << "SELECT window_end FROM budget_windows WHERE budget_key = :key", soci::use(key), soci::into(window_end);
      return std::chrono::seconds(std::max<long long>(1, window_end - now));
    });
  });
}

void Budgets::give_back(const std::string& key) {
  database_.with_session([&](soci::session& sql) {
    sql << "UPDATE budget_windows SET used = used - 1 WHERE budget_key = :key AND used > 0", soci::use(key);
  });
}

int Budgets::used(const std::string& key, std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    int used = 0;
    soci::indicator ind = soci::i_null;
    sql << "SELECT used FROM budget_windows WHERE budget_key = :key AND window_end > :now", soci::use(key),
        soci::use(at), soci::into(used, ind);
    return ind == soci::i_ok ? used : 0;
  });
}

void Budgets::reset(const std::string& key) {
  database_.with_session(
      [&](soci::session& sql) { sql << "DELETE FROM budget_windows WHERE budget_key = :key", soci::use(key); });
}

void Budgets::purge(std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now;
    sql << "DELETE FROM budget_windows WHERE window_end <= :now", soci::use(at);
  });
}

}  // namespace portal::db
