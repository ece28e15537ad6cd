#include "app/wiring/rentals.hpp"

#include "app/wiring/payments.hpp"
#include "core/clock.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/advisory_locks.hpp"
#include "features/auth/user_repository.hpp"
#include "features/pracc/plugin_routes.hpp"
#include "features/pracc/rental_mail.hpp"
#include "features/pracc/routes.hpp"
#include "features/mail/delivery.hpp"

#include <boost/json/parse.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace portal::app {

namespace {

constexpr const char* kSiteName = "CS2 Community";  // as the accounts' mails sign

// The rental as the payment engine sees a product: payments knows nothing of servers.
class RentalFulfiller final : public payments::Fulfiller {
 public:
  RentalFulfiller(pracc::RentalOrders& orders, RentalNotice notify) : orders_(orders), notify_(std::move(notify)) {}

  std::string_view product_type() const override { return "server_rental"; }

  core::Status validate_options(const payments::OrderRequestView& request) const override {
    return orders_.validate(purchase_of(request.product_id, request.duration_hours, request.relocatable,
                                        request.options, request.user_id, request.steam_id));
  }

  // The server row (or the later expiry) commits with the payment; the cloud is called afterwards by
  // the provisioning job, so a slow cloud never holds a payment back.
  bool joins_payment_transaction() const override { return true; }

  core::Result<std::string> fulfil(const payments::Order& order, soci::session* payment_transaction) override {
    if (!payment_transaction) {
      return core::Error::make(core::ErrorKind::internal, "FULFILMENT_NEEDS_TRANSACTION",
                               "a rental is fulfilled inside its payment's transaction");
    }
    boost::system::error_code ec;
    auto parsed = boost::json::parse(order.options, ec);
    if (ec || !parsed.is_object()) {
      return core::validation_failed("options", "the order's options are not a JSON object");
    }
    auto fulfilled = orders_.fulfil_within(*payment_transaction, order.id,
                                           purchase_of(order.product_id, order.duration_hours, order.relocatable,
                                                       parsed.as_object(), order.user_id, order.steam_id));
    // A rule said no (a limit filled since the order was made, the renewed server is gone): no retry
    // can change that, so the engine gives the money back. A database hiccup is tried again.
    if (!fulfilled && fulfilled.error().kind != core::ErrorKind::internal &&
        fulfilled.error().kind != core::ErrorKind::unavailable) {
      return payments::refusal(fulfilled.error());
    }
    return fulfilled;
  }

  // A refunded rental ends at once; a refunded renewal gives its hours back.
  core::Status revoke(const payments::Order& order, soci::session* payment_transaction) override {
    boost::system::error_code ec;
    auto parsed = boost::json::parse(order.options, ec);
    if (ec || !parsed.is_object()) {
      return core::validation_failed("options", "the order's options are not a JSON object");
    }
    const std::string changed = orders_.revoke(order.id,
                                               purchase_of(order.product_id, order.duration_hours, order.relocatable,
                                                           parsed.as_object(), order.user_id, order.steam_id),
                                               payment_transaction);
    spdlog::info("pracc: order {} refunded; {}", order.id,
                 changed.empty() ? "nothing left to take back" : "server " + changed + " changed");
    // The running portal's lifecycle job tells the owner (an ended server, a renewal taken back),
    // whichever process refunded: the CLI's has no mail of its own.
    return core::Ok{};
  }

  void refused_and_refunded(const payments::Order& order, const core::Error& why) override {
    if (!notify_) return;
    // No server was made: the notice names what the order asked for.
    pracc::RentalServer asked;
    asked.owner_user_id = order.user_id;
    boost::system::error_code ec;
    auto parsed = boost::json::parse(order.options, ec);
    if (!ec && parsed.is_object()) {
      if (const auto* name = parsed.as_object().if_contains("serverName"); name && name->is_string()) {
        asked.name = std::string(name->as_string());
      }
      if (const auto* id = parsed.as_object().if_contains("instance_id"); id && id->is_string()) {
        asked.id = std::string(id->as_string());
      }
    }
    spdlog::info("pracc: order {} refused ({}) and refunded", order.id, why.code);
    notify_(asked, "order_refused");
  }

 private:
  static pracc::RentalPurchase purchase_of(std::string_view product_id, std::int64_t hours, bool relocatable,
                                           const boost::json::object& options, std::int64_t user_id,
                                           std::string_view steam_id) {
    return pracc::RentalPurchase{product_id, hours, relocatable, options, user_id, steam_id};
  }

  pracc::RentalOrders& orders_;
  RentalNotice notify_;
};

}  // namespace

std::shared_ptr<payments::Fulfiller> make_rental_fulfiller(pracc::RentalOrders& orders, RentalNotice notify) {
  return std::make_shared<RentalFulfiller>(orders, std::move(notify));
}

pracc::RentalSettings rental_settings(const Config& config, const CloudAccess& cloud) {
  const PraccConfig& p = config.pracc;
  pracc::RentalSettings s;
  s.regions = p.regions;
  s.grace_seconds = static_cast<std::int64_t>(p.grace_days) * 86400;
  s.max_servers_per_user = p.max_servers_per_user;
  s.max_servers_per_region = p.max_servers_per_region;
  s.game_port = p.game_port;
  s.max_players = p.max_players;
  s.demo_link_seconds = p.demo_link_s;
  s.launch_attempts = p.launch_attempts;
  s.launch_retry_seconds = p.launch_retry_s;
  s.portal_url = config.public_url();
  s.demo_bucket = cloud.demo_bucket();
  s.demo_region = cloud.demo_region();
  return s;
}

Rentals::Rentals(const Config& config, db::Database& database, Payments& payments, auth::UserRepository& users,
                 mail_queue::MailDelivery& mail)
    : config_(config), cloud_(config), servers_(database) {
  const auto settings = rental_settings(config, cloud_);
  plugin_keys_ = std::make_unique<pracc::PluginRepository>(database);
  plugin_ = std::make_unique<pracc::PluginService>(pracc::PluginServiceDeps{
      .servers = servers_,
      .keys = *plugin_keys_,
      .grace_seconds = settings.grace_seconds,
      .now_unix = core::system_unix_now,
  });
  // Queued, not sent here: the job that noticed must not wait on SMTP, and an SMTP outage must not
  // lose the notice. The key makes a notice noticed twice (a job run again after a crash) one mail.
  const RentalNotice notify = [&users, &mail, page = config.public_url() + "/pracc"](const pracc::RentalServer& server,
                                                                                     const std::string& what) {
    const auto owner = users.find_by_id(server.owner_user_id);
    if (!owner || owner->email.empty()) return;  // a Steam-only account: the web and the game tell it
    auto notice = pracc::rental_notice_mail(owner->email, server, what, page, kSiteName);
    if (!notice) return;
    const std::string key = "rental:" + server.id + ":" + what + ":" + std::to_string(server.expires_at);
    if (auto queued = mail.queue(key, *notice); !queued) {
      spdlog::warn("pracc: the notice {} cannot be mailed: {}", key, queued.error().message);
    }
  };
  service_ = std::make_unique<pracc::RentalService>(pracc::RentalServiceDeps{
      .servers = servers_,
      .compute = cloud_.compute(),
      .store = cloud_.store(),
      .console = console_,
      .settings = settings,
      .now_unix = core::system_unix_now,
  });
  orders_ = std::make_unique<pracc::RentalOrders>(pracc::RentalOrdersDeps{
      .servers = servers_,
      .settings = settings,
      .now_unix = core::system_unix_now,
  });
  // A mass boot tells many servers their settings at once; RCON calls wait on the network, not the CPU.
  console_work_ = std::make_unique<http::WorkerPool>(http::PoolOptions{.name = "pracc-console", .threads = 16});
  provisioner_ = std::make_unique<pracc::Provisioner>(pracc::ProvisionerDeps{
      .servers = servers_,
      .compute = cloud_.compute(),
      .console = console_,
      .settings = settings,
      .now_unix = core::system_unix_now,
      .refund_order = [&payments](const std::string& order_id,
                                  const std::string& reason) { return payments.refund(order_id, reason, "job:pracc"); },
      .store = &cloud_.store(),
      // Every launch (a retry, the new half of a region switch) gets a key of its own.
      .plugin_key = [plugin = plugin_.get()](const pracc::RentalServer& server) { return plugin->issue_key(server); },
      .notify_owner = notify,
      .run_console_work = [this](std::function<void()> work) { console_work_->post(std::move(work)); },
  });
  payments.add_product(make_rental_fulfiller(*orders_, notify));
  // Demo mode stars two regions the first time, so the web's recommended marks and order show.
  if (config.mode == Mode::demo && servers_.region_settings().empty()) {
    for (const char* region : {"ap-shanghai", "ap-guangzhou"}) {
      servers_.set_region({region, true, true}, core::system_unix_now(), "demo");
    }
  }
}

void Rentals::register_routes(http::RouteTable& routes) {
  pracc::register_routes(routes, *service_);
  pracc::register_plugin_routes(routes, *plugin_);
  cloud_.register_routes(routes);
}

RateLimitPolicies Rentals::rate_limit_policies() const {
  auto policies = pracc::rate_limit_policies();
  policies.merge(pracc::plugin_rate_limit_policies());
  return policies;
}

void Rentals::add_jobs(core::jobs::Scheduler& jobs) {
  jobs.add(core::jobs::Job{
      .name = "pracc.launch",
      // What was bought launches within seconds; never later than the next state sync.
      .interval = std::chrono::seconds(std::min(5, config_.pracc.sync_interval_s)),
      .work = [this] { provisioner_->launch_due(); },
      .lock_key = db::advisory_locks::kJobPraccLaunch,
  });
  jobs.add(core::jobs::Job{
      .name = "pracc.sync",
      .interval = std::chrono::seconds(config_.pracc.sync_interval_s),
      .work = [this] { provisioner_->sync(); },
      .lock_key = db::advisory_locks::kJobPraccSync,
  });
  jobs.add(core::jobs::Job{
      .name = "pracc.lifecycle",
      .interval = std::chrono::seconds(config_.pracc.lifecycle_interval_s),
      .work = [this] { provisioner_->lifecycle(); },
      .lock_key = db::advisory_locks::kJobPraccLifecycle,
  });
}

}  // namespace portal::app
