#pragma once
// What one simulated CS2 server is and how it behaves; plus the demo line-up the portal seeds from.

#include <chrono>
#include <string>
#include <vector>

namespace portal::sim {

struct SimServerSpec {
  std::string name;
  std::string map;
  int max_players = 10;            // 1..255 (A2S carries a byte); bots take slots too
  int initial_players = 0;         // humans at start; churn drifts around this number
  bool require_challenge = false;  // A2S_INFO answered only with a challenge (A2S_PLAYER always needs one)
  bool offline = false;            // answers nothing, like a machine that is down
  bool names_in_a2s = false;       // stock CS2 sends empty names and score 0 in A2S_PLAYER
  std::string rcon_password;       // empty: RCON port refuses connections
  double churn = 0;                // joins + leaves per minute of simulated time

  int bots = 0;                          // bot_quota in fill mode: bots = max(0, bots - humans)
  std::vector<std::string> map_pool;     // rotation; empty keeps `map` forever
  std::chrono::seconds map_period{300};  // simulated time per map
  std::string join_password;             // sv_password; non-empty sets the A2S password flag
  std::vector<std::string> admins;       // SteamID64s with admin rights at start (css_addadmin adds more)

  // Suggestions for seeding the portal's server list; the sim itself ignores them.
  std::string category;  // one of the portal's ten modes, e.g. "competitive", "no-awp dm", "vip sub"
  std::string region;    // e.g. "ap-shanghai"
  int ontop = 0;         // > 0 pins the row
  int star = 0;
};

// About a dozen servers covering every mode, with Chinese and English names, some full, some
// empty, one offline and one requiring an A2S challenge; most have RCON passwords.
std::vector<SimServerSpec> demo_specs();

}  // namespace portal::sim
