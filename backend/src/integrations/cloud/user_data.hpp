#pragma once
// The instance's bootstrap: deploy/cloud/cs2-bootstrap.sh (versioned in the repo) with the portal's
// settings for one server rendered into its settings block. Tencent runs it as cloud-init user data
// at first boot. The local cloud stand-in reads the same block back to run a simulated server with
// the same name, passwords, port and admins, so render and parse live side by side.
//
// The settings block, one shell assignment per line, values single-quoted ('\'' for a quote):
//   # --- portal settings ---
//   PORTAL_SERVER_REF='srv_...'
//   PORTAL_SERVER_NAME='...'
//   ...
//   # --- end portal settings ---

#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace portal::cloud {

struct ServerBootstrap {
  std::string server_ref;     // the portal's server id
  std::string server_name;    // hostname shown in the game's server browser
  std::string join_password;  // sv_password
  std::string rcon_password;  // rcon_password: the portal applies changes through RCON
  int game_port = 27015;      // UDP game + A2S, TCP RCON
  int max_players = 16;
  std::vector<std::string> admins;  // SteamID64s given admin rights by the plugins
  std::string portal_url;           // where the plugins report (status, stats)
  std::string portal_key;           // the server's plugin key (status and stats scopes only)
  std::string demo_bucket;          // COS bucket the server uploads demos to
  std::string demo_region;          // the bucket's region
  std::string demo_prefix;          // "demos/srv_.../"
};

// The version of deploy/cloud/cs2-bootstrap.sh compiled in (its BOOTSTRAP_VERSION line).
std::string_view bootstrap_version();

// The script with the block filled in. Values are checked first: INVALID_BOOTSTRAP (invalid) when a
// value holds a newline or NUL, or a port or player count is out of range.
core::Result<std::string> render_user_data(const ServerBootstrap& settings);
// The settings back from a rendered script: INVALID_BOOTSTRAP when the block is missing or malformed.
core::Result<ServerBootstrap> parse_user_data(std::string_view script);

}  // namespace portal::cloud
