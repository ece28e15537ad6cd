#pragma once
// What the console's community-server calls need from outside the servers feature: an RCON sender
// (a fresh connection per command, so an operator's console never shares a session with the
// refresher) and the rate limits of those commands, per address and per operator.

#include "app/module.hpp"
#include "db/budgets.hpp"
#include "features/servers/console_routes.hpp"

namespace portal::app {

servers::RconSend console_rcon_sender();
RateLimitPolicies console_rcon_rate_limit_policies();
// The same 30 commands a minute for each operator, kept in the database (every instance shares it).
servers::OperatorBudget console_rcon_operator_budget(db::Budgets& budgets);

}  // namespace portal::app
