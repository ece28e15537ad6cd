#include "app/cli/cli_orders.hpp"

#include "app/cli/cli_output.hpp"
#include "app/cli/prologue.hpp"
#include "app/wiring/payment_providers.hpp"
#include "app/wiring/payments.hpp"
#include "app/wiring/rentals.hpp"
#include "core/clock.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/payments/payment_processor.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "sim/payments/payment_sandbox.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/order_state.hpp"
#include "features/payments/pricing_rules.hpp"

#include <CLI/CLI.hpp>
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace portal::app {

namespace {

// Operators read times in the business timezone (GMT+8), as the web shows them.
std::string gmt8(std::int64_t unix_seconds) {
  if (unix_seconds <= 0) return "-";
  const std::chrono::sys_seconds at{std::chrono::seconds(unix_seconds + 8 * 3600)};
  return fmt::format("{:%Y-%m-%d %H:%M:%S}", at);
}

constexpr const char* kOrderListFormat = "{:<36}  {:<16} {:<8} {:>10} {:<3}  {:<7} {:<19}  {}\n";

void print_row(const payments::Order& order) {
  cli_out(fmt::format(fmt::runtime(kOrderListFormat), order.id, payments::to_string(order.state),
                      payments::to_string(order.method), payments::format_minor(order.amount.minor),
                      order.amount.currency, order.product_type, gmt8(order.created_at), order.steam_id));
}

// Refunds through the provider's refund API and takes the product back (VIP days, a rental). The
// providers are built from the configuration as `portal serve` builds them.
int refund(const Config& config, db::Database& database, const std::string& id, const std::string& reason) {
  integrations::CurlHttpClient http;
  // Demo mode: the same adapters, with the keys of the running portal's stand-ins (kept in the data
  // directory), so the refund goes through that portal as it would go to the provider.
  std::unique_ptr<sim::payments::PaymentSandbox> sandbox;
  PaymentProviders built;
  if (config.mode == Mode::demo) {
    sandbox = std::make_unique<sim::payments::PaymentSandbox>(demo_sandbox_settings(config), http);
    built = sandbox_payment_providers(config, *sandbox, http);
  } else {
    built = configured_payment_providers(config, http);
  }
  payments::ProviderRegistry providers;
  for (auto& provider : built.providers) providers.add(std::move(provider));
  auth::MembershipRepository membership_repository(database);
  auth::MembershipService memberships(membership_repository, core::system_unix_now);
  payments::FulfilmentRegistry fulfillers;
  fulfillers.add(make_vip_fulfiller(memberships));
  // A refunded rental ends (or loses its renewed hours) here; the running portal's lifecycle job
  // then ends its machine and tells the owner.
  pracc::RentalRepository rental_servers(database);
  pracc::RentalOrders rental_orders(pracc::RentalOrdersDeps{
      .servers = rental_servers,
      .settings = {},
      .now_unix = core::system_unix_now,
  });
  fulfillers.add(make_rental_fulfiller(rental_orders, {}));
  payments::OrderRepository orders(database);
  payments::PaymentProcessor processor(payments::PaymentProcessorDeps{
      .orders = orders,
      .providers = providers,
      .fulfillers = fulfillers,
      .merchant_ids = std::move(built.merchant_ids),
      .now_unix = core::system_unix_now,
  });
  auto refunded = processor.refund(id, reason, kCliActor);
  if (!refunded) return cli_fail(refunded.error());
  cli_out(fmt::format("order {} refunded ({}), refund {}{}\n", refunded->order.id,
                      payments::to_string(refunded->order.state), refunded->refund_id,
                      refunded->completed ? "" : " accepted: the provider completes it later"));
  return 0;
}

}  // namespace

struct OrderCommands::State {
  CLI::App *orders = nullptr, *list = nullptr, *show = nullptr, *refund = nullptr;
  CommonOptions common;
  std::string state, id, reason;
  std::int64_t limit = 50;
};

OrderCommands::OrderCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.orders = cli.add_subcommand("orders", "Read orders and their payment history");
  add_common_options(*s.orders, s.common);
  s.orders->require_subcommand(1);

  s.list = s.orders->add_subcommand("list", "List orders, newest first");
  s.list->add_option("--state", s.state,
                     "Only orders in this state: created, awaiting_payment, paid, fulfilled, expired, failed, "
                     "refunded, held");
  s.list->add_option("--limit", s.limit, "At most this many (1-1000, default 50)")->check(CLI::Range(1, 1000));
  s.show = s.orders->add_subcommand("show", "Show one order with every state change");
  s.show->add_option("id", s.id, "Order id (ord_...)")->required();
  s.refund = s.orders->add_subcommand(
      "refund", "Give an order's money back through its provider and take the product back (VIP days)");
  s.refund->add_option("id", s.id, "Order id (ord_...)")->required();
  s.refund->add_option("--reason", s.reason, "Why, for the provider and the audit log")->required();
}

OrderCommands::~OrderCommands() = default;

std::optional<int> OrderCommands::run() {
  auto& s = *state_;
  if (!*s.orders) return std::nullopt;

  std::optional<payments::OrderState> state;
  if (!s.state.empty()) {
    state = payments::order_state_from(s.state);
    if (!state) return cli_fail("unknown state: " + s.state);
  }
  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  payments::OrderRepository repository(*opened);

  if (*s.list) {
    cli_out(fmt::format(fmt::runtime(kOrderListFormat), "id", "state", "method", "amount", "", "product",
                        "created (GMT+8)", "steam id"));
    for (const auto& order : repository.list_all(state, s.limit)) print_row(order);
    return 0;
  }
  if (*s.refund) return refund(config, *opened, s.id, s.reason);
  const auto order = repository.find(s.id);
  if (!order) return cli_fail("order not found: " + s.id);
  cli_out(fmt::format(
      "order     {}\nstate     {}\nproduct   {} {} ({} h{})\namount    {} {} by {}\nbuyer     user {} "
      "steam {}\ncreated   {}\nwindow to {}\npaid      {}\nfulfilled {}\nrefunded  {}\nprovider  {} {}\n",
      order->id, payments::to_string(order->state), order->product_type, order->product_id, order->duration_hours,
      order->relocatable ? ", relocatable" : "", payments::format_minor(order->amount.minor), order->amount.currency,
      payments::to_string(order->method), order->user_id, order->steam_id, gmt8(order->created_at),
      gmt8(order->expires_at), gmt8(order->paid_at.value_or(0)), gmt8(order->fulfilled_at.value_or(0)),
      gmt8(order->refunded_at.value_or(0)), order->provider_ref, order->capture_ref));
  cli_out("history\n");
  for (const auto& event : repository.events(order->id)) {
    cli_out(fmt::format("  {}  {:<16} -> {:<16} {:<24} {}\n", gmt8(event.at),
                        event.from ? std::string(payments::to_string(*event.from)) : std::string("-"),
                        payments::to_string(event.to), event.actor, event.detail));
  }
  return 0;
}

}  // namespace portal::app
