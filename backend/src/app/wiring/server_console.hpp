#pragma once
// What the console's community-server calls need from outside the servers feature: an RCON sender
// (a fresh connection per command, so an operator's console never shares a session with the
// refresher) and the rate limit of those commands.

#include "app/module.hpp"
#include "features/servers/console_routes.hpp"

namespace portal::app {

servers::RconSend console_rcon_sender();
RateLimitPolicies console_rcon_rate_limit_policies();

}  // namespace portal::app
