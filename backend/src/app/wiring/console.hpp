#pragma once
// The operator console's calls that are not one feature's own (docs/console.md): People (features/auth,
// with the account's orders and rented servers read from payments and pracc here), the audit log and
// the dashboard, whose figures come from the live servers, payments, rentals and the job scheduler.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/audit_repository.hpp"
#include "db/database.hpp"
#include "features/auth/console_people.hpp"
#include "features/auth/console_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/revenue_repository.hpp"
#include "features/pracc/rental_counts_repository.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/servers/player_totals_repository.hpp"

namespace portal::servers {
class Service;
}

namespace portal::app {

class Console final : public Module {
 public:
  Console(const Config& config, db::Database& database, servers::Service& servers);

  std::string_view name() const override { return "console"; }
  void register_routes(http::RouteTable& routes) override;
  // Keeps the scheduler to report its jobs' health; adds none.
  void add_jobs(core::jobs::Scheduler& jobs) override { jobs_ = &jobs; }

 private:
  const Config& config_;
  servers::Service& servers_;
  auth::ConsoleRepository people_repo_;
  auth::PeopleConsole people_;
  db::AuditRepository audit_;
  payments::OrderRepository orders_;
  payments::RevenueRepository revenue_;
  pracc::RentalRepository rentals_;
  pracc::RentalCountsRepository rental_counts_;
  servers::PlayerTotalsRepository player_totals_;
  core::jobs::Scheduler* jobs_ = nullptr;
};

}  // namespace portal::app
