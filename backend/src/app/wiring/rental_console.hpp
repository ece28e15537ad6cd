#pragma once
// A rented server's console over Source RCON (integrations/rcon): one connection per command, since
// commands are rare (a password or admin change, a warning) and servers come and go.

#include "features/pracc/game_console.hpp"

namespace portal::app {

class RconGameConsole final : public pracc::GameConsole {
 public:
  core::Result<std::string> run(const pracc::RentalServer& server, const std::string& command) override;
};

}  // namespace portal::app
