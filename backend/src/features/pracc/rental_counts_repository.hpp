#pragma once
// How many rented servers stand in each web status, for the operator console's dashboard.

#include "db/database.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace portal::pracc {

class RentalCountsRepository {
 public:
  explicit RentalCountsRepository(db::Database& database) : database_(database) {}
  // Web status (RUNNING, STOPPED, LAUNCH_FAILED, ...) -> servers; terminated and relocated ones, which
  // only grow, are left out.
  std::map<std::string, std::int64_t> by_web_status() const;

 private:
  db::Database& database_;
};

}  // namespace portal::pracc
