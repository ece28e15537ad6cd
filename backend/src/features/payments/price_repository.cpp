#include "features/payments/price_repository.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>

namespace portal::payments {

namespace {

Price price_of(const soci::row& row) {
  return Price{
      PriceKey{db::row_string(row, 0), db::row_int64(row, 1), db::row_int64(row, 2) != 0, db::row_string(row, 3)},
      db::row_int64(row, 4), db::row_int64(row, 5)};
}

std::string target_of(const PriceKey& key) {
  return "price:" + key.product_type + "/" + std::to_string(key.duration_hours) + "h/" +
         (key.relocatable ? "relocatable" : "fixed") + "/" + key.currency;
}

constexpr const char* kColumns =
    "SELECT product_type, duration_hours, relocatable, currency, amount_minor, updated_at ";

}  // namespace

std::optional<Price> PriceRepository::find(const PriceKey& key) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<Price> {
    const long long hours = key.duration_hours;
    const int relocatable = key.relocatable ? 1 : 0;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) +
                            "FROM prices WHERE product_type = :t AND duration_hours = :h AND relocatable = :r AND "
                            "currency = :c",
         soci::use(key.product_type), soci::use(hours), soci::use(relocatable), soci::use(key.currency));
    for (const auto& row : rows) return price_of(row);
    return std::nullopt;
  });
}

std::vector<Price> PriceRepository::list(const std::string& product_type, const std::string& currency) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<Price> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) +
                            "FROM prices WHERE (:t1 = '' OR product_type = :t2) AND (:c1 = '' OR currency = :c2) "
                            "ORDER BY product_type, currency, relocatable, duration_hours",
         soci::use(product_type), soci::use(product_type), soci::use(currency), soci::use(currency));
    for (const auto& row : rows) out.push_back(price_of(row));
    return out;
  });
}

void PriceRepository::upsert(const Price& price, const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const auto& k = price.key;
      const long long hours = k.duration_hours;
      const int relocatable = k.relocatable ? 1 : 0;
      const long long amount = price.amount_minor;
      const long long at = price.updated_at;
      sql << "INSERT INTO prices (product_type, duration_hours, relocatable, currency, amount_minor, updated_at) "
             "VALUES (:t, :h, :r, :c, :a, :at) ON CONFLICT (product_type, duration_hours, relocatable, currency) "
             "DO UPDATE SET amount_minor = excluded.amount_minor, updated_at = excluded.updated_at",
          soci::use(k.product_type), soci::use(hours), soci::use(relocatable), soci::use(k.currency), soci::use(amount),
          soci::use(at);
      db::audit(sql, actor, "price.set", target_of(k), {{"amountMinor", price.amount_minor}});
    });
  });
}

bool PriceRepository::remove(const PriceKey& key, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const long long hours = key.duration_hours;
      const int relocatable = key.relocatable ? 1 : 0;
      soci::statement st =
          (sql.prepare << "DELETE FROM prices WHERE product_type = :t AND duration_hours = :h AND relocatable = :r "
                          "AND currency = :c",
           soci::use(key.product_type), soci::use(hours), soci::use(relocatable), soci::use(key.currency));
      st.execute(true);
      if (st.get_affected_rows() == 0) return false;
      db::audit(sql, actor, "price.remove", target_of(key), {});
      return true;
    });
  });
}

}  // namespace portal::payments
