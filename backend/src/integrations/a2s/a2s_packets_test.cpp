#include "integrations/a2s/a2s_packets.hpp"

#include "integrations/a2s/a2s_server_packets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

namespace portal::a2s {
namespace {

// "FF FF 41" -> bytes; the reference's vectors are written this way.
std::string hex(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string out, byte;
  while (in >> byte) out.push_back(static_cast<char>(std::stoi(byte, nullptr, 16)));
  return out;
}

const Challenge kWikiChallenge{0x0A, 0x08, 0x5E, 0xEA};

TEST(A2sPackets, EncodesRequestsLikeTheWiki) {
  EXPECT_EQ(encode_info_request(), hex("FF FF FF FF 54 53 6F 75 72 63 65 20 45 6E 67 69 6E 65 20 51 75 65 72 79 00"));
  EXPECT_EQ(encode_info_request(kWikiChallenge),
            hex("FF FF FF FF 54 53 6F 75 72 63 65 20 45 6E 67 69 6E 65 20 51 75 65 72 79 00 0A 08 5E EA"));
  EXPECT_EQ(encode_player_request(), hex("FF FF FF FF 55 FF FF FF FF"));
  EXPECT_EQ(encode_player_request(kWikiChallenge), hex("FF FF FF FF 55 0A 08 5E EA"));
}

TEST(A2sPackets, DecodesChallenge) {
  const auto message = hex("FF FF FF FF 41 0A 08 5E EA");
  EXPECT_EQ(message_type(message), kChallengeReply);
  auto challenge = decode_challenge(message);
  ASSERT_TRUE(challenge);
  EXPECT_EQ(*challenge, kWikiChallenge);
  EXPECT_FALSE(decode_challenge(hex("FF FF FF FF 41 0A 08 5E")));
  EXPECT_FALSE(decode_challenge(hex("FF FF FF FF 49 0A 08 5E EA")));
}

TEST(A2sPackets, DecodesWikiSourceInfo) {
  const auto message =
      hex("FF FF FF FF 49 02 67 61 6D 65 32 78 73 2E 63 6F 6D 20 43 6F 75 6E 74 65 72 2D 53 74 72 69 6B 65 "
          "20 53 6F 75 72 63 65 20 23 31 00 64 65 5F 64 75 73 74 00 63 73 74 72 69 6B 65 00 43 6F 75 6E 74 "
          "65 72 2D 53 74 72 69 6B 65 3A 20 53 6F 75 72 63 65 00 F0 00 05 10 04 64 6C 00 00 31 2E 30 2E 30 "
          "2E 32 32 00");
  auto info = decode_info(message);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->protocol, 2);
  EXPECT_EQ(info->name, "game2xs.com Counter-Strike Source #1");
  EXPECT_EQ(info->map, "de_dust");
  EXPECT_EQ(info->folder, "cstrike");
  EXPECT_EQ(info->game, "Counter-Strike: Source");
  EXPECT_EQ(info->app_id, 240);
  EXPECT_EQ(info->players, 5);
  EXPECT_EQ(info->max_players, 16);
  EXPECT_EQ(info->bots, 4);
  EXPECT_EQ(info->server_type, 'd');
  EXPECT_EQ(info->environment, 'l');
  EXPECT_FALSE(info->password);
  EXPECT_FALSE(info->vac);
  EXPECT_EQ(info->version, "1.0.0.22");
  EXPECT_EQ(info->game_port, 0);
}

const char* const kCs2Info =
    "FF FF FF FF 49 11 4D 79 20 43 53 32 20 53 65 72 76 65 72 00 64 65 5F 64 75 73 74 32 00 63 73 67 "
    "6F 00 43 6F 75 6E 74 65 72 2D 53 74 72 69 6B 65 20 32 00 DA 02 02 0A 00 64 6C 00 01 31 2E 34 30 "
    "2E 32 2E 31 00 A1 87 69 73 65 63 75 72 65 00 DA 02 00 00 00 00 00 00";

TEST(A2sPackets, DecodesCs2InfoWithEdf) {
  auto info = decode_info(hex(kCs2Info));
  ASSERT_TRUE(info);
  EXPECT_EQ(info->protocol, 17);
  EXPECT_EQ(info->name, "My CS2 Server");
  EXPECT_EQ(info->map, "de_dust2");
  EXPECT_EQ(info->folder, "csgo");
  EXPECT_EQ(info->game, "Counter-Strike 2");
  EXPECT_EQ(info->app_id, 730);
  EXPECT_EQ(info->players, 2);
  EXPECT_EQ(info->max_players, 10);
  EXPECT_EQ(info->bots, 0);
  EXPECT_TRUE(info->vac);
  EXPECT_EQ(info->version, "1.40.2.1");
  EXPECT_EQ(info->game_port, 27015);
  EXPECT_EQ(info->keywords, "secure");
  EXPECT_EQ(info->game_id, 730u);
}

TEST(A2sPackets, EveryTruncationOfInfoIsRejected) {
  const auto message = hex(kCs2Info);
  for (std::size_t length = 0; length < message.size(); ++length) {
    // Cutting right after the version string leaves a valid reply without EDF.
    const auto version_end = message.find("1.40.2.1") + 9;
    if (length == version_end) continue;
    EXPECT_FALSE(decode_info(std::string_view(message).substr(0, length))) << "length " << length;
  }
}

TEST(A2sPackets, DecodesPlayers) {
  const auto message =
      hex("FF FF FF FF 44 02 00 00 00 00 00 00 00 80 CE 42 00 61 6C 69 63 65 00 07 00 00 00 00 00 48 41");
  auto players = decode_players(message);
  ASSERT_TRUE(players);
  ASSERT_EQ(players->size(), 2u);
  EXPECT_EQ((*players)[0].name, "");
  EXPECT_EQ((*players)[0].score, 0);
  EXPECT_FLOAT_EQ((*players)[0].duration_s, 103.25f);
  EXPECT_EQ((*players)[1].name, "alice");
  EXPECT_EQ((*players)[1].score, 7);
  EXPECT_FLOAT_EQ((*players)[1].duration_s, 12.5f);
  for (std::size_t length = 0; length < message.size(); ++length) {
    EXPECT_FALSE(decode_players(std::string_view(message).substr(0, length))) << "length " << length;
  }
}

TEST(A2sPackets, RandomBytesNeverCrashTheDecoders) {
  std::mt19937 rng(7);
  const auto base = hex(kCs2Info);
  for (int round = 0; round < 5000; ++round) {
    std::string mutated = base.substr(0, rng() % (base.size() + 1));
    for (int flips = 0; flips < 4 && !mutated.empty(); ++flips) {
      mutated[rng() % mutated.size()] = static_cast<char>(rng());
    }
    (void)decode_info(mutated);
    (void)decode_players(mutated);
    (void)decode_challenge(mutated);
    (void)parse_split(mutated);
    (void)parse_request(mutated);
  }
}

TEST(A2sPackets, InfoRoundTripsThroughTheServerEncoder) {
  Info info;
  info.protocol = 17;
  info.name = "测试服务器 #1";
  info.map = "de_mirage";
  info.folder = "csgo";
  info.game = "Counter-Strike 2";
  info.app_id = 730;
  info.players = 7;
  info.max_players = 12;
  info.bots = 2;
  info.server_type = 'd';
  info.environment = 'l';
  info.password = true;
  info.vac = true;
  info.version = "1.40.2.1";
  info.game_port = 27016;
  info.steam_id = 90071992547409920ULL;
  info.tv_port = 27020;
  info.tv_name = "GOTV";
  info.keywords = "secure,empty";
  info.game_id = 730;
  auto decoded = decode_info(encode_info_reply(info));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->name, info.name);
  EXPECT_EQ(decoded->players, 7);
  EXPECT_TRUE(decoded->password);
  EXPECT_EQ(decoded->game_port, 27016);
  EXPECT_EQ(decoded->steam_id, info.steam_id);
  EXPECT_EQ(decoded->tv_port, 27020);
  EXPECT_EQ(decoded->tv_name, "GOTV");
  EXPECT_EQ(decoded->keywords, "secure,empty");
  EXPECT_EQ(decoded->game_id, 730u);
}

TEST(A2sPackets, ParsesRequests) {
  auto info = parse_request(encode_info_request());
  ASSERT_TRUE(info);
  EXPECT_EQ(info->type, kInfoRequest);
  EXPECT_FALSE(info->challenge);
  auto challenged = parse_request(encode_player_request(kWikiChallenge));
  ASSERT_TRUE(challenged);
  EXPECT_EQ(challenged->type, kPlayerRequest);
  EXPECT_EQ(challenged->challenge, kWikiChallenge);
  auto asking = parse_request(encode_player_request());
  ASSERT_TRUE(asking);
  EXPECT_FALSE(asking->challenge);
  EXPECT_FALSE(parse_request(hex("FF FF FF FF 54 53 6F 75")));
  EXPECT_FALSE(parse_request(hex("FF FF FF FF 55 FF FF")));
}

TEST(A2sSplit, ReassemblesTheReferenceFragments) {
  const auto first = hex("FE FF FF FF 34 12 00 00 02 00 E0 04 FF FF FF FF 45 02 00 73 76 5F 70 61 73 73 77 6F 72 64");
  const auto second =
      hex("FE FF FF FF 34 12 00 00 02 01 E0 04 00 30 00 6D 70 5F 6D 61 78 72 6F 75 6E 64 73 00 32 34 00");
  auto a = parse_split(first);
  auto b = parse_split(second);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->id, 0x1234);
  EXPECT_EQ(a->total, 2);
  EXPECT_EQ(b->number, 1);
  EXPECT_FALSE(a->compressed);

  Reassembler reassembler;
  EXPECT_EQ(reassembler.add(*b).status, Reassembler::Status::pending);
  EXPECT_EQ(reassembler.add(*b).status, Reassembler::Status::pending);  // duplicate
  auto outcome = reassembler.add(*a);
  ASSERT_EQ(outcome.status, Reassembler::Status::complete);
  EXPECT_EQ(outcome.message, hex("FF FF FF FF 45 02 00 73 76 5F 70 61 73 73 77 6F 72 64 00 30 00 6D 70 5F 6D 61 "
                                 "78 72 6F 75 6E 64 73 00 32 34 00"));
  EXPECT_EQ(reassembler.pending(), 0u);
}

std::vector<Player> many_players(int count) {
  std::vector<Player> players;
  for (int i = 0; i < count; ++i) {
    players.push_back({"player-with-a-rather-long-name-" + std::to_string(i), i, static_cast<float>(i) * 1.5f});
  }
  return players;
}

TEST(A2sSplit, LargePlayerListSplitsAndReassemblesInAnyOrder) {
  const auto message = encode_player_reply(many_players(120));
  auto fragments = split_reply(message, 77);
  ASSERT_GE(fragments.size(), 3u);
  std::mt19937 rng(3);
  for (int round = 0; round < 20; ++round) {
    std::shuffle(fragments.begin(), fragments.end(), rng);
    Reassembler reassembler;
    Reassembler::Outcome outcome;
    for (const auto& datagram : fragments) {
      auto fragment = parse_split(datagram);
      ASSERT_TRUE(fragment);
      outcome = reassembler.add(*fragment);
      if (outcome.status == Reassembler::Status::pending) {
        (void)reassembler.add(*fragment);  // duplicates change nothing
      }
    }
    ASSERT_EQ(outcome.status, Reassembler::Status::complete);
    auto players = decode_players(outcome.message);
    ASSERT_TRUE(players);
    ASSERT_EQ(players->size(), 120u);
    EXPECT_EQ((*players)[119].name, "player-with-a-rather-long-name-119");
  }
}

SplitFragment fragment(std::int32_t id, int total, int number, std::string_view payload) {
  SplitFragment result;
  result.id = id;
  result.total = total;
  result.number = number;
  result.payload = payload;
  return result;
}

TEST(A2sSplit, RejectsHostileFragments) {
  Reassembler reassembler;
  EXPECT_EQ(reassembler.add(fragment(1, 3, 0, "abc")).status, Reassembler::Status::pending);
  EXPECT_EQ(reassembler.add(fragment(1, 4, 1, "def")).status, Reassembler::Status::rejected);  // total changed
  EXPECT_EQ(reassembler.pending(), 0u);
  EXPECT_EQ(reassembler.add(fragment(2, Reassembler::kMaxFragments + 1, 0, "x")).status, Reassembler::Status::rejected);
  EXPECT_EQ(reassembler.add(fragment(3, 2, 2, "x")).status, Reassembler::Status::rejected);

  const std::string big(40 * 1024, 'x');
  EXPECT_EQ(reassembler.add(fragment(4, 3, 0, big)).status, Reassembler::Status::pending);
  EXPECT_EQ(reassembler.add(fragment(4, 3, 1, big)).status, Reassembler::Status::rejected);  // over 64 KiB

  for (int id = 10; id < 30; ++id) (void)reassembler.add(fragment(id, 2, 0, "x"));
  EXPECT_LE(reassembler.pending(), Reassembler::kMaxPending);

  EXPECT_FALSE(parse_split(hex("FE FF FF FF 34 12 00 00 02 02 E0 04")));  // number >= total
  EXPECT_FALSE(parse_split(hex("FE FF FF FF 34 12 00 00 00 00 E0 04")));  // zero fragments
  EXPECT_FALSE(parse_split(hex("FE FF FF FF 34 12 00")));
  auto compressed = parse_split(hex("FE FF FF FF 34 12 00 80 02 00 E0 04 00"));
  ASSERT_TRUE(compressed);
  EXPECT_TRUE(compressed->compressed);
  EXPECT_EQ(reassembler.add(*compressed).status, Reassembler::Status::rejected);
}

}  // namespace
}  // namespace portal::a2s
