#pragma once
// The operator console's community servers (docs/console.md "Community servers"): the list with
// every setting but the RCON password and the key, add, edit, remove, enable or disable, issue and
// revoke a plugin key, and an RCON command. Access::op; every change is audited by the repository with
// the actor op:<steamId>, an RCON command with its text (never the password) before it is sent.

#include "core/result.hpp"
#include "features/servers/service.hpp"
#include "http/route.hpp"

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace portal::servers {

inline constexpr std::size_t kMaxRconCommandBytes = 512;
inline constexpr std::string_view kRconRateLimit = "console_rcon";

// Sends one RCON command to host:port with the password and answers the server's output; errors are
// RCON_UNAVAILABLE (the wiring owns the RCON client).
using RconSend = std::function<core::Result<std::string>(const std::string& host, int port, const std::string& password,
                                                         const std::string& command)>;

// Takes one RCON command from the operator's own budget (every instance spends from the same one):
// nullopt when taken, otherwise how long until it is whole again. Empty: no budget per operator.
using OperatorBudget = std::function<std::optional<std::chrono::seconds>(const std::string& actor)>;

struct ConsoleRoutesDeps {
  Service& service;
  RconSend rcon;
  OperatorBudget rcon_budget;
};

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps);

}  // namespace portal::servers
