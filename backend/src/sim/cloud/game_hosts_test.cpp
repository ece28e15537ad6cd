// The machines' game servers: started from the UserData's settings at the machine's address, started
// afresh when the machine came up again, moved to another address when theirs is taken, stopped
// when the machine is no longer running; hundreds at once on one I/O thread.

#include "sim/cloud/game_hosts.hpp"

#include "integrations/a2s/prober.hpp"
#include "sim/cloud/sim_cloud.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace portal::sim::cloud {
namespace {

using namespace std::chrono_literals;

std::shared_ptr<const std::string> script_for(const std::string& name, int port = 27015) {
  portal::cloud::ServerBootstrap settings;
  settings.server_ref = "srv_gh";
  settings.server_name = name;
  settings.join_password = "join";
  settings.rcon_password = "rcon";
  settings.game_port = port;
  settings.max_players = 10;
  settings.admins = {"76561198000000009"};
  settings.demo_bucket = "demos-1250000000";
  settings.demo_region = "ap-shanghai";
  settings.demo_prefix = "demos/srv_gh/";
  auto script = portal::cloud::render_user_data(settings);
  if (!script) throw std::runtime_error(script.error().message);
  return std::make_shared<const std::string>(std::move(*script));
}

bool answers(const GameEndpoint& endpoint) {
  a2s::Prober prober;
  return prober.probe_all({{endpoint.ip, endpoint.port}}, {.timeout = 300ms, .retries = 2}).at(0).answered;
}

auto no_other_address = [](const std::string&) { return std::string(); };

TEST(GameHosts, RunsTheServerTheUserDataDescribesAndRestartsItWhenTheMachineCameUpAgain) {
  GameHosts hosts(SimFleetOptions{.tick = 0ms});
  WantedServer machine{.instance_id = "ins-gh000001",
                       .boots = 1,
                       .public_ip = "127.79.0.1",
                       .user_data = script_for("GH one", 27020),
                       .seed = 3};
  hosts.reconcile({machine}, no_other_address);
  const auto endpoint = hosts.endpoint("ins-gh000001");
  ASSERT_TRUE(endpoint);
  EXPECT_EQ(endpoint->ip, "127.79.0.1");
  EXPECT_EQ(endpoint->port, 27020);
  auto snapshot = hosts.snapshot("ins-gh000001");
  ASSERT_TRUE(snapshot);
  EXPECT_EQ(snapshot->name, "GH one");
  EXPECT_EQ(snapshot->join_password, "join");
  EXPECT_EQ(snapshot->admins, std::vector<std::string>{"76561198000000009"});
  EXPECT_TRUE(answers(*endpoint));

  // Nothing changed: the same server keeps running (what RCON set stays).
  hosts.reconcile({machine}, no_other_address);
  EXPECT_EQ(hosts.running(), 1u);

  machine.boots = 2;  // rebooted
  hosts.reconcile({machine}, no_other_address);
  ASSERT_TRUE(hosts.snapshot("ins-gh000001"));
  EXPECT_TRUE(answers(*hosts.endpoint("ins-gh000001")));

  hosts.reconcile({}, no_other_address);
  EXPECT_EQ(hosts.running(), 0u);
  EXPECT_FALSE(hosts.snapshot("ins-gh000001"));
}

TEST(GameHosts, AMachineThatIsDownHoldsItsAddressSilentlyUntilItComesUp) {
  GameHosts hosts(SimFleetOptions{.tick = 0ms});
  WantedServer machine{.instance_id = "ins-gh000005",
                       .boots = 1,
                       .public_ip = "127.79.0.5",
                       .user_data = script_for("GH five"),
                       .seed = 5};
  hosts.reconcile({machine}, no_other_address);
  const auto endpoint = hosts.endpoint("ins-gh000005");
  ASSERT_TRUE(endpoint);

  machine.powered = false;  // rebooting
  hosts.reconcile({machine}, no_other_address);
  EXPECT_EQ(hosts.running(), 0u);
  EXPECT_FALSE(hosts.endpoint("ins-gh000005"));
  EXPECT_FALSE(answers(*endpoint)) << "a machine that is down answers nothing";

  // Another stand-in sharing the loopback range cannot take the address meanwhile.
  GameHosts other(SimFleetOptions{.tick = 0ms});
  std::vector<std::string> asked;
  other.reconcile({WantedServer{.instance_id = "ins-gh000006",
                                .boots = 1,
                                .public_ip = "127.79.0.5",
                                .user_data = script_for("intruder"),
                                .seed = 6}},
                  [&asked](const std::string& id) {
                    asked.push_back(id);
                    return std::string("127.79.0.6");
                  });
  EXPECT_EQ(asked, std::vector<std::string>{"ins-gh000006"});

  machine.powered = true;
  machine.boots = 2;
  hosts.reconcile({machine}, no_other_address);
  const auto back = hosts.endpoint("ins-gh000005");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->ip, "127.79.0.5");
  EXPECT_EQ(hosts.snapshot("ins-gh000005")->name, "GH five");
  EXPECT_TRUE(answers(*back));
}

TEST(GameHosts, ATakenAddressIsTradedForAnother) {
  GameHosts holder(SimFleetOptions{.tick = 0ms});
  holder.reconcile({WantedServer{.instance_id = "ins-gh000002",
                                 .boots = 1,
                                 .public_ip = "127.79.0.2",
                                 .user_data = script_for("holder"),
                                 .seed = 1}},
                   no_other_address);
  ASSERT_TRUE(holder.endpoint("ins-gh000002"));

  GameHosts hosts(SimFleetOptions{.tick = 0ms});
  std::vector<std::string> asked;
  hosts.reconcile({WantedServer{.instance_id = "ins-gh000003",
                                .boots = 1,
                                .public_ip = "127.79.0.2",
                                .user_data = script_for("mover"),
                                .seed = 2}},
                  [&asked](const std::string& id) {
                    asked.push_back(id);
                    return std::string("127.79.0.3");
                  });
  EXPECT_EQ(asked, std::vector<std::string>{"ins-gh000003"});
  const auto endpoint = hosts.endpoint("ins-gh000003");
  ASSERT_TRUE(endpoint);
  EXPECT_EQ(endpoint->ip, "127.79.0.3");
  EXPECT_TRUE(answers(*endpoint));
}

TEST(GameHosts, AMachineWithoutReadableSettingsRunsNoServer) {
  GameHosts hosts(SimFleetOptions{.tick = 0ms});
  hosts.reconcile({WantedServer{.instance_id = "ins-gh000004",
                                .boots = 1,
                                .public_ip = "127.79.0.4",
                                .user_data = std::make_shared<const std::string>("#!/bin/sh\necho hello\n"),
                                .seed = 4}},
                  no_other_address);
  EXPECT_EQ(hosts.running(), 0u);
  EXPECT_FALSE(hosts.bootstrap("ins-gh000004", "#!/bin/sh\n"));
}

TEST(GameHosts, RunsFiveHundredMachinesAtOnce) {
  GameHosts hosts(SimFleetOptions{.tick = 1s});
  std::vector<WantedServer> wanted;
  const auto script = script_for("many");
  for (int i = 0; i < 500; ++i) {
    wanted.push_back(
        WantedServer{.instance_id = "ins-many" + std::to_string(1000 + i),
                     .boots = 1,
                     .public_ip = "127.79." + std::to_string(1 + i / 250) + "." + std::to_string(1 + i % 250),
                     .user_data = script,
                     .seed = static_cast<std::uint64_t>(i)});
  }
  hosts.reconcile(wanted, no_other_address);
  EXPECT_EQ(hosts.running(), 500u);
  std::set<std::string> addresses;
  for (const auto& machine : wanted) {
    const auto endpoint = hosts.endpoint(machine.instance_id);
    ASSERT_TRUE(endpoint) << machine.instance_id;
    addresses.insert(endpoint->ip);
  }
  EXPECT_EQ(addresses.size(), 500u);
  EXPECT_TRUE(answers(*hosts.endpoint(wanted.back().instance_id)));
  wanted.resize(100);
  hosts.reconcile(wanted, no_other_address);
  EXPECT_EQ(hosts.running(), 100u);
}

TEST(SimCloud, RefusesToExistOutsideDemoModeAndChecksItsSettings) {
  SimCloudSettings settings;
  EXPECT_THROW(SimCloud{settings}, std::logic_error);
  settings.demo_mode = true;
  settings.demo_min_bytes = 10;
  settings.demo_max_bytes = 5;
  EXPECT_THROW(SimCloud{settings}, std::invalid_argument);
  settings.demo_max_bytes = 50;
  settings.boot_delay = -1ms;
  EXPECT_THROW(SimCloud{settings}, std::invalid_argument);
}

TEST(SimCloud, HandsOutFreshCredentialsAndItsEndpoints) {
  SimCloudSettings settings;
  settings.demo_mode = true;
  settings.public_base_url = "http://127.0.0.1:8080/";
  SimCloud first(settings);
  SimCloud second(settings);
  EXPECT_TRUE(first.credentials().secret_id.starts_with("AKID"));
  EXPECT_EQ(first.credentials().secret_id.size(), 36u);
  EXPECT_EQ(first.credentials().secret_key.size(), 32u);
  EXPECT_NE(first.credentials().secret_key, second.credentials().secret_key);
  EXPECT_EQ(first.cvm_endpoint(), "http://127.0.0.1:8080/dev/cloud/cvm");
  EXPECT_EQ(first.cos_endpoint(), "http://127.0.0.1:8080/dev/cloud/cos");
  EXPECT_TRUE(first.objects().has_bucket("portal-demos-1250000000"));
}

}  // namespace
}  // namespace portal::sim::cloud
