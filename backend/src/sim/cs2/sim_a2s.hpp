#pragma once
// How a simulated server answers one A2S datagram: pure logic, the sockets are in sim_server.cpp.

#include "sim/cs2/sim_state.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim {

class SimA2sResponder {
 public:
  explicit SimA2sResponder(std::uint64_t secret) : secret_(secret) {}

  // The datagrams to send back (none for garbage, or when offline). Challenges are per client
  // address like on Source servers: `client_key` identifies the sender's ip and port.
  std::vector<std::string> answer(const SimState& state, std::string_view datagram, std::uint64_t client_key,
                                  std::uint16_t game_port);

  // Steam's datagrams carry at most ~1400 bytes; larger replies go out as split fragments.
  static constexpr std::size_t kSplitAbove = 1200;

 private:
  std::uint64_t secret_;
  std::int32_t next_split_id_ = 1;
};

}  // namespace portal::sim
