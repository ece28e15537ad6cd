#include "sim/cs2/sim_rcon.hpp"

#include "integrations/rcon/status_parser.hpp"

#include <gtest/gtest.h>

namespace portal::sim {
namespace {

using namespace std::chrono_literals;

SimServerSpec spec_with_bots() {
  SimServerSpec spec;
  spec.name = "【上海】死斗";
  spec.map = "de_mirage";
  spec.max_players = 16;
  spec.initial_players = 4;
  spec.bots = 6;
  spec.rcon_password = "pw";
  return spec;
}

TEST(SimRcon, StatusFollowsTheCs2Layout) {
  SimState state(spec_with_bots(), 1);
  const auto text = status_text(state.snapshot(), 27015);
  EXPECT_EQ(text.rfind("Server:  Running [0.0.0.0:27015]\nClient:  Disconnected\nSource TV:  not active\n", 0), 0u);
  EXPECT_NE(text.find("---------players--------\n  id     time ping loss      state   rate adr name\n"
                      "65535 [NoChan]    0    0 challenging      0unknown ''\n"),
            std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 5), "#end\n");
  EXPECT_NE(text.find("      BOT    0    0     active      0 '"), std::string::npos);
  EXPECT_NE(text.find("    0     active 786432 10."), std::string::npos);
}

TEST(SimRcon, StatusRoundTripsThroughTheRconParser) {
  SimState state(spec_with_bots(), 2);
  const auto snap = state.snapshot();
  const auto players = rcon::parse_status(status_text(snap, 27015));
  ASSERT_EQ(players.size(), snap.humans.size() + snap.bots.size());
  int bots = 0;
  for (const auto& p : players) {
    if (p.bot) {
      ++bots;
      continue;
    }
    bool matched = false;
    for (const auto& h : snap.humans) {
      if (h.name != p.name) continue;
      matched = true;
      EXPECT_EQ(p.connected_s, std::chrono::duration_cast<std::chrono::seconds>(snap.now - h.joined).count());
      EXPECT_EQ(p.ping, h.ping);
    }
    EXPECT_TRUE(matched) << p.name;
  }
  EXPECT_EQ(bots, 2);
}

TEST(SimRcon, CommandsChangeTheState) {
  SimState state(spec_with_bots(), 3);
  EXPECT_EQ(exec_command(state, "sv_password \"abc def\"", 27015), "");
  EXPECT_EQ(state.snapshot().join_password, "abc def");
  EXPECT_EQ(exec_command(state, "sv_password", 27015), "sv_password = abc def\n");
  EXPECT_EQ(exec_command(state, "changelevel de_nuke", 27015), "");
  EXPECT_EQ(state.snapshot().map, "de_nuke");
  EXPECT_EQ(exec_command(state, "hostname New name", 27015), "");
  EXPECT_EQ(state.snapshot().name, "New name");
  EXPECT_NE(exec_command(state, "frobnicate 1", 27015).find("Unknown command"), std::string::npos);
}

TEST(SimRcon, AdminCommandsKeepTheListAndSayIsRecorded) {
  auto spec = spec_with_bots();
  spec.admins = {"76561198000000001"};
  SimState state(spec, 5);
  EXPECT_EQ(exec_command(state, "css_addadmin \"76561198000000002\" coach @css/root", 27015),
            "Added admin 76561198000000002\n");
  EXPECT_EQ(exec_command(state, "css_addadmin 76561198000000002", 27015), "Added admin 76561198000000002\n");
  EXPECT_EQ(exec_command(state, "css_deladmin 76561198000000001", 27015), "Removed admin 76561198000000001\n");
  EXPECT_EQ(exec_command(state, "css_deladmin 76561198000000001", 27015), "76561198000000001 is not an admin\n");
  EXPECT_EQ(exec_command(state, "css_addadmin 12345", 27015), "Usage: css_addadmin <steamid64>\n");
  EXPECT_EQ(exec_command(state, "css_admins_reload", 27015), "Reloaded 1 admins\n");
  EXPECT_EQ(exec_command(state, "css_admins", 27015), "76561198000000002\n");
  EXPECT_EQ(state.snapshot().admins, std::vector<std::string>{"76561198000000002"});

  EXPECT_EQ(exec_command(state, "css_portal_admins 76561198000000003,76561198000000004,76561198000000003", 27015),
            "Portal admins set: 2\n");
  EXPECT_EQ(state.snapshot().admins, (std::vector<std::string>{"76561198000000003", "76561198000000004"}));
  EXPECT_EQ(exec_command(state, "css_portal_admins 76561198000000005,nope", 27015),
            "Usage: css_portal_admins <steamid64>[,<steamid64>...]\n");
  EXPECT_EQ(state.snapshot().admins.size(), 2u);
  EXPECT_EQ(exec_command(state, "css_portal_admins", 27015), "Portal admins set: 0\n");
  EXPECT_TRUE(state.snapshot().admins.empty());

  EXPECT_EQ(exec_command(state, "say \"Time is almost up\"", 27015), "");
  for (int i = 0; i < 60; ++i) exec_command(state, "say line " + std::to_string(i), 27015);
  const auto said = state.snapshot().said;
  ASSERT_EQ(said.size(), SimState::kSaidKept);
  EXPECT_EQ(said.back(), "line 59");
  EXPECT_EQ(said.front(), "line 10");
}

TEST(SimRcon, AuthHandshake) {
  SimState state(spec_with_bots(), 4);
  SimRconSession session(state, "pw", 27015);
  auto reply = session.on_packet(rcon::make_packet(5, rcon::PacketType::exec_command, "status"));
  EXPECT_TRUE(reply.close);

  SimRconSession bad(state, "pw", 27015);
  reply = bad.on_packet(rcon::make_packet(7, rcon::PacketType::auth, "nope"));
  ASSERT_EQ(reply.packets.size(), 2u);
  EXPECT_EQ(reply.packets[0].type, 0);
  EXPECT_EQ(reply.packets[1].type, 2);
  EXPECT_EQ(reply.packets[1].id, -1);

  SimRconSession good(state, "pw", 27015);
  reply = good.on_packet(rcon::make_packet(9, rcon::PacketType::auth, "pw"));
  ASSERT_EQ(reply.packets.size(), 2u);
  EXPECT_EQ(reply.packets[0].type, 0);
  EXPECT_EQ(reply.packets[0].body, "");
  EXPECT_EQ(reply.packets[1].id, 9);
  EXPECT_EQ(reply.packets[1].type, 2);
  reply = good.on_packet(rcon::make_packet(10, rcon::PacketType::exec_command, "status"));
  ASSERT_EQ(reply.packets.size(), 1u);
  EXPECT_EQ(reply.packets[0].id, 10);
  EXPECT_NE(reply.packets[0].body.find("#end"), std::string::npos);
  reply = good.on_packet(rcon::make_packet(11, rcon::PacketType::response_value));
  ASSERT_EQ(reply.packets.size(), 1u);
  EXPECT_EQ(reply.packets[0].id, 11);

  SimRconSession no_password(state, "", 27015);
  reply = no_password.on_packet(rcon::make_packet(1, rcon::PacketType::auth, ""));
  EXPECT_EQ(reply.packets.at(1).id, -1);
}

}  // namespace
}  // namespace portal::sim
