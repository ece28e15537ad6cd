#pragma once
// The client side of the A2S wire format (protocols.md section 1): requests, replies and Source split
// packets. No I/O here. Decoders take a whole message beginning with FF FF FF FF (a single datagram or
// a reassembled split reply) and return nullopt on anything truncated or of another type; bytes after
// the last known field are ignored (other games append fields).

#include "integrations/a2s/a2s_types.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::a2s {

inline constexpr std::int32_t kSinglePacket = -1;
inline constexpr std::int32_t kSplitPacket = -2;
// A2S_INFO's payload, its terminating NUL included.
inline constexpr std::string_view kInfoPayload{"Source Engine Query\0", 20};

inline constexpr char kInfoRequest = 'T';
inline constexpr char kPlayerRequest = 'U';
inline constexpr char kInfoReply = 'I';
inline constexpr char kPlayerReply = 'D';
inline constexpr char kChallengeReply = 'A';

std::string encode_info_request(const std::optional<Challenge>& challenge = std::nullopt);
// Without a challenge the request carries -1, which asks the server for one.
std::string encode_player_request(const std::optional<Challenge>& challenge = std::nullopt);

// The frame header of a datagram: -1, -2, or nullopt when shorter than 4 bytes.
std::optional<std::int32_t> frame_header(std::string_view datagram);
// The response type byte of a single-packet message (after FF FF FF FF), or 0.
char message_type(std::string_view message);

std::optional<Challenge> decode_challenge(std::string_view message);
std::optional<Info> decode_info(std::string_view message);
std::optional<std::vector<Player>> decode_players(std::string_view message);

struct SplitFragment {
  std::int32_t id = 0;
  bool compressed = false;  // bit 31 of the id: bzip2, which CS2 does not use and we do not support
  int total = 0;
  int number = 0;
  std::string_view payload;  // points into the datagram
};
// Source-engine layout with the 2-byte size field (every engine newer than 2006, so every CS2 server).
std::optional<SplitFragment> parse_split(std::string_view datagram);

// Collects fragments of split replies from one peer. Fragments may arrive in any order and more than
// once; a reply whose fragments disagree on the total, or that would exceed the caps, is dropped.
class Reassembler {
 public:
  static constexpr int kMaxFragments = 32;
  static constexpr std::size_t kMaxBytes = 64 * 1024;
  static constexpr std::size_t kMaxPending = 4;  // distinct ids in progress; the oldest goes first

  enum class Status { pending, complete, rejected };
  struct Outcome {
    Status status = Status::pending;
    std::string message;  // the reassembled reply, starting with FF FF FF FF, when complete
  };

  Outcome add(const SplitFragment& fragment);
  std::size_t pending() const { return partial_.size(); }

 private:
  struct Partial {
    int total = 0;
    std::size_t bytes = 0;
    std::uint64_t order = 0;
    std::map<int, std::string> fragments;
  };
  std::map<std::int32_t, Partial> partial_;
  std::uint64_t next_order_ = 0;
};

}  // namespace portal::a2s
