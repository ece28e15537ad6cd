#pragma once
// The operator's side of the practice-server rental (features/pracc/rental_operations): the console's
// /api/console/rentals and /api/console/regions calls. A module of its own beside Rentals, present
// when the rental is (features.pracc_enabled); both write the same tables through RentalRepository.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/database.hpp"
#include "features/pracc/console_rental_search.hpp"
#include "features/pracc/rental_operations.hpp"
#include "features/pracc/rental_repository.hpp"

namespace portal::app {

class RentalOperator final : public Module {
 public:
  RentalOperator(const Config& config, db::Database& database);

  std::string_view name() const override { return "rental_operator"; }
  void register_routes(http::RouteTable& routes) override;

 private:
  pracc::RentalRepository servers_;
  pracc::RentalOperations operations_;
  pracc::RentalSearch search_;
};

}  // namespace portal::app
