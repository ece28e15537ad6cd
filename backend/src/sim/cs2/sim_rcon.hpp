#pragma once
// The simulated server's RCON console: the auth handshake, and the few commands the portal uses
// (status, sv_password, hostname, changelevel/map, say, and the admin plugin's css_addadmin,
// css_deladmin, css_admins_reload, css_admins, css_portal_admins). Pure logic over the shared RCON codec.

#include "integrations/rcon/rcon_packet.hpp"
#include "sim/cs2/sim_state.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim {

// CS2-style `status` text for the state; the game port goes into the "Server:" line.
std::string status_text(const SimSnapshot& state, std::uint16_t game_port);

// Runs one console line against the state and returns what the console prints.
std::string exec_command(SimState& state, std::string_view line, std::uint16_t game_port);

// One TCP connection's view of the console.
class SimRconSession {
 public:
  SimRconSession(SimState& state, std::string password, std::uint16_t game_port)
      : state_(state), password_(std::move(password)), game_port_(game_port) {}

  struct Reply {
    std::vector<rcon::Packet> packets;
    bool close = false;  // srcds drops a connection that runs commands before authenticating
  };
  Reply on_packet(const rcon::Packet& packet);

 private:
  SimState& state_;
  std::string password_;
  std::uint16_t game_port_;
  bool authenticated_ = false;
};

}  // namespace portal::sim
