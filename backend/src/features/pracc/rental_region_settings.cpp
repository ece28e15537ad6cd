// RentalRepository's part for the operator's region flags (rental_regions): kept apart from the
// servers' SQL, which changes for other reasons.
#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"
#include "features/pracc/rental_repository.hpp"

#include <boost/json/object.hpp>

namespace portal::pracc {

std::vector<RentalRepository::RegionSetting> RentalRepository::region_settings() const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<RegionSetting> out;
    soci::rowset<soci::row> rows = sql.prepare
                                   << "SELECT region, enabled, recommended FROM rental_regions ORDER BY region";
    for (const auto& row : rows)
      out.push_back({db::row_string(row, 0), db::row_int(row, 1) != 0, db::row_int(row, 2) != 0});
    return out;
  });
}

void RentalRepository::set_region(const RegionSetting& setting, std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const int enabled = setting.enabled ? 1 : 0;
      const int recommended = setting.recommended ? 1 : 0;
      const long long at = now;
      sql << "INSERT INTO rental_regions (region, enabled, recommended, updated_at) VALUES (:region, :enabled, "
             ":recommended, :at) ON CONFLICT (region) DO UPDATE SET enabled = excluded.enabled, recommended = "
             "excluded.recommended, updated_at = excluded.updated_at",
          soci::use(setting.region), soci::use(enabled), soci::use(recommended), soci::use(at);
      db::audit(sql, actor, "rental.region", "region:" + setting.region,
                {{"enabled", setting.enabled}, {"recommended", setting.recommended}});
    });
  });
}

}  // namespace portal::pracc
