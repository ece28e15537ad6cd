#include "sim/cs2/sim_fleet.hpp"

#include "integrations/a2s/prober.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "integrations/rcon/rcon_error.hpp"

#include <gtest/gtest.h>

#include <set>
#include <system_error>

namespace portal::sim {
namespace {

using namespace std::chrono_literals;

// A loopback address of its own per test (Linux routes all of 127.0.0.0/8 to lo), so fixed ports
// never meet another test's servers.
constexpr const char* kHost = "127.77.250.1";
constexpr const char* kOtherHost = "127.77.250.2";

SimServerSpec practice_spec(std::string join_password = "") {
  SimServerSpec spec;
  spec.name = "Practice 01";
  spec.map = "de_ancient";
  spec.max_players = 16;
  spec.rcon_password = "rcon-pw";
  spec.join_password = std::move(join_password);
  spec.admins = {"76561198000000001"};
  return spec;
}

SimFleetOptions frozen() { return SimFleetOptions{.tick = 0ms}; }

a2s::ProbeResult query(const std::string& host, std::uint16_t port) {
  a2s::Prober prober;
  return prober.probe_all({{host, port}}, {.timeout = 500ms, .retries = 2}).at(0);
}

// Whether anything answers within a short wait (a closed UDP port answers nothing at all).
bool silent(const std::string& host, std::uint16_t port) {
  a2s::Prober prober;
  return !prober.probe_all({{host, port}}, {.timeout = 150ms, .retries = 0}).at(0).answered;
}

TEST(SimFleet, ServesOnTheGivenAddressAndPort) {
  SimFleet fleet(frozen());
  const auto id = fleet.add(practice_spec("join"), 1, kHost, 27015);
  EXPECT_EQ(fleet.size(), 1u);
  EXPECT_EQ(fleet.find(id)->port(), 27015);

  const auto answer = query(kHost, 27015);
  ASSERT_TRUE(answer.answered) << answer.error;
  EXPECT_EQ(answer.info.name, "Practice 01");
  EXPECT_TRUE(answer.info.password);
  EXPECT_EQ(answer.info.game_port, 27015);

  rcon::Client console(kHost, 27015, "rcon-pw");
  console.exec("sv_password \"\"");
  console.exec("css_addadmin 76561198000000002 \"coach\"");
  console.exec("say Server closes in 10 minutes");
  EXPECT_FALSE(query(kHost, 27015).info.password);
  const auto snapshot = fleet.snapshot(id);
  ASSERT_TRUE(snapshot);
  EXPECT_EQ(snapshot->admins, (std::vector<std::string>{"76561198000000001", "76561198000000002"}));
  EXPECT_EQ(snapshot->said, (std::vector<std::string>{"Server closes in 10 minutes"}));
}

TEST(SimFleet, ARemovedServerIsGoneAndItsAddressCanBeBoundAgainAtOnce) {
  SimFleet fleet(frozen());
  const auto first = fleet.add(practice_spec(), 2, kHost, 27016);
  {
    rcon::Client console(kHost, 27016, "rcon-pw");
    console.exec("hostname Changed at run time");
    // The session stays open across remove(): remove() closes it too.
    fleet.remove(first);
    EXPECT_THROW(console.exec("status"), rcon::RconError);
  }
  EXPECT_EQ(fleet.size(), 0u);
  EXPECT_EQ(fleet.find(first), nullptr);
  EXPECT_TRUE(silent(kHost, 27016));

  // A restart: the same address again, with the configured name back.
  const auto second = fleet.add(practice_spec(), 3, kHost, 27016);
  EXPECT_NE(second, first);
  const auto answer = query(kHost, 27016);
  ASSERT_TRUE(answer.answered) << answer.error;
  EXPECT_EQ(answer.info.name, "Practice 01");
}

TEST(SimFleet, ATakenAddressIsRefusedAndNothingIsAdded) {
  SimFleet fleet(frozen());
  fleet.add(practice_spec(), 4, kOtherHost, 27015);
  EXPECT_THROW(fleet.add(practice_spec(), 5, kOtherHost, 27015), std::system_error);
  EXPECT_EQ(fleet.size(), 1u);
  // The same port on another loopback address is a different address.
  fleet.add(practice_spec(), 6, kHost, 27015);
  EXPECT_EQ(fleet.size(), 2u);
}

TEST(SimFleet, RunsManyServersOnOneThreadAndStopsThemAll) {
  SimFleet fleet(SimFleetOptions{.tick = 5ms, .time_scale = 100});
  std::vector<SimFleet::ServerId> ids;
  for (int i = 0; i < 200; ++i) {
    const std::string host = "127.77.251." + std::to_string(i + 1);
    ids.push_back(fleet.add(practice_spec(), 10 + static_cast<unsigned>(i), host, 27015));
  }
  EXPECT_EQ(std::set<SimFleet::ServerId>(ids.begin(), ids.end()).size(), 200u);
  for (std::size_t i = 0; i < ids.size(); i += 2) fleet.remove(ids[i]);
  EXPECT_EQ(fleet.size(), 100u);
  EXPECT_TRUE(query("127.77.251.2", 27015).answered);
  EXPECT_TRUE(silent("127.77.251.1", 27015));
  fleet.stop();
  fleet.stop();  // idempotent
  EXPECT_EQ(fleet.size(), 0u);
}

}  // namespace
}  // namespace portal::sim
