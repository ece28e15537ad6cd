#include "app/wiring/server_console.hpp"

#include "core/clock.hpp"
#include "features/servers/errors.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "integrations/rcon/rcon_error.hpp"

#include <chrono>

namespace portal::app {

using namespace std::chrono_literals;

servers::RconSend console_rcon_sender() {
  return [](const std::string& host, int port, const std::string& password,
            const std::string& command) -> core::Result<std::string> {
    try {
      rcon::Client client(host, static_cast<std::uint16_t>(port), password,
                          rcon::ClientOptions{.connect_timeout = 3s, .io_timeout = 3s});
      return client.exec(command);
    } catch (const rcon::RconError& e) {
      if (e.kind() == rcon::ErrorKind::rejected) return core::validation_failed("command", e.what());
      return servers::errors::rcon_unavailable(rcon::to_string(e.kind()));
    }
  };
}

namespace {
constexpr core::RateLimit kRconPerMinute{30, 1min};
}  // namespace

RateLimitPolicies console_rcon_rate_limit_policies() {
  // An operator types commands by hand; a script hammering a game server through the portal is not.
  return {{std::string(servers::kRconRateLimit), kRconPerMinute}};
}

servers::OperatorBudget console_rcon_operator_budget(db::Budgets& budgets) {
  return [&budgets](const std::string& actor) {
    return budgets.take("console-rcon|" + actor, kRconPerMinute, core::system_unix_now());
  };
}

}  // namespace portal::app
