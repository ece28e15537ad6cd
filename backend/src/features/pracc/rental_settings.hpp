#pragma once
// The rental's knobs ([pracc] in portal.toml), as the services need them.

#include <cstdint>
#include <string>
#include <vector>

namespace portal::pracc {

struct RentalSettings {
  std::vector<std::string> regions;        // offered region codes, in the web's order
  std::int64_t grace_seconds = 7 * 86400;  // an expired server is kept (stopped) this long
  int max_servers_per_user = 5;            // active servers one account may own
  int max_servers_per_region = 200;        // active servers in one region
  int game_port = 27015;
  int max_players = 16;
  std::int64_t demo_link_seconds = 600;    // life of a pre-signed demo download link
  int launch_attempts = 3;                 // then the order is refunded
  std::int64_t launch_retry_seconds = 60;  // between attempts
  std::int64_t region_cache_seconds = 60;  // the cloud's sale status is asked at most this often
  std::string portal_url;                  // where the servers' plugins report
  std::string demo_bucket;
  std::string demo_region;
};

inline std::string demo_prefix(const std::string& server_id) { return "demos/" + server_id + "/"; }

}  // namespace portal::pracc
