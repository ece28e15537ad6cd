#pragma once
// Players across every community server per sample bucket, for the operator console's dashboard.

#include "db/database.hpp"
#include "features/servers/repository.hpp"

#include <cstdint>
#include <vector>

namespace portal::servers {

class PlayerTotalsRepository {
 public:
  explicit PlayerTotalsRepository(db::Database& database) : database_(database) {}
  // One sample per bucket since `since` (oldest first): the sum of each server's highest count.
  std::vector<PlayerSample> totals_since(std::int64_t since) const;

 private:
  db::Database& database_;
};

}  // namespace portal::servers
