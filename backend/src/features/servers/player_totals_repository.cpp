#include "features/servers/player_totals_repository.hpp"

#include "db/row.hpp"

namespace portal::servers {

std::vector<PlayerSample> PlayerTotalsRepository::totals_since(std::int64_t since) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<PlayerSample> out;
    const long long from = since;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT bucket_start, SUM(players) FROM server_player_samples WHERE bucket_start >= :since "
                        "GROUP BY bucket_start ORDER BY bucket_start",
         soci::use(from));
    for (const auto& row : rows) out.push_back({db::row_int64(row, 0), db::row_int(row, 1)});
    return out;
  });
}

}  // namespace portal::servers
