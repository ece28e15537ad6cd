#include "integrations/rcon/rcon_packet.hpp"

namespace portal::rcon {

namespace {

void put_i32(std::string& out, std::int32_t value) {
  const auto bits = static_cast<std::uint32_t>(value);
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<char>((bits >> shift) & 0xFFu));
}

std::int32_t get_i32(std::string_view bytes) {
  std::uint32_t bits = 0;
  for (int i = 3; i >= 0; --i) bits = (bits << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  return static_cast<std::int32_t>(bits);
}

}  // namespace

std::string encode(const Packet& packet) {
  std::string out;
  out.reserve(packet.body.size() + 14);
  put_i32(out, static_cast<std::int32_t>(packet.body.size() + kMinSizeField));
  put_i32(out, packet.id);
  put_i32(out, packet.type);
  out += packet.body;
  out.push_back('\0');
  out.push_back('\0');
  return out;
}

FrameDecoder::FrameDecoder(std::size_t max_packet) : max_packet_(max_packet) {}

void FrameDecoder::feed(std::string_view bytes) {
  if (failed_) return;
  // Drop consumed bytes only when they are at least half the buffer, so compaction stays linear.
  if (pos_ > 0 && pos_ * 2 >= buffer_.size()) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  buffer_.append(bytes);
}

std::optional<Packet> FrameDecoder::next() {
  if (failed_) return std::nullopt;
  const std::string_view pending = std::string_view(buffer_).substr(pos_);
  if (pending.size() < 4) return std::nullopt;
  const std::int32_t size = get_i32(pending);
  if (size < kMinSizeField || static_cast<std::size_t>(size) > max_packet_) {
    failed_ = true;
    buffer_.clear();
    pos_ = 0;
    return std::nullopt;
  }
  const auto total = static_cast<std::size_t>(size) + 4;
  if (pending.size() < total) return std::nullopt;
  Packet packet;
  packet.id = get_i32(pending.substr(4));
  packet.type = get_i32(pending.substr(8));
  // The last two bytes are the body's NUL and the empty second string; keep the body exactly as sent
  // otherwise, so encode/decode round-trips.
  packet.body.assign(pending.substr(12, static_cast<std::size_t>(size) - kMinSizeField));
  pos_ += total;
  if (pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  }
  return packet;
}

}  // namespace portal::rcon
