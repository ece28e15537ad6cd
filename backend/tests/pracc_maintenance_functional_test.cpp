// Verify integrity and update (spec 001 section 6, issue 15) end to end in demo mode: the portal
// leaves control/<server>/validate (or /update) in the demo bucket through the COS adapter and
// reboots the machine; the cloud stand-in's boot takes the request away, as the bootstrap does, and
// runs SteamCMD longer (6 reboots' time here) before the game server answers. The card shows
// VERIFYING (UPDATING) all that time, then RUNNING with the server's settings applied again.
#include "integrations/a2s/prober.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "support/rental_fixture.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

namespace portal::test {
namespace {

class RentalMaintenance : public RentalFixture {
 protected:
  using RentalFixture::RentalFixture;
};

TEST_F(RentalMaintenance, VerifyShowsVerifyingThroughTheLongerBootThenRunsWithItsSettingsAgain) {
  buy_server("ap-shanghai", false);
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  const auto up = card(owner());
  const std::string id(up.at("instance_id").as_string());
  const std::string ip(up.at("public_ip").as_string());
  const auto port = static_cast<std::uint16_t>(up.at("server_port").as_int64());
  ASSERT_EQ(
      post("/api/scrim/change-password", json::object{{"instance_id", id}, {"password", "newpass9"}}, owner()).status,
      200);
  EXPECT_EQ(post("/api/scrim/server/" + id + "/verify", json::object{}, token(member_id, kMember)).status, 404)
      << "a stranger to the server does not see it";

  auto verified = post("/api/scrim/server/" + id + "/verify", json::object{}, owner());
  ASSERT_EQ(verified.status, 200) << verified.body;
  EXPECT_EQ(status_of_card(owner()), "VERIFYING");
  EXPECT_EQ(post("/api/scrim/server/" + id + "/update", json::object{}, owner()).status, 409)
      << "one maintenance at a time";

  // Back once the validating boot is over and the game answers with the password given since the
  // server was bought (the boot read its first configuration again).
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  a2s::Prober prober;
  EXPECT_TRUE(prober.probe_all({{ip, port}}, {}).at(0).answered);
  rcon::Client console(ip, port, rcon_password(id));
  EXPECT_NE(console.exec("sv_password").find("newpass9"), std::string::npos);
  EXPECT_TRUE(has_audit(id, "rental.verify"));
}

}  // namespace
}  // namespace portal::test
