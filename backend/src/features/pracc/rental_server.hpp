#pragma once
// A rented practice server as the portal keeps it (migrations/*/0011_rentals.sql): who owns it, what
// the buyer chose, where its cloud instance is and which part of its life it is in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::pracc {

// The portal's lifecycle of a server. The cloud's own state (Tencent's names) is kept beside it.
enum class Phase {
  creating,  // paid; the instance is being launched or is booting
  running,
  restarting,   // a reboot was asked for; back to running when the cloud says RUNNING after the lock
  updating,     // a reboot that updates the game (the bootstrap updates CS2 at every start)
  verifying,    // a reboot that verifies the game files (about 15 minutes)
  switching,    // the new record of a region switch: its instance is launching in the target region
  expired,      // past its expiry: the instance is stopped and kept for the grace period
  starting,     // renewed during the grace period: the instance is starting again
  terminating,  // past the grace period, or a launch that never succeeded: the instance is going
  terminated,
  failed,     // could not be launched after every attempt: the order was refunded
  relocated,  // the old record of a region switch (hidden from the web)
};
std::string_view to_string(Phase phase);
std::optional<Phase> phase_from(std::string_view text);

enum class RentalTier { basic, premium };  // premium: better CPU and relocatable
std::string_view to_string(RentalTier tier);
std::optional<RentalTier> tier_from(std::string_view text);

struct ServerAdmin {
  std::string steam_id;
  std::string note;  // at most 20 characters
  bool operator==(const ServerAdmin&) const = default;
};

struct RentalServer {
  std::string id;  // "srv_" + 16 base32 characters: the web's instance_id
  std::int64_t owner_user_id = 0;
  std::string owner_steam_id;
  std::string name;
  std::string join_password;
  std::string rcon_password;
  std::string region;
  RentalTier tier = RentalTier::basic;
  Phase phase = Phase::creating;
  std::string cloud_instance_id;  // empty until launched
  std::string cloud_state;        // last seen, e.g. "RUNNING"; empty before the first sync
  std::string public_ip;
  int game_port = 27015;
  std::string order_id;        // the order that created it; empty for the new record of a switch
  std::string relocated_from;  // the previous record of a region switch
  int launch_attempts = 0;
  std::int64_t next_launch_at = 0;
  // The ClientToken of a launch the cloud never answered: sent again as it was, so a machine made
  // meanwhile is answered, not made twice. Empty otherwise.
  std::string launch_token;
  bool maintenance = false;
  std::string maintenance_text;
  std::int64_t busy_until = 0;
  std::int64_t phase_since = 0;
  std::int64_t expires_at = 0;
  std::string reminded;  // reminders sent for this expires_at, e.g. "24h,1h"
  std::int64_t created_at = 0;
  std::vector<ServerAdmin> admins;  // in the owner's order

  bool relocatable() const { return tier == RentalTier::premium; }
};

std::string new_server_id();

}  // namespace portal::pracc
