// Functional tests of the prober against simulated CS2 servers on loopback. Timeouts are generous
// and assertions are on outcomes, so a loaded machine makes them slower, not flaky.
#include "integrations/a2s/prober.hpp"

#include "sim/cs2/sim_cluster.hpp"

#include <gtest/gtest.h>

#include <future>

namespace portal::a2s {
namespace {

using namespace std::chrono_literals;

sim::SimServerSpec spec(std::string name, int max_players, int players) {
  sim::SimServerSpec s;
  s.name = std::move(name);
  s.map = "de_inferno";
  s.max_players = max_players;
  s.initial_players = players;
  return s;
}

sim::SimClusterOptions frozen_clock() {
  sim::SimClusterOptions options;
  options.tick = 0ms;
  return options;
}

std::vector<Endpoint> endpoints_of(const sim::SimCluster& cluster) {
  std::vector<Endpoint> out;
  for (auto port : cluster.ports()) out.push_back({"127.0.0.1", port});
  return out;
}

ProbeOptions patient(bool players) {
  ProbeOptions options;
  options.timeout = 1500ms;
  options.retries = 2;
  options.want_players = players;
  return options;
}

TEST(Prober, ReadsInfoAndPlayersOfDifferentKindsOfServers) {
  auto plain = spec("Plain", 10, 4);
  auto challenged = spec("Challenged", 16, 7);
  challenged.require_challenge = true;
  auto crowded = spec("Crowded", 100, 100);
  crowded.names_in_a2s = true;  // long names in a long list: the reply arrives split
  auto offline = spec("Offline", 10, 3);
  offline.offline = true;
  sim::SimCluster cluster({plain, challenged, crowded, offline}, 11, frozen_clock());

  Prober prober;
  auto options = patient(true);
  options.timeout = 700ms;
  options.retries = 1;
  const auto started = std::chrono::steady_clock::now();
  const auto results = prober.probe_all(endpoints_of(cluster), options);
  const auto took = std::chrono::steady_clock::now() - started;
  ASSERT_EQ(results.size(), 4u);

  EXPECT_TRUE(results[0].answered);
  EXPECT_EQ(results[0].info.name, "Plain");
  EXPECT_EQ(results[0].info.map, "de_inferno");
  EXPECT_EQ(results[0].info.players, 4);
  EXPECT_EQ(results[0].info.max_players, 10);
  EXPECT_EQ(results[0].info.app_id, 730);
  EXPECT_EQ(results[0].info.game_port, cluster.ports()[0]);
  EXPECT_TRUE(results[0].players_answered);
  ASSERT_EQ(results[0].players.size(), 4u);
  EXPECT_EQ(results[0].players[0].name, "");  // stock CS2
  EXPECT_GT(results[0].players[0].duration_s, 0.0f);

  EXPECT_TRUE(results[1].answered);
  EXPECT_EQ(results[1].info.name, "Challenged");
  EXPECT_TRUE(results[1].players_answered);
  EXPECT_EQ(results[1].players.size(), 7u);

  EXPECT_TRUE(results[2].answered);
  EXPECT_TRUE(results[2].players_answered);
  ASSERT_EQ(results[2].players.size(), 100u);
  const auto snap = cluster.snapshot(2);
  EXPECT_EQ(results[2].players[99].name, snap.humans[99].name);

  EXPECT_FALSE(results[3].answered);
  EXPECT_EQ(results[3].error, "timeout");
  EXPECT_FALSE(results[3].players_answered);
  // (retries + 1) timeouts for the silent server, with a wide margin for a busy machine.
  EXPECT_LT(took, 10s);
}

TEST(Prober, InfoOnlyLeavesPlayersUnasked) {
  sim::SimCluster cluster({spec("One", 10, 2)}, 12, frozen_clock());
  Prober prober;
  const auto results = prober.probe_all(endpoints_of(cluster), patient(false));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_TRUE(results[0].answered);
  EXPECT_FALSE(results[0].players_answered);
  EXPECT_TRUE(results[0].players.empty());
}

TEST(Prober, RejectsUnusableAddressesWithoutSending) {
  Prober prober;
  const auto results = prober.probe_all({{"not-an-ip", 27015}, {"127.0.0.1", 0}}, patient(false));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].error, "invalid address");
  EXPECT_EQ(results[1].error, "invalid address");
  EXPECT_TRUE(prober.probe_all({}, patient(false)).empty());
}

TEST(Prober, SameEndpointTwiceAndConcurrentCallers) {
  auto challenged = spec("Challenged", 12, 5);
  challenged.require_challenge = true;
  sim::SimCluster cluster({spec("A", 10, 3), challenged}, 13, frozen_clock());
  auto endpoints = endpoints_of(cluster);
  endpoints.push_back(endpoints[1]);
  endpoints.push_back(endpoints[0]);

  Prober prober;
  auto run = [&] { return prober.probe_all(endpoints, patient(true)); };
  auto first = std::async(std::launch::async, run);
  auto second = std::async(std::launch::async, run);
  for (const auto& results : {first.get(), second.get()}) {
    ASSERT_EQ(results.size(), 4u);
    for (const auto& r : results) {
      EXPECT_TRUE(r.answered) << r.error;
      EXPECT_TRUE(r.players_answered);
    }
    EXPECT_EQ(results[2].info.name, "Challenged");
    EXPECT_EQ(results[3].info.name, "A");
  }
}

TEST(Prober, HundredsOfServersInOneCall) {
  std::vector<sim::SimServerSpec> specs;
  for (int i = 0; i < 520; ++i) {
    auto s = spec("srv-" + std::to_string(i), 10 + i % 23, i % 11);
    s.require_challenge = i % 5 == 0;
    s.offline = i % 97 == 3;
    specs.push_back(s);
  }
  sim::SimCluster cluster(specs, 14, frozen_clock());
  Prober prober;
  const auto results = prober.probe_all(endpoints_of(cluster), patient(true));
  ASSERT_EQ(results.size(), specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].offline) {
      EXPECT_FALSE(results[i].answered) << i;
      continue;
    }
    ASSERT_TRUE(results[i].answered) << i << " " << results[i].error;
    EXPECT_EQ(results[i].info.name, specs[i].name);
    EXPECT_EQ(results[i].info.max_players, specs[i].max_players);
    EXPECT_TRUE(results[i].players_answered) << i;
    EXPECT_EQ(static_cast<int>(results[i].players.size()), specs[i].initial_players) << i;
  }
}

TEST(Prober, InFlightLimitStillReachesEveryone) {
  std::vector<sim::SimServerSpec> specs;
  for (int i = 0; i < 40; ++i) specs.push_back(spec("s" + std::to_string(i), 10, i % 10));
  sim::SimCluster cluster(specs, 15, frozen_clock());
  Prober prober;
  auto options = patient(true);
  options.max_in_flight = 3;
  const auto results = prober.probe_all(endpoints_of(cluster), options);
  for (const auto& r : results) EXPECT_TRUE(r.answered && r.players_answered) << r.error;
}

}  // namespace
}  // namespace portal::a2s
