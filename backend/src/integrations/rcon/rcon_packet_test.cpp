#include "integrations/rcon/rcon_packet.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace portal::rcon {
namespace {

// Builds bytes from the hex dumps in reference/protocols.md section 2.1.
std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int value : values) out.push_back(static_cast<char>(value));
  return out;
}

const std::string kAuthVector =
    bytes({0x10, 0, 0, 0, 0x01, 0, 0, 0, 0x03, 0, 0, 0, 's', 'e', 'c', 'r', 'e', 't', 0, 0});
const std::string kExecVector = bytes({0x19, 0,   0,   0,   0x02, 0,   0,   0,   0x02, 0,   0,   0,   's', 'v', '_',
                                       'p',  'a', 's', 's', 'w',  'o', 'r', 'd', ' ',  'a', 'b', 'c', 0,   0});
const std::string kEmptyResponseVector = bytes({0x0a, 0, 0, 0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0});
// Captured from a real CS:GO server (EnriqCG/rcon-srcds issue #9): both arrived in one TCP read.
const std::string kCapturedPair = bytes({0x0a, 0, 0, 0, 0x99, 0x09, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                         0x0a, 0, 0, 0, 0x99, 0x09, 0, 0, 2, 0, 0, 0, 0, 0});

std::vector<Packet> drain(FrameDecoder& decoder) {
  std::vector<Packet> out;
  while (auto packet = decoder.next()) out.push_back(std::move(*packet));
  return out;
}

TEST(RconPacket, EncodesTheReferenceVectors) {
  EXPECT_EQ(encode(make_packet(1, PacketType::auth, "secret")), kAuthVector);
  EXPECT_EQ(encode(make_packet(2, PacketType::exec_command, "sv_password abc")), kExecVector);
  EXPECT_EQ(encode(make_packet(3, PacketType::response_value)), kEmptyResponseVector);
}

TEST(RconPacket, EncodesNegativeIdsLittleEndian) {
  const std::string wire = encode(make_packet(-1, PacketType::auth_response));
  EXPECT_EQ(wire.substr(4, 4), bytes({0xff, 0xff, 0xff, 0xff}));
}

TEST(RconPacket, DecodesTheReferenceVectors) {
  FrameDecoder decoder;
  decoder.feed(kAuthVector + kExecVector + kEmptyResponseVector);
  const auto packets = drain(decoder);
  ASSERT_EQ(packets.size(), 3u);
  EXPECT_EQ(packets[0].id, 1);
  EXPECT_EQ(packets[0].type, 3);
  EXPECT_EQ(packets[0].body, "secret");
  EXPECT_EQ(packets[1].id, 2);
  EXPECT_EQ(packets[1].type, 2);
  EXPECT_EQ(packets[1].body, "sv_password abc");
  EXPECT_EQ(packets[2].id, 3);
  EXPECT_EQ(packets[2].type, 0);
  EXPECT_EQ(packets[2].body, "");
  EXPECT_FALSE(decoder.failed());
  EXPECT_FALSE(decoder.has_partial());
}

TEST(RconPacket, DecodesTheCapturedCsgoPairFromOneRead) {
  FrameDecoder decoder;
  decoder.feed(kCapturedPair);
  const auto packets = drain(decoder);
  ASSERT_EQ(packets.size(), 2u);
  EXPECT_EQ(packets[0].id, 2457);
  EXPECT_EQ(packets[0].type, static_cast<int>(PacketType::response_value));
  EXPECT_EQ(packets[1].id, 2457);
  EXPECT_EQ(packets[1].type, static_cast<int>(PacketType::auth_response));
}

TEST(RconPacket, DecodesByteByByte) {
  FrameDecoder decoder;
  const std::string wire = kExecVector + kCapturedPair;
  std::vector<Packet> packets;
  for (char byte : wire) {
    decoder.feed(std::string_view(&byte, 1));
    for (auto& packet : drain(decoder)) packets.push_back(std::move(packet));
  }
  ASSERT_EQ(packets.size(), 3u);
  EXPECT_EQ(packets[0].body, "sv_password abc");
  EXPECT_EQ(packets[2].type, 2);
  EXPECT_FALSE(decoder.has_partial());
}

TEST(RconPacket, ReportsAPartialPacketUntilItCompletes) {
  FrameDecoder decoder;
  decoder.feed(std::string_view(kAuthVector).substr(0, 7));
  EXPECT_FALSE(decoder.next());
  EXPECT_TRUE(decoder.has_partial());
  decoder.feed(std::string_view(kAuthVector).substr(7));
  ASSERT_TRUE(decoder.next());
  EXPECT_FALSE(decoder.has_partial());
}

TEST(RconPacket, RoundTripsLargeAndBinaryBodies) {
  std::string body(200'000, 'x');
  body[5] = '\0';
  body += "\xe4\xb8\xad";  // UTF-8 passes through untouched
  FrameDecoder decoder;
  decoder.feed(encode(make_packet(77, PacketType::response_value, body)));
  auto packet = decoder.next();
  ASSERT_TRUE(packet);
  EXPECT_EQ(packet->body, body);
}

TEST(RconPacket, FailsOnASizeBelowTheMinimum) {
  FrameDecoder decoder;
  decoder.feed(bytes({0x09, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_FALSE(decoder.next());
  EXPECT_TRUE(decoder.failed());
  // Once failed, later bytes are ignored: framing cannot be recovered.
  decoder.feed(kAuthVector);
  EXPECT_FALSE(decoder.next());
}

TEST(RconPacket, FailsOnANegativeSize) {
  FrameDecoder decoder;
  decoder.feed(bytes({0xff, 0xff, 0xff, 0xff}));
  EXPECT_FALSE(decoder.next());
  EXPECT_TRUE(decoder.failed());
}

TEST(RconPacket, FailsOnASizeAboveTheLimitWithoutWaitingForTheBody) {
  FrameDecoder decoder(4096);
  decoder.feed(bytes({0x01, 0x10, 0, 0}));  // 4097
  EXPECT_FALSE(decoder.next());
  EXPECT_TRUE(decoder.failed());

  FrameDecoder default_limit;
  default_limit.feed(bytes({0x00, 0x00, 0x00, 0x40}));  // 1 GiB announced
  EXPECT_FALSE(default_limit.next());
  EXPECT_TRUE(default_limit.failed());
}

TEST(RconPacket, AcceptsCs2SizedPacketsAboveTheWikiLimit) {
  FrameDecoder decoder;  // CS2 sends e.g. cvarlist as one packet well above 4096 bytes
  decoder.feed(encode(make_packet(5, PacketType::response_value, std::string(50'000, 'c'))));
  EXPECT_TRUE(decoder.next());
  EXPECT_FALSE(decoder.failed());
}

TEST(RconPacket, ManySmallFeedsStayCorrect) {
  FrameDecoder decoder;
  std::string wire;
  for (int i = 0; i < 500; ++i) wire += encode(make_packet(i, PacketType::response_value, std::to_string(i)));
  std::vector<Packet> packets;
  for (std::size_t at = 0; at < wire.size(); at += 7) {
    decoder.feed(std::string_view(wire).substr(at, 7));
    for (auto& packet : drain(decoder)) packets.push_back(std::move(packet));
  }
  ASSERT_EQ(packets.size(), 500u);
  for (int i = 0; i < 500; ++i) EXPECT_EQ(packets[static_cast<std::size_t>(i)].body, std::to_string(i));
}

}  // namespace
}  // namespace portal::rcon
