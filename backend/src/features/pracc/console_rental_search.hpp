#pragma once
// The operator console's list of rented servers: filtered, sorted and paged in SQL (the ids of one
// page), each server then read whole through RentalRepository::find (a page is at most 100).

#include "db/database.hpp"
#include "features/pracc/rental_repository.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::pracc {

struct RentalSearchFilter {
  // At most one of these four narrows by who or what (the console's q).
  std::string owner_steam_id;
  std::string id_prefix;  // srv_...
  std::string instance_id;
  std::string name_part;  // a part of the server's name
  std::optional<Phase> phase;
  std::string region;
  std::optional<bool> maintenance;
  bool sort_by_created = false;  // else by expires_at
  bool descending = true;
  std::int64_t offset = 0;
  std::int64_t limit = 25;
};

struct RentalSearchPage {
  std::vector<RentalServer> items;
  std::int64_t total = 0;
};

class RentalSearch {
 public:
  RentalSearch(db::Database& database, const RentalRepository& servers) : database_(database), servers_(servers) {}

  RentalSearchPage search(const RentalSearchFilter& filter) const;

 private:
  db::Database& database_;
  const RentalRepository& servers_;
};

}  // namespace portal::pracc
