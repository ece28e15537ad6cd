#include "app/wiring/rental_console.hpp"

#include "integrations/rcon/rcon_client.hpp"
#include "integrations/rcon/rcon_error.hpp"

namespace portal::app {

core::Result<std::string> RconGameConsole::run(const pracc::RentalServer& server, const std::string& command) {
  if (server.public_ip.empty()) {
    return core::Error::make(core::ErrorKind::unavailable, "CONSOLE_UNAVAILABLE", "the server has no address yet");
  }
  try {
    rcon::Client client(server.public_ip, static_cast<std::uint16_t>(server.game_port), server.rcon_password);
    return client.exec(command);
  } catch (const rcon::RconError& error) {
    return core::Error::make(core::ErrorKind::unavailable, "CONSOLE_UNAVAILABLE", error.what());
  }
}

}  // namespace portal::app
