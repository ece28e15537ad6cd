#include "integrations/a2s/a2s_server_packets.hpp"

#include "integrations/a2s/a2s_packets.hpp"
#include "integrations/a2s/byte_io.hpp"

#include <algorithm>

namespace portal::a2s {
namespace {

constexpr std::uint16_t kSplitSizeField = 1248;

Challenge to_challenge(std::string_view raw) {
  Challenge challenge{};
  for (std::size_t i = 0; i < challenge.size(); ++i) challenge[i] = static_cast<std::uint8_t>(raw[i]);
  return challenge;
}

void put_header(ByteWriter& out, char type) {
  out.i32(kSinglePacket);
  out.u8(static_cast<std::uint8_t>(type));
}

std::uint8_t clamp_byte(int value) { return static_cast<std::uint8_t>(std::clamp(value, 0, 255)); }

}  // namespace

std::optional<Request> parse_request(std::string_view datagram) {
  ByteReader in(datagram);
  if (in.i32() != kSinglePacket) return std::nullopt;
  Request request;
  request.type = static_cast<char>(in.u8());
  if (!in.ok()) return std::nullopt;
  if (request.type == kInfoRequest) {
    if (in.bytes(kInfoPayload.size()) != kInfoPayload || !in.ok()) return std::nullopt;
    if (in.remaining() >= 4) request.challenge = to_challenge(in.bytes(4));
    return request;
  }
  if (request.type == kPlayerRequest) {
    const auto raw = in.bytes(4);
    if (!in.ok()) return std::nullopt;
    if (raw != std::string_view("\xFF\xFF\xFF\xFF", 4)) request.challenge = to_challenge(raw);
    return request;
  }
  return std::nullopt;
}

std::string encode_challenge_reply(const Challenge& challenge) {
  ByteWriter out;
  put_header(out, kChallengeReply);
  for (auto byte : challenge) out.u8(byte);
  return out.take();
}

std::string encode_info_reply(const Info& info) {
  ByteWriter out;
  put_header(out, kInfoReply);
  out.u8(clamp_byte(info.protocol));
  out.cstring(info.name);
  out.cstring(info.map);
  out.cstring(info.folder);
  out.cstring(info.game);
  out.u16(info.app_id);
  out.u8(clamp_byte(info.players));
  out.u8(clamp_byte(info.max_players));
  out.u8(clamp_byte(info.bots));
  out.u8(static_cast<std::uint8_t>(info.server_type));
  out.u8(static_cast<std::uint8_t>(info.environment));
  out.u8(info.password ? 1 : 0);
  out.u8(info.vac ? 1 : 0);
  out.cstring(info.version);

  std::uint8_t edf = 0;
  if (info.game_port != 0) edf |= 0x80;
  if (info.steam_id != 0) edf |= 0x10;
  if (info.tv_port != 0) edf |= 0x40;
  if (!info.keywords.empty()) edf |= 0x20;
  if (info.game_id != 0) edf |= 0x01;
  if (edf == 0) return out.take();
  out.u8(edf);
  if (edf & 0x80) out.u16(info.game_port);
  if (edf & 0x10) out.u64(info.steam_id);
  if (edf & 0x40) {
    out.u16(info.tv_port);
    out.cstring(info.tv_name);
  }
  if (edf & 0x20) out.cstring(info.keywords);
  if (edf & 0x01) out.u64(info.game_id);
  return out.take();
}

std::string encode_player_reply(const std::vector<Player>& players) {
  ByteWriter out;
  put_header(out, kPlayerReply);
  const auto count = std::min<std::size_t>(players.size(), 255);
  out.u8(static_cast<std::uint8_t>(count));
  for (std::size_t i = 0; i < count; ++i) {
    out.u8(0);
    out.cstring(players[i].name);
    out.i32(players[i].score);
    out.f32(players[i].duration_s);
  }
  return out.take();
}

std::vector<std::string> split_reply(const std::string& message, std::int32_t id, std::size_t max_payload) {
  if (message.size() <= max_payload) return {message};
  max_payload = std::max<std::size_t>(max_payload, 1);
  const std::size_t total = (message.size() + max_payload - 1) / max_payload;
  if (total > 255) return {};
  std::vector<std::string> fragments;
  fragments.reserve(total);
  for (std::size_t number = 0; number < total; ++number) {
    ByteWriter out;
    out.i32(kSplitPacket);
    out.i32(id & 0x7FFFFFFF);  // bit 31 would announce bzip2
    out.u8(static_cast<std::uint8_t>(total));
    out.u8(static_cast<std::uint8_t>(number));
    out.u16(kSplitSizeField);
    out.bytes(std::string_view(message).substr(number * max_payload, max_payload));
    fragments.push_back(out.take());
  }
  return fragments;
}

}  // namespace portal::a2s
