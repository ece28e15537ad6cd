#pragma once
// The server side of the A2S wire format: parsing requests and encoding replies, split when large.
// Used by the simulated servers (sim/) and by the codec's round-trip tests.

#include "integrations/a2s/a2s_types.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::a2s {

struct Request {
  char type = 0;                       // kInfoRequest or kPlayerRequest
  std::optional<Challenge> challenge;  // absent: none sent (INFO) or -1 (PLAYER)
};
// nullopt for anything that is not a well-formed INFO or PLAYER request.
std::optional<Request> parse_request(std::string_view datagram);

std::string encode_challenge_reply(const Challenge& challenge);
// Writes EDF fields for the non-zero/non-empty values of game_port, steam_id, tv_port, keywords, game_id.
std::string encode_info_reply(const Info& info);
// At most 255 entries go on the wire (the count is one byte).
std::string encode_player_reply(const std::vector<Player>& players);

// One datagram when the message fits in max_payload, else Source split fragments of at most
// max_payload message bytes each (plus the 12-byte fragment header). Empty when it would need more
// than 255 fragments.
std::vector<std::string> split_reply(const std::string& message, std::int32_t id, std::size_t max_payload = 1248);

}  // namespace portal::a2s
