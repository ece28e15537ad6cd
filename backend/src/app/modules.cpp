// The inventory of the product: one line a module. A module further down may be handed a port of one
// above it (the servers' key lookup, the accounts' memberships); nothing else ties them together.

#include "app/modules.hpp"

#include "app/wiring/accounts.hpp"
#include "app/wiring/callers.hpp"
#include "app/wiring/console.hpp"
#include "app/wiring/content.hpp"
#include "app/wiring/faq.hpp"
#include "app/wiring/inventory.hpp"
#include "app/wiring/leaderboards.hpp"
#include "app/wiring/live_servers.hpp"
#include "app/wiring/payments.hpp"
#include "app/wiring/rental_operator.hpp"
#include "app/wiring/rentals.hpp"
#include "app/wiring/vip.hpp"

namespace portal::app {

namespace {

template <typename M, typename... Args>
M& add(Modules& modules, Args&&... args) {
  auto module = std::make_unique<M>(std::forward<Args>(args)...);
  M& ref = *module;
  modules.list.push_back(std::move(module));
  return ref;
}

}  // namespace

void build_modules(Modules& m, const Config& config, db::Database& database) {
  auto& content = add<Content>(m, config, database, m.list);  // /api/config, announcement, command list
  auto& servers = add<LiveServers>(m, config, database, content.announcements());  // the live server browser
  auto& accounts = add<Accounts>(m, config, database, servers.service());          // Steam and e-mail sign-in
  add<Leaderboards>(m, config, database, accounts.memberships(), servers.service());
  add<Vip>(m, config, database, accounts.memberships(), servers.service());
  auto& payments = add<Payments>(m, config, database, accounts.memberships());  // prices, orders, notifications
  Rentals* rentals = nullptr;
  if (config.features.pracc_enabled)
    rentals = &add<Rentals>(m, config, database, payments, accounts.users(),
                            accounts.mail_queue());  // practice-server rental
  add<Faq>(m, config, database);
  add<Inventory>(m, config, accounts);
  add<Console>(m, config, database, servers.service());                         // console: people, audit log, dashboard
  if (config.features.pracc_enabled) add<RentalOperator>(m, config, database);  // console: rentals, regions
  RentalKeyHolder rental_keys;
  if (rentals) rental_keys = [&plugin = rentals->plugin()](std::string_view key) { return plugin.key_holder(key); };
  m.callers = std::make_unique<Callers>(accounts.authenticator(), servers.service(), std::move(rental_keys));
}

}  // namespace portal::app
