#pragma once
// Source RCON wire format (reference/protocols.md section 2.1): framing only, no sockets, so the
// client and the simulated CS2 server's RCON responder share one codec.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace portal::rcon {

// exec_command and auth_response share the value 2: the direction tells them apart.
enum class PacketType : std::int32_t { response_value = 0, exec_command = 2, auth_response = 2, auth = 3 };

// `type` stays a plain int so a packet with a type we do not know (Rust's stray 4) still decodes.
struct Packet {
  std::int32_t id = 0;
  std::int32_t type = 0;
  std::string body;
};

// The smallest legal size field: id + type + two NUL terminators around an empty body.
inline constexpr std::int32_t kMinSizeField = 10;

inline Packet make_packet(std::int32_t id, PacketType type, std::string body = {}) {
  return Packet{id, static_cast<std::int32_t>(type), std::move(body)};
}

// Size field, id, type, body, NUL, NUL; every integer little endian.
std::string encode(const Packet& packet);

// Feed bytes as they arrive (TCP may split or merge packets); yields whole packets in order.
class FrameDecoder {
 public:
  // The wiki's 4096 limit does not hold for CS2, which sends large answers as one packet.
  explicit FrameDecoder(std::size_t max_packet = 1 << 20);

  void feed(std::string_view bytes);
  // nullopt when no whole packet is buffered (or the stream failed).
  std::optional<Packet> next();
  // A size field < 10 or > max_packet was seen: framing is lost, the connection must be dropped.
  bool failed() const { return failed_; }
  // Bytes of an incomplete packet are waiting: the sender is mid-packet.
  bool has_partial() const { return pos_ < buffer_.size(); }

 private:
  std::size_t max_packet_;
  std::string buffer_;
  std::size_t pos_ = 0;  // start of the first undecoded byte; compacted lazily to avoid O(n^2) erases
  bool failed_ = false;
};

}  // namespace portal::rcon
