#include "integrations/rcon/status_parser.hpp"

#include <gtest/gtest.h>

namespace portal::rcon {
namespace {

// The format the simulated CS2 server prints (sim/): must keep working.
TEST(StatusParser, ReadsTheSimulatedServerSample) {
  const auto players = parse_status(
      "Server:  Running [0.0.0.0:27015]\n"
      "Client:  Disconnected\n"
      "Source TV:  not active\n"
      "---------players--------\n"
      "  id     time ping loss      state   rate adr name\n"
      "65535 [NoChan]    0    0 challenging      0unknown ''\n"
      "    2    01:02:03   14    0     active 786432 127.0.0.1:27005 'PlayerName'\n"
      "#end\n");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "PlayerName");
  EXPECT_EQ(players[0].connected_s, 3723);
  EXPECT_EQ(players[0].ping, 14);
  EXPECT_FALSE(players[0].bot);
  EXPECT_EQ(players[0].state, "active");
}

// Shape: a CS2 dedicated server in the joedwards32/cs2 Docker image, captured live and quoted in a
// public game-server panel's Node test suite (found with code search for "[NoChan]"). Bots print
// "BOT" in the time column and have no adr column; the spawngroups section precedes the players.
TEST(StatusParser, ReadsADedicatedServerWithBotsAndAnEmptySlot) {
  const auto players = parse_status(
      "players  : 1 humans, 1 bots (0 max) (not hibernating) (unreserved)\n"
      "---------spawngroups----\n"
      "loaded spawngroup(  1)  : SV:  [1: de_dust2 | main lump | mapload]\n"
      "---------players--------\n"
      "  id     time ping loss      state   rate adr name\n"
      "   0      BOT    0    0     active      0 'Solman'\n"
      "65535 [NoChan]    0    0 challenging      0unknown ''\n"
      "   2    02:05    0    0     active 786432 172.18.0.1:37738 'dheagman'\n"
      "#end\n");
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].name, "Solman");
  EXPECT_TRUE(players[0].bot);
  EXPECT_EQ(players[0].connected_s, 0);
  EXPECT_EQ(players[1].name, "dheagman");
  EXPECT_FALSE(players[1].bot);
  EXPECT_EQ(players[1].connected_s, 125);
}

// Shape: the in-game client console on an official Valve server, quoted in a public TypeScript CS2
// lobby parser: every line carries a "[Client] " prefix, there is no adr column, ids are 65280+.
TEST(StatusParser, ReadsClientConsoleOutputWithoutAdrColumn) {
  const auto players = parse_status(
      "[Client] ---------players--------\r\n"
      "[Client]   id     time ping loss      state   rate name\r\n"
      "[Client] 65280    00:09   75    0   spawning 786432 'Ramiirez'\r\n"
      "[Client] 65535 [NoChan]    0    0 challenging      0 ''\r\n"
      "[Client] #end\r\n");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "Ramiirez");
  EXPECT_EQ(players[0].connected_s, 9);
  EXPECT_EQ(players[0].ping, 75);
  EXPECT_EQ(players[0].state, "spawning");
}

// Shape: community/FACEIT servers that print a SteamID3 in the adr column (same TypeScript source),
// and a SourceTV bot row as in a public Python CS2 stats exporter.
TEST(StatusParser, ReadsSteamIdInTheAdrColumnAndSourceTv) {
  const auto players = parse_status(
      "---------players--------\n"
      "  id     time ping loss      state   rate adr name\n"
      "    0      BOT    0    0     active      0 'SourceTV'\n"
      "    0    06:53   35    0     active 786432 [U:1:123456789] 'nickname'\n"
      "    3    03:17    1    0     active 786432 172.23.0.1:42167 'cyIVER'\n"
      "#end");
  ASSERT_EQ(players.size(), 3u);
  EXPECT_TRUE(players[0].bot);
  EXPECT_EQ(players[1].name, "nickname");
  EXPECT_EQ(players[1].connected_s, 413);
  EXPECT_EQ(players[2].ping, 1);
}

// Shape: Deadlock (Source 2, same status code) as quoted in a public Rust test: non-row lines sit
// between the players and "#end", and names contain spaces.
TEST(StatusParser, SkipsTrailingNonRowLines) {
  const auto players = parse_status(
      "---------players--------\n"
      "  id     time ping loss      state   rate adr name\n"
      "65535 [NoChan]    0    0 challenging      0unknown ''\n"
      "    2    01:23   35    0     active 786432 1.2.3.4:27005 'Some Player'\n"
      "Citadel Specific\n"
      "===========================\n"
      "Game State: 1 (Init)\n"
      "#end");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "Some Player");
}

// Hour-long sessions print h:mm:ss with a one-digit hour (TF2 status in
// ValveSoftware/Source-1-Games#6382 shows "1:48:14"; CS2 shares the time formatter).
TEST(StatusParser, ReadsHoursMinutesAndSeconds) {
  const auto players = parse_status(
      "---------players--------\n"
      "    4  1:48:14   32    0     active 786432 10.0.0.4:27005 'veteran'\n"
      "    5    17:02   40    0  connected 786432 10.0.0.5:27005 'newer'\n"
      "#end");
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].connected_s, 6494);
  EXPECT_EQ(players[1].connected_s, 1022);
  EXPECT_EQ(players[1].state, "connected");
}

TEST(StatusParser, KeepsQuotesSpacesAndCjkInsideNames) {
  const auto players = parse_status(
      "---------players--------\n"
      "    2    02:05    0    0     active 786432 172.18.0.1:37738 'O'Brien'\n"
      "    3    02:05    0    0     active 786432 172.18.0.1:37739 ' two  spaces '\n"
      "    4    02:05    0    0     active 786432 172.18.0.1:37740 '\xe7\x8e\xa9\xe5\xae\xb6 \"\xe4\xb8\x80\"'\n"
      "    5    02:05    0    0     active 786432 172.18.0.1:37741 '#end'\n"
      "    6    02:05    0    0     active 786432 172.18.0.1:37742 ''''\n"
      "#end");
  ASSERT_EQ(players.size(), 5u);
  EXPECT_EQ(players[0].name, "O'Brien");
  EXPECT_EQ(players[1].name, " two  spaces ");
  EXPECT_EQ(players[2].name, "\xe7\x8e\xa9\xe5\xae\xb6 \"\xe4\xb8\x80\"");
  EXPECT_EQ(players[3].name, "#end");
  EXPECT_EQ(players[4].name, "''");
}

TEST(StatusParser, ChallengingPlayersWithARealSlotAreKept) {
  const auto players = parse_status(
      "---------players--------\n"
      "    7    00:01   60    0 challenging 786432 10.0.0.7:27005 'joining'\n"
      "#end");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].state, "challenging");
}

TEST(StatusParser, EmptyPlayerListGivesNothing) {
  EXPECT_TRUE(parse_status("Server:  Running [0.0.0.0:27015]\n"
                           "---------players--------\n"
                           "  id     time ping loss      state   rate adr name\n"
                           "65535 [NoChan]    0    0 challenging      0unknown ''\n"
                           "#end\n")
                  .empty());
  EXPECT_TRUE(parse_status("---------players--------\n#end").empty());
}

// CS:GO's legacy table (koraktor/steam-condenser#284) has no players marker and is not CS2's.
TEST(StatusParser, IgnoresLegacyAndGarbageInput) {
  EXPECT_TRUE(parse_status("# userid name uniqueid connected ping loss state rate adr\n"
                           "#46 2 \"testing acc\" STEAM_1:1:15805829 39:44 40 0 active 80000 194.228.13.251:17832\n"
                           "#end\n")
                  .empty());
  EXPECT_TRUE(parse_status("").empty());
  EXPECT_TRUE(parse_status("Unknown command \"status\"").empty());
  EXPECT_TRUE(parse_status(std::string_view("\0\xff\xfe'''\n", 7)).empty());
}

TEST(StatusParser, SkipsMalformedRowsButKeepsGoodOnes) {
  const auto players = parse_status(
      "---------players--------\n"
      "    2    01:02   14    0     active 786432 1.2.3.4:1 no-quotes\n"
      "    3    01:02   xx    0     active 786432 1.2.3.4:1 'bad ping'\n"
      "    4    1::2    14    0     active 786432 1.2.3.4:1 'bad time'\n"
      "    5    01:02   14    0     active 786432 1.2.3.4:1 'unterminated\n"
      "    6    01:02   14\n"
      "   -1    01:02   14    0     active 786432 1.2.3.4:1 'negative id'\n"
      "    8    01:02   14    0     active 786432 1.2.3.4:1 'good'\n"
      "#end\n"
      "    9    01:02   14    0     active 786432 1.2.3.4:1 'after end'\n");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "good");
}

TEST(StatusParser, StopsAtTheNextSectionWhenEndIsMissing) {
  const auto players = parse_status(
      "---------players--------\n"
      "    2    01:02   14    0     active 786432 1.2.3.4:1 'one'\n"
      "---------spawngroups----\n"
      "    3    01:02   14    0     active 786432 1.2.3.4:1 'not a player'\n");
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "one");
}

}  // namespace
}  // namespace portal::rcon
