#pragma once
// Builds the payment engine (features/payments): the price table (seeded in demo mode), the
// providers of the methods in [payments] methods, the fulfillers of the product types that can be
// bought (VIP now, through the accounts' membership service), the payment routes and the jobs that
// expire and reconcile orders.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/database.hpp"
#include "features/payments/console_order_search.hpp"
#include "features/payments/fulfiller.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/order_service.hpp"
#include "features/payments/payment_processor.hpp"
#include "features/payments/price_repository.hpp"
#include "features/payments/price_service.hpp"
#include "features/payments/provider_registry.hpp"
#include "integrations/http/http_client.hpp"
#include "sim/payments/payment_sandbox.hpp"

#include <memory>

namespace portal::auth {
class MembershipService;
}

namespace portal::app {

class Payments final : public Module {
 public:
  Payments(const Config& config, db::Database& database, auth::MembershipService& memberships);

  std::string_view name() const override { return "payments"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void contribute_settings(content::PublicSettings& settings) const override;
  void add_jobs(core::jobs::Scheduler& jobs) override;

  // Another product type that can be bought (a module below this one registers it at construction).
  void add_product(std::shared_ptr<payments::Fulfiller> fulfiller) { fulfillers_.add(std::move(fulfiller)); }
  // Gives an order's money back through its provider and takes the product back (a product that
  // could not be delivered).
  core::Status refund(const std::string& order_id, const std::string& reason, const std::string& actor);

 private:
  const Config& config_;
  std::unique_ptr<integrations::HttpClient> http_;
  std::unique_ptr<sim::payments::PaymentSandbox> sandbox_;  // demo mode: the providers' stand-ins
  payments::ProviderRegistry providers_;
  payments::FulfilmentRegistry fulfillers_;
  payments::PriceRepository price_repository_;
  payments::PriceService prices_;
  payments::OrderRepository orders_repository_;
  payments::OrderSearch order_search_;  // the console's reads
  std::unique_ptr<payments::OrderService> orders_;
  std::unique_ptr<payments::PaymentProcessor> processor_;
};

// The VIP product: an order of `duration_hours` adds duration_hours / 24 days of VIP to the buyer's
// Steam account, idempotent on the order's source ref; a refund takes them back.
std::shared_ptr<payments::Fulfiller> make_vip_fulfiller(auth::MembershipService& memberships);

// The engine's settings from [payments]: window, cap, and the notify/return URLs.
payments::PaymentSettings payment_settings(const Config& config);

}  // namespace portal::app
