#include "integrations/a2s/a2s_packets.hpp"

#include "integrations/a2s/byte_io.hpp"

namespace portal::a2s {
namespace {

void put_challenge(ByteWriter& out, const std::optional<Challenge>& challenge) {
  if (!challenge) return;
  for (auto byte : *challenge) out.u8(byte);
}

// A reader positioned after FF FF FF FF <type>; a failed one when the message is of another type.
ByteReader open_message(std::string_view message, char type) {
  ByteReader in(message);
  if (in.i32() != kSinglePacket || static_cast<char>(in.u8()) != type) in.fail();
  return in;
}

}  // namespace

std::string encode_info_request(const std::optional<Challenge>& challenge) {
  ByteWriter out;
  out.i32(kSinglePacket);
  out.u8(static_cast<std::uint8_t>(kInfoRequest));
  out.bytes(kInfoPayload);
  put_challenge(out, challenge);
  return out.take();
}

std::string encode_player_request(const std::optional<Challenge>& challenge) {
  ByteWriter out;
  out.i32(kSinglePacket);
  out.u8(static_cast<std::uint8_t>(kPlayerRequest));
  if (challenge) {
    put_challenge(out, challenge);
  } else {
    out.i32(-1);
  }
  return out.take();
}

std::optional<std::int32_t> frame_header(std::string_view datagram) {
  ByteReader in(datagram);
  const auto header = in.i32();
  if (!in.ok()) return std::nullopt;
  return header;
}

char message_type(std::string_view message) {
  ByteReader in(message);
  if (in.i32() != kSinglePacket) return 0;
  const auto type = static_cast<char>(in.u8());
  return in.ok() ? type : 0;
}

std::optional<Challenge> decode_challenge(std::string_view message) {
  auto in = open_message(message, kChallengeReply);
  const auto raw = in.bytes(4);
  if (!in.ok()) return std::nullopt;
  Challenge challenge{};
  for (std::size_t i = 0; i < challenge.size(); ++i) challenge[i] = static_cast<std::uint8_t>(raw[i]);
  return challenge;
}

std::optional<Info> decode_info(std::string_view message) {
  auto in = open_message(message, kInfoReply);
  if (!in.ok()) return std::nullopt;
  Info info;
  info.protocol = in.u8();
  info.name = in.cstring();
  info.map = in.cstring();
  info.folder = in.cstring();
  info.game = in.cstring();
  info.app_id = in.u16();
  info.players = in.u8();
  info.max_players = in.u8();
  info.bots = in.u8();
  info.server_type = static_cast<char>(in.u8());
  info.environment = static_cast<char>(in.u8());
  info.password = in.u8() != 0;
  info.vac = in.u8() != 0;
  if (info.app_id == 2400) in.bytes(3);  // The Ship: mode, witnesses, duration
  info.version = in.cstring();
  if (!in.ok()) return std::nullopt;
  if (in.remaining() == 0) return info;

  // The extra data flag and its fields, in the order every implementation reads them.
  const auto edf = in.u8();
  if (edf & 0x80) info.game_port = in.u16();
  if (edf & 0x10) info.steam_id = in.u64();
  if (edf & 0x40) {
    info.tv_port = in.u16();
    info.tv_name = in.cstring();
  }
  if (edf & 0x20) info.keywords = in.cstring();
  if (edf & 0x01) info.game_id = in.u64();
  if (!in.ok()) return std::nullopt;
  return info;
}

std::optional<std::vector<Player>> decode_players(std::string_view message) {
  auto in = open_message(message, kPlayerReply);
  const int count = in.u8();
  if (!in.ok()) return std::nullopt;
  std::vector<Player> players;
  players.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    Player player;
    in.u8();  // chunk index, not an id
    player.name = in.cstring();
    player.score = in.i32();
    player.duration_s = in.f32();
    if (!in.ok()) return std::nullopt;
    players.push_back(std::move(player));
  }
  return players;
}

std::optional<SplitFragment> parse_split(std::string_view datagram) {
  ByteReader in(datagram);
  SplitFragment fragment;
  if (in.i32() != kSplitPacket) return std::nullopt;
  const auto raw_id = static_cast<std::uint32_t>(in.i32());
  fragment.total = in.u8();
  fragment.number = in.u8();
  in.u16();  // the sender's maximum packet size; only informative
  if (!in.ok()) return std::nullopt;
  fragment.compressed = (raw_id & 0x80000000u) != 0;
  fragment.id = static_cast<std::int32_t>(raw_id);
  fragment.payload = in.rest();
  if (fragment.total < 1 || fragment.number >= fragment.total) return std::nullopt;
  return fragment;
}

Reassembler::Outcome Reassembler::add(const SplitFragment& fragment) {
  const bool sane = !fragment.compressed && fragment.total >= 1 && fragment.total <= kMaxFragments &&
                    fragment.number >= 0 && fragment.number < fragment.total;
  if (!sane) {
    partial_.erase(fragment.id);
    return {Status::rejected, {}};
  }
  auto found = partial_.find(fragment.id);
  if (found == partial_.end()) {
    if (partial_.size() >= kMaxPending) {
      auto oldest = partial_.begin();
      for (auto it = partial_.begin(); it != partial_.end(); ++it) {
        if (it->second.order < oldest->second.order) oldest = it;
      }
      partial_.erase(oldest);
    }
    found = partial_.emplace(fragment.id, Partial{fragment.total, 0, next_order_++, {}}).first;
  }
  auto& partial = found->second;
  if (partial.total != fragment.total) {
    partial_.erase(found);
    return {Status::rejected, {}};
  }
  if (partial.fragments.count(fragment.number) != 0) return {Status::pending, {}};  // a duplicate
  if (partial.bytes + fragment.payload.size() > kMaxBytes) {
    partial_.erase(found);
    return {Status::rejected, {}};
  }
  partial.bytes += fragment.payload.size();
  partial.fragments.emplace(fragment.number, std::string(fragment.payload));
  if (static_cast<int>(partial.fragments.size()) < partial.total) return {Status::pending, {}};

  Outcome outcome{Status::complete, {}};
  outcome.message.reserve(partial.bytes);
  for (const auto& [number, payload] : partial.fragments) outcome.message += payload;
  partial_.erase(found);
  return outcome;
}

}  // namespace portal::a2s
