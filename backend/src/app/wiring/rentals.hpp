#pragma once
// Builds the practice-server rental (features/pracc): the cloud for the mode, the player-facing
// service and its /api/scrim routes, the rental as a product of the payment engine (new_server and
// renew_server, written inside the payment's transaction; refunded when a server never runs), and the
// provisioning jobs (launch, state sync, lifecycle).

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "app/wiring/cloud.hpp"
#include "app/wiring/rental_console.hpp"
#include "db/database.hpp"
#include "features/payments/fulfiller.hpp"
#include "features/pracc/plugin_service.hpp"
#include "features/pracc/provisioner.hpp"
#include "features/pracc/rental_orders.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_service.hpp"
#include "http/worker_pool.hpp"

#include <functional>
#include <memory>
#include <string>

namespace portal::auth {
class UserRepository;
}
namespace portal::mail_queue {
class MailDelivery;
}

namespace portal::app {

class Payments;

class Rentals final : public Module {
 public:
  // `users` and `mail` tell owners with an e-mail address about expiry and refunds (queued mail).
  Rentals(const Config& config, db::Database& database, Payments& payments, auth::UserRepository& users,
          mail_queue::MailDelivery& mail);

  std::string_view name() const override { return "rentals"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void add_jobs(core::jobs::Scheduler& jobs) override;

  pracc::Provisioner& provisioner() { return *provisioner_; }
  CloudAccess& cloud() { return cloud_; }
  // The rented server a portal plugin key opens (Callers resolves scope `rental` with it).
  pracc::PluginService& plugin() { return *plugin_; }

 private:
  const Config& config_;
  CloudAccess cloud_;
  RconGameConsole console_;
  pracc::RentalRepository servers_;
  std::unique_ptr<pracc::RentalService> service_;
  std::unique_ptr<pracc::RentalOrders> orders_;
  std::unique_ptr<pracc::Provisioner> provisioner_;
  std::unique_ptr<pracc::PluginRepository> plugin_keys_;
  std::unique_ptr<pracc::PluginService> plugin_;
  // The console work of servers coming up (Provisioner::run_console_work); last, so it is joined
  // before what its tasks use goes away.
  std::unique_ptr<http::WorkerPool> console_work_;
};

// Tells a server's owner something (rental_mail.hpp: "expires_24h", "refunded", "order_refused" ...).
using RentalNotice = std::function<void(const pracc::RentalServer& server, const std::string& what)>;

// The rental as a product of the payment engine: options checked, fulfilled inside the payment's
// transaction (an order a limit now refuses is refunded, the buyer told through `notify`), taken back
// by a refund. `portal orders refund` registers it too, so a refund from the command line ends the
// server as one from the portal does.
std::shared_ptr<payments::Fulfiller> make_rental_fulfiller(pracc::RentalOrders& orders, RentalNotice notify);

// The rental's settings from [pracc] and the cloud's demo bucket.
pracc::RentalSettings rental_settings(const Config& config, const CloudAccess& cloud);

}  // namespace portal::app
