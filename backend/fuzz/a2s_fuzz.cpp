// A2S answers from any UDP peer: the frame header, split fragments, the challenge, info and players.
#include "integrations/a2s/a2s_packets.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  using namespace portal::a2s;
  (void)frame_header(bytes);
  (void)parse_split(bytes);
  (void)message_type(bytes);
  (void)decode_challenge(bytes);
  (void)decode_info(bytes);
  (void)decode_players(bytes);
  return 0;
}
