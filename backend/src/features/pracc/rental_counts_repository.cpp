#include "features/pracc/rental_counts_repository.hpp"

#include "db/row.hpp"
#include "features/pracc/rental_rules.hpp"
#include "features/pracc/rental_server.hpp"

namespace portal::pracc {

std::map<std::string, std::int64_t> RentalCountsRepository::by_web_status() const {
  return database_.with_session([&](soci::session& sql) {
    std::map<std::string, std::int64_t> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT phase, cloud_state, COUNT(*) FROM rental_servers WHERE phase NOT IN ('terminated', "
                        "'relocated') GROUP BY phase, cloud_state");
    for (const auto& row : rows) {
      const auto phase = phase_from(db::row_string(row, 0));
      if (!phase) continue;
      RentalServer server;
      server.phase = *phase;
      server.cloud_state = db::row_string(row, 1);
      out[web_status(server)] += db::row_int64(row, 2);
    }
    return out;
  });
}

}  // namespace portal::pracc
