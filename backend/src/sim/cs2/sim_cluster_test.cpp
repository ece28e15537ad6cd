#include "sim/cs2/sim_cluster.hpp"

#include "integrations/rcon/rcon_client.hpp"
#include "integrations/rcon/status_parser.hpp"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace portal::sim {
namespace {

using namespace std::chrono_literals;

SimServerSpec rcon_spec(std::string password) {
  SimServerSpec s;
  s.name = "RCON test";
  s.map = "de_nuke";
  s.max_players = 10;
  s.initial_players = 3;
  s.rcon_password = std::move(password);
  return s;
}

SimClusterOptions frozen_clock() {
  SimClusterOptions options;
  options.tick = 0ms;
  return options;
}

TEST(SimCluster, DemoSpecsCoverEveryMode) {
  const auto specs = demo_specs();
  std::set<std::string> categories;
  int offline = 0, challenged = 0, full = 0, empty = 0, with_rcon = 0;
  for (const auto& s : specs) {
    categories.insert(s.category);
    offline += s.offline;
    challenged += s.require_challenge;
    full += s.initial_players == s.max_players;
    empty += s.initial_players == 0;
    with_rcon += !s.rcon_password.empty();
    EXPECT_FALSE(s.region.empty());
  }
  EXPECT_EQ(categories, (std::set<std::string>{"competitive", "casual", "deathmatch", "training", "no-awp dm",
                                               "pistol dm", "solo 1v1", "retakes", "vip sub", "public"}));
  EXPECT_EQ(offline, 1);
  EXPECT_EQ(challenged, 1);
  EXPECT_GE(full, 1);
  EXPECT_GE(empty, 1);
  EXPECT_GT(with_rcon, static_cast<int>(specs.size()) / 2);
}

TEST(SimCluster, BindsDistinctPortsAndRunsRcon) {
  SimCluster cluster({rcon_spec("pw"), rcon_spec(""), rcon_spec("other")}, 21, frozen_clock());
  const auto ports = cluster.ports();
  ASSERT_EQ(ports.size(), 3u);
  EXPECT_EQ(std::set<std::uint16_t>(ports.begin(), ports.end()).size(), 3u);

  rcon::Client client("127.0.0.1", ports[0], "pw");
  const auto players = rcon::parse_status(client.exec("status"));
  EXPECT_EQ(players.size(), 3u);
  client.exec("sv_password letmein");
  EXPECT_EQ(cluster.snapshot(0).join_password, "letmein");

  rcon::Client wrong("127.0.0.1", ports[2], "pw");
  EXPECT_ANY_THROW(wrong.exec("status"));
  rcon::Client refused("127.0.0.1", ports[1], "");
  EXPECT_ANY_THROW(refused.exec("status"));
}

TEST(SimCluster, TickingClockMovesTime) {
  SimClusterOptions options;
  options.tick = 20ms;
  options.time_scale = 3000;  // a simulated minute every 20 ms
  auto s = rcon_spec("");
  s.churn = 30;
  SimCluster cluster({s}, 22, options);
  const auto before = cluster.snapshot(0).now;
  // Outcome-based: wait (generously) until the clock has visibly moved.
  for (int i = 0; i < 500 && cluster.snapshot(0).now - before < 5min; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_GE(cluster.snapshot(0).now - before, 5min);
  cluster.stop();
  cluster.stop();  // idempotent
}

TEST(SimCluster, StartsAThousandServers) {
  std::vector<SimServerSpec> specs(1000, rcon_spec("pw"));
  SimCluster cluster(specs, 23, frozen_clock());
  EXPECT_EQ(cluster.size(), 1000u);
  const auto ports = cluster.ports();
  EXPECT_EQ(std::set<std::uint16_t>(ports.begin(), ports.end()).size(), 1000u);
  cluster.advance(10min);
}

}  // namespace
}  // namespace portal::sim
