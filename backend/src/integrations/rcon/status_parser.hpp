#pragma once
// Reads the players table of CS2's `status` console output. Stock CS2 sends empty names in
// A2S_PLAYER, so this table is where the portal gets player names from (DESIGN.md section 5).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::rcon {

struct StatusPlayer {
  std::string name;              // as the server printed it (UTF-8 bytes untouched)
  std::int64_t connected_s = 0;  // 0 for bots, which print "BOT" instead of a time
  int ping = 0;
  bool bot = false;
  std::string state;  // "active", "spawning", "connected", "challenging" ...
};

// Rows between "---------players--------" and "#end". Header, [NoChan] pseudo-rows (id 65535) and
// any line that is not a well-formed row are skipped; garbage input yields an empty list.
std::vector<StatusPlayer> parse_status(std::string_view text);

}  // namespace portal::rcon
