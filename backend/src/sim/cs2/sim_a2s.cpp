#include "sim/cs2/sim_a2s.hpp"

#include "integrations/a2s/a2s_packets.hpp"
#include "integrations/a2s/a2s_server_packets.hpp"

namespace portal::sim {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

a2s::Challenge challenge_for(std::uint64_t secret, std::uint64_t client_key) {
  const auto value = mix(secret ^ mix(client_key));
  a2s::Challenge challenge{};
  for (std::size_t i = 0; i < challenge.size(); ++i) challenge[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return challenge;
}

}  // namespace

std::vector<std::string> SimA2sResponder::answer(const SimState& state, std::string_view datagram,
                                                 std::uint64_t client_key, std::uint16_t game_port) {
  if (state.offline()) return {};
  const auto request = a2s::parse_request(datagram);
  if (!request) return {};
  const auto expected = challenge_for(secret_, client_key);
  const bool challenged = request->challenge == expected;

  if (request->type == a2s::kInfoRequest) {
    if (state.spec().require_challenge && !challenged) return {a2s::encode_challenge_reply(expected)};
    return {a2s::encode_info_reply(state.info(game_port))};
  }
  // A2S_PLAYER has always needed a challenge on Source servers.
  if (!challenged) return {a2s::encode_challenge_reply(expected)};
  const auto message = a2s::encode_player_reply(state.a2s_players());
  const auto id = next_split_id_;
  next_split_id_ = next_split_id_ == 0x7FFFFFFF ? 1 : next_split_id_ + 1;
  return a2s::split_reply(message, id, kSplitAbove);
}

}  // namespace portal::sim
