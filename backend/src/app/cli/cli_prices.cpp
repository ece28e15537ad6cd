#include "app/cli/cli_prices.hpp"

#include "app/cli/cli_output.hpp"
#include "app/cli/prologue.hpp"
#include "core/clock.hpp"
#include "features/payments/price_service.hpp"
#include "features/payments/pricing_rules.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace portal::app {

namespace {

constexpr const char* kFormat = "{:<16} {:>8}  {:<11} {:<8} {:>10}\n";

void print_price_header() {
  cli_out(fmt::format(fmt::runtime(kFormat), "product", "hours", "relocatable", "currency", "amount"));
}

void print_row(const payments::Price& price) {
  cli_out(fmt::format(fmt::runtime(kFormat), price.key.product_type, price.key.duration_hours,
                      price.key.relocatable ? "yes" : "no", price.key.currency,
                      payments::format_minor(price.amount_minor)));
}

struct KeyOptions {
  std::string product_type;
  std::int64_t hours = 0;
  bool relocatable = false;
  std::string currency;
};

void add_key_options(CLI::App* command, KeyOptions& key) {
  command->add_option("product", key.product_type, "Product type: vip or server_rental")->required();
  command->add_option("--hours", key.hours, "Duration in hours: 4, 8, 72, 168, 720, 2160 or 8760")->required();
  command->add_flag("--relocatable", key.relocatable, "Rental that may move between regions (premium)");
  command->add_option("--currency", key.currency, "CNY or USD")->required();
}

payments::PriceKey key_of(const KeyOptions& o) {
  return payments::PriceKey{
      .product_type = o.product_type, .duration_hours = o.hours, .relocatable = o.relocatable, .currency = o.currency};
}

}  // namespace

struct PriceCommands::State {
  CLI::App *prices = nullptr, *list = nullptr, *set = nullptr, *remove = nullptr;
  CommonOptions common;
  std::string list_product, list_currency, amount;
  KeyOptions set_key, remove_key;
};

PriceCommands::PriceCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.prices = cli.add_subcommand("prices", "Manage the price table (what VIP and rentals cost)");
  add_common_options(*s.prices, s.common);
  s.prices->require_subcommand(1);

  s.list = s.prices->add_subcommand("list", "List prices, optionally of one product and currency");
  s.list->add_option("--product", s.list_product, "Only this product type");
  s.list->add_option("--currency", s.list_currency, "Only this currency");
  s.set = s.prices->add_subcommand("set", "Set (add or change) one price");
  add_key_options(s.set, s.set_key);
  s.set->add_option("--amount", s.amount, "Amount in major units with at most 2 decimals, e.g. 29.90")->required();
  s.remove = s.prices->add_subcommand("remove", "Remove one price (it can no longer be ordered)");
  add_key_options(s.remove, s.remove_key);
}

PriceCommands::~PriceCommands() = default;

std::optional<int> PriceCommands::run() {
  auto& s = *state_;
  if (!*s.prices) return std::nullopt;

  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  payments::PriceRepository repository(*opened);
  payments::PriceService service(repository, core::system_unix_now);

  if (*s.list) {
    print_price_header();
    for (const auto& price : service.list(s.list_product, s.list_currency)) print_row(price);
    return 0;
  }
  if (*s.set) {
    auto set = service.set(key_of(s.set_key), s.amount, kCliActor);
    if (!set) return cli_fail(set.error());
    cli_out("price set\n");
    print_price_header();
    print_row(*set);
    return 0;
  }
  if (auto removed = service.remove(key_of(s.remove_key), kCliActor); !removed) return cli_fail(removed.error());
  cli_out("price removed\n");
  return 0;
}

}  // namespace portal::app
