#include "sim/cs2/sim_state.hpp"

#include "integrations/a2s/a2s_packets.hpp"
#include "integrations/a2s/a2s_server_packets.hpp"
#include "sim/cs2/sim_a2s.hpp"

#include <gtest/gtest.h>

#include <set>

namespace portal::sim {
namespace {

using namespace std::chrono_literals;

SimServerSpec base_spec() {
  SimServerSpec spec;
  spec.name = "测试服 #1";
  spec.map = "de_dust2";
  spec.max_players = 12;
  spec.initial_players = 6;
  return spec;
}

TEST(SimState, StartsWithTheConfiguredCrowd) {
  SimState state(base_spec(), 1);
  const auto snap = state.snapshot();
  EXPECT_EQ(snap.name, "测试服 #1");
  EXPECT_EQ(snap.map, "de_dust2");
  EXPECT_EQ(snap.humans.size(), 6u);
  EXPECT_TRUE(snap.bots.empty());
  std::set<std::string> names;
  std::set<int> ids;
  for (const auto& p : snap.humans) {
    names.insert(p.name);
    ids.insert(p.id);
    EXPECT_GT(snap.now - p.joined, 0ms);
  }
  EXPECT_EQ(names.size(), 6u);
  EXPECT_EQ(ids.size(), 6u);
}

TEST(SimState, StockCs2HidesNamesInA2s) {
  SimState stock(base_spec(), 2);
  for (const auto& p : stock.a2s_players()) {
    EXPECT_EQ(p.name, "");
    EXPECT_EQ(p.score, 0);
    EXPECT_GT(p.duration_s, 0.0f);
  }
  auto spec = base_spec();
  spec.names_in_a2s = true;
  SimState patched(spec, 2);
  for (const auto& p : patched.a2s_players()) EXPECT_NE(p.name, "");
}

TEST(SimState, ChurnMovesPlayersButKeepsLimits) {
  auto spec = base_spec();
  spec.churn = 30;
  spec.initial_players = 12;  // full
  SimState state(spec, 3);
  std::set<std::string> seen;
  for (int minute = 0; minute < 60; ++minute) {
    state.advance(1min);
    const auto snap = state.snapshot();
    EXPECT_LE(snap.player_count(), 12);
    for (const auto& p : snap.humans) seen.insert(p.name);
  }
  EXPECT_GT(seen.size(), 12u);                    // people came and went
  EXPECT_GE(state.snapshot().humans.size(), 6u);  // and a full server stays busy
}

TEST(SimState, QuietServerWithoutChurnStaysAsItIs) {
  auto spec = base_spec();
  spec.initial_players = 0;
  SimState state(spec, 4);
  state.advance(30min);
  EXPECT_EQ(state.snapshot().player_count(), 0);
  EXPECT_EQ(state.info(27015).keywords, "empty,secure");
}

TEST(SimState, BotsFillUpToTheQuota) {
  auto spec = base_spec();
  spec.initial_players = 2;
  spec.bots = 5;
  SimState state(spec, 5);
  const auto snap = state.snapshot();
  EXPECT_EQ(snap.bots.size(), 3u);
  const auto info = state.info(27015);
  EXPECT_EQ(info.players, 5);
  EXPECT_EQ(info.bots, 3);
}

TEST(SimState, MapRotatesAndPasswordShowsInInfo) {
  auto spec = base_spec();
  spec.map_pool = {"de_dust2", "de_mirage", "de_nuke"};
  spec.map_period = std::chrono::seconds(300);
  SimState state(spec, 6);
  std::set<std::string> maps;
  for (int i = 0; i < 20; ++i) {
    state.advance(1min);
    maps.insert(state.snapshot().map);
  }
  EXPECT_EQ(maps.size(), 3u);

  EXPECT_FALSE(state.info(27015).password);
  state.set_join_password("secret");
  EXPECT_TRUE(state.info(27015).password);
}

TEST(SimState, InfoLooksLikeCs2) {
  SimState state(base_spec(), 7);
  const auto info = state.info(27016);
  EXPECT_EQ(info.protocol, 17);
  EXPECT_EQ(info.folder, "csgo");
  EXPECT_EQ(info.game, "Counter-Strike 2");
  EXPECT_EQ(info.app_id, 730);
  EXPECT_EQ(info.game_port, 27016);
  EXPECT_EQ(info.max_players, 12);
}

TEST(SimA2s, ChallengeFlowAndSplitPlayers) {
  auto spec = base_spec();
  spec.require_challenge = true;
  spec.names_in_a2s = true;
  spec.max_players = 120;
  spec.initial_players = 120;
  SimState state(spec, 8);
  SimA2sResponder responder(42);

  auto replies = responder.answer(state, a2s::encode_info_request(), 1, 27015);
  ASSERT_EQ(replies.size(), 1u);
  const auto challenge = a2s::decode_challenge(replies[0]);
  ASSERT_TRUE(challenge);

  // Another client's challenge is not this one's.
  EXPECT_EQ(a2s::message_type(responder.answer(state, a2s::encode_info_request(challenge), 2, 27015).at(0)),
            a2s::kChallengeReply);
  auto info = a2s::decode_info(responder.answer(state, a2s::encode_info_request(challenge), 1, 27015).at(0));
  ASSERT_TRUE(info);
  EXPECT_EQ(info->players, 120);

  replies = responder.answer(state, a2s::encode_player_request(), 1, 27015);
  ASSERT_EQ(a2s::decode_challenge(replies.at(0)), challenge);
  replies = responder.answer(state, a2s::encode_player_request(challenge), 1, 27015);
  ASSERT_GE(replies.size(), 2u);
  a2s::Reassembler reassembler;
  a2s::Reassembler::Outcome outcome;
  for (const auto& datagram : replies) {
    EXPECT_LE(datagram.size(), 1400u);
    outcome = reassembler.add(*a2s::parse_split(datagram));
  }
  ASSERT_EQ(outcome.status, a2s::Reassembler::Status::complete);
  EXPECT_EQ(a2s::decode_players(outcome.message)->size(), 120u);

  EXPECT_TRUE(responder.answer(state, "garbage", 1, 27015).empty());
  state.set_offline(true);
  EXPECT_TRUE(responder.answer(state, a2s::encode_info_request(challenge), 1, 27015).empty());
}

}  // namespace
}  // namespace portal::sim
