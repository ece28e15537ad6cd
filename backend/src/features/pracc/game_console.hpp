#pragma once
// Commands to a rented server's game console (RCON in production, the simulated server's RCON in
// demo and tests): how a password or admin change reaches a server that is running.

#include "core/result.hpp"
#include "features/pracc/rental_server.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace portal::pracc {

class GameConsole {
 public:
  virtual ~GameConsole() = default;
  // The server's answer; an unavailable error when it cannot be reached or refuses the password.
  virtual core::Result<std::string> run(const RentalServer& server, const std::string& command) = 0;
};

// The console commands the portal sends (the bootstrap's plugins answer them).
std::string password_command(const std::string& password);           // sv_password <password>
std::string admins_command(const std::vector<ServerAdmin>& admins);  // css_portal_admins <id,id,...>
std::string warning_command(const std::string& text);                // say <text>

// The portal plugin's answer to admins_command: "Portal admins set: <n>" with n the list's length.
// Anything else (the plugin not loaded: "Unknown command", a usage line, another count) means the
// list did not reach the server: an unavailable error naming what the server said.
core::Status check_admins_reply(std::string_view reply, std::size_t admins);

}  // namespace portal::pracc
