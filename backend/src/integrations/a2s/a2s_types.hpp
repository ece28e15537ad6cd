#pragma once
// What an A2S server says about itself, shared by the codec, the prober and the simulated servers.

#include <array>
#include <cstdint>
#include <string>

namespace portal::a2s {

// Opaque bytes copied back verbatim (protocols.md 1.3).
using Challenge = std::array<std::uint8_t, 4>;

struct Info {
  std::string name, map, folder, game, version;
  int players = 0, max_players = 0, bots = 0;
  bool password = false;
  std::uint16_t app_id = 0;
  // Less used fields of the Source 'I' layout, including the extra data flag (EDF) section.
  int protocol = 0;
  char server_type = 0;  // 'd' dedicated, 'l' listen, 'p' SourceTV relay
  char environment = 0;  // 'l', 'w', 'm' or 'o'
  bool vac = false;
  std::uint16_t game_port = 0;  // 0 when the EDF has no port
  std::uint64_t steam_id = 0;
  std::uint16_t tv_port = 0;
  std::string tv_name;
  std::string keywords;
  std::uint64_t game_id = 0;
};

struct Player {
  std::string name;
  std::int32_t score = 0;
  float duration_s = 0;
};

}  // namespace portal::a2s
