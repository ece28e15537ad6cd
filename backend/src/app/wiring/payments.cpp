#include "app/wiring/payments.hpp"

#include "app/demo/demo_prices.hpp"
#include "app/wiring/payment_providers.hpp"
#include "core/clock.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/advisory_locks.hpp"
#include "features/auth/membership_service.hpp"
#include "features/payments/console_routes.hpp"
#include "features/payments/routes.hpp"
#include "http/route.hpp"
#include "integrations/http/curl_http_client.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace portal::app {

namespace {

class VipFulfiller final : public payments::Fulfiller {
 public:
  explicit VipFulfiller(auth::MembershipService& memberships) : memberships_(memberships) {}

  std::string_view product_type() const override { return "vip"; }

  core::Status validate_options(const payments::OrderRequestView& request) const override {
    if (request.product_id != "vip") return core::validation_failed("productId", "productId must be vip");
    if (request.duration_hours % 24 != 0) {
      return core::validation_failed("options.duration", "VIP is sold in whole days");
    }
    if (request.relocatable) return core::validation_failed("options.relocatable", "VIP is not relocatable");
    if (request.steam_id.empty()) {
      return core::Error::make(core::ErrorKind::validation, "STEAM_ACCOUNT_REQUIRED",
                               "Bind your Steam account first: VIP belongs to a Steam account");
    }
    return core::Ok{};
  }

  // The memberships live in the payment database: the grant commits with the order's move to paid
  // and fulfilled, or neither does (a crash leaves the order unpaid and the provider's retry or the
  // reconciliation job completes it). Without a session (an order recorded paid by an older path and
  // fulfilled later) the grant runs alone, idempotent on the order's source ref.
  bool joins_payment_transaction() const override { return true; }

  core::Result<std::string> fulfil(const payments::Order& order, soci::session* payment_transaction) override {
    const std::int64_t days = order.duration_hours / 24;
    const std::string actor = "payment:" + order.id;
    auto grant = payment_transaction ? memberships_.grant_vip_within(*payment_transaction, order.steam_id, days,
                                                                     "order", order.source_ref(), actor)
                                     : memberships_.grant_vip(order.steam_id, days, "order", order.source_ref(), actor);
    if (!grant) return grant.error();
    return "vip until " + std::to_string(grant->expires_at);
  }

  core::Status revoke(const payments::Order& order, soci::session* payment_transaction) override {
    const std::string actor = "payment:" + order.id;
    if (payment_transaction) {
      memberships_.revoke_vip_within(*payment_transaction, order.source_ref(), actor);
    } else {
      memberships_.revoke_vip(order.source_ref(), actor);
    }
    return core::Ok{};
  }

 private:
  auth::MembershipService& memberships_;
};

}  // namespace

std::shared_ptr<payments::Fulfiller> make_vip_fulfiller(auth::MembershipService& memberships) {
  return std::make_shared<VipFulfiller>(memberships);
}

payments::PaymentSettings payment_settings(const Config& config) {
  const std::string base = payment_base_url(config);
  return payments::PaymentSettings{
      .window_s = config.payments.window_s,
      .max_open_orders = config.payments.max_open_orders,
      .notify_url_base = base + "/api/payment/notify/",
      .return_url_base = base + "/api/payment/return/",
  };
}

Payments::Payments(const Config& config, db::Database& database, auth::MembershipService& memberships)
    : config_(config),
      price_repository_(database),
      prices_(price_repository_, core::system_unix_now),
      orders_repository_(database),
      order_search_(database) {
  PaymentProviders built;
  if (config.payments.providers_for_tests) {
    for (auto& provider : config.payments.providers_for_tests()) built.providers.push_back(std::move(provider));
  } else {
    http_ = std::make_unique<integrations::CurlHttpClient>();
    if (config.mode == Mode::demo) {
      sandbox_ = std::make_unique<sim::payments::PaymentSandbox>(demo_sandbox_settings(config), *http_);
      built = sandbox_payment_providers(config, *sandbox_, *http_);
    } else {
      built = configured_payment_providers(config, *http_);
    }
  }
  const auto methods = effective_payment_methods(config);
  for (auto& provider : built.providers) {
    const std::string name = payments::to_string(provider->method());
    if (std::find(methods.begin(), methods.end(), name) != methods.end()) providers_.add(std::move(provider));
  }
  fulfillers_.add(make_vip_fulfiller(memberships));
  // Tests name their merchants in the config; the adapters know their own.
  std::map<payments::Method, std::string> merchants = std::move(built.merchant_ids);
  if (!config.payments.alipay.app_id.empty()) merchants[payments::Method::alipay] = config.payments.alipay.app_id;
  if (!config.payments.wechat.mchid.empty()) merchants[payments::Method::wechat] = config.payments.wechat.mchid;
  if (!config.payments.paypal.merchant_id.empty()) {
    merchants[payments::Method::paypal] = config.payments.paypal.merchant_id;
  }
  orders_ = std::make_unique<payments::OrderService>(payments::OrderServiceDeps{
      .orders = orders_repository_,
      .prices = prices_,
      .providers = providers_,
      .fulfillers = fulfillers_,
      .settings = payment_settings(config),
      .now_unix = core::system_unix_now,
  });
  processor_ = std::make_unique<payments::PaymentProcessor>(payments::PaymentProcessorDeps{
      .orders = orders_repository_,
      .providers = providers_,
      .fulfillers = fulfillers_,
      .merchant_ids = std::move(merchants),
      .now_unix = core::system_unix_now,
  });
  if (config.mode == Mode::demo) seed_demo_prices(prices_);
}

void Payments::register_routes(http::RouteTable& routes) {
  if (sandbox_) sandbox_->register_routes(routes);
  payments::register_routes(routes, payments::PaymentRoutesDeps{
                                        .prices = prices_,
                                        .orders = *orders_,
                                        .processor = *processor_,
                                        .providers = providers_,
                                        .web_result_url = config_.public_url() + "/orders",
                                    });
  payments::register_console_routes(routes, {.prices = prices_, .orders = order_search_, .processor = *processor_});
}

RateLimitPolicies Payments::rate_limit_policies() const { return payments::rate_limit_policies(); }

void Payments::contribute_settings(content::PublicSettings& settings) const {
  for (auto method : providers_.methods()) settings.payment_methods.emplace_back(payments::to_string(method));
  if (sandbox_) settings.payment_sandbox_scan_url = sandbox_->wechat_scan_url("");
}

core::Status Payments::refund(const std::string& order_id, const std::string& reason, const std::string& actor) {
  auto refunded = processor_->refund(order_id, reason, actor);
  if (!refunded) return refunded.error();
  return core::Ok{};
}

void Payments::add_jobs(core::jobs::Scheduler& jobs) {
  jobs.add(core::jobs::Job{
      .name = "payments.expire",
      .interval = std::chrono::seconds(15),
      .work = [this] { processor_->expire_due(); },
      .lock_key = db::advisory_locks::kJobPaymentsExpire,
  });
  jobs.add(core::jobs::Job{
      .name = "payments.reconcile",
      .interval = std::chrono::seconds(60),
      .work = [this] { processor_->reconcile(config_.payments.reconcile_after_s); },
      .lock_key = db::advisory_locks::kJobPaymentsReconcile,
  });
  jobs.add(core::jobs::Job{
      .name = "payments.refunds",
      .interval = std::chrono::seconds(15),
      .work = [this] { processor_->follow_refunds(); },
      .lock_key = db::advisory_locks::kJobPaymentsRefunds,
  });
}

}  // namespace portal::app
