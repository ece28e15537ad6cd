// RCON bytes from a game server: packets split anywhere (the first byte chooses the cut), and the text
// of a `status` answer.
#include "integrations/rcon/rcon_packet.hpp"
#include "integrations/rcon/status_parser.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t cut = bytes.empty() ? 0 : data[0] % (bytes.size() + 1);
  portal::rcon::FrameDecoder decoder(1 << 16);
  decoder.feed(bytes.substr(0, cut));
  while (decoder.next()) {
  }
  decoder.feed(bytes.substr(cut));
  while (auto packet = decoder.next()) {
    if (portal::rcon::encode(*packet).size() < 14) __builtin_trap();  // a decoded packet encodes whole
  }
  (void)portal::rcon::parse_status(bytes);
  return 0;
}
