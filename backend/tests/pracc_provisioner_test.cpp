// The provisioning jobs against a cloud that refuses launches or loses their answers, on a real
// database (SQLite, or PostgreSQL under scripts/with-postgres.sh) and a clock the test moves: the new
// record of a region switch that neither region takes goes back to its old region, then keeps trying
// there ever more slowly until its expiry, and no order is refunded for it (docs/pracc.md); a launch
// whose answer was lost is asked again with the same ClientToken, so it makes one machine, and its
// order is refunded only after the cloud has answered.
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/transaction.hpp"
#include "features/auth/user_repository.hpp"
#include "features/pracc/provisioner.hpp"
#include "features/pracc/rental_rules.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace portal::test {
namespace {

constexpr std::int64_t kStart = 1'800'000'000;

class ScriptedCloud final : public cloud::Compute {
 public:
  // refuse: sold out. make_but_lose: the machine is made (once per ClientToken, as Tencent does), the
  // answer is lost on the way back. answer: made and answered.
  enum class Launch { refuse, make_but_lose, answer };
  Launch next = Launch::refuse;
  std::vector<std::string> launched_in;
  std::vector<std::string> tokens;
  std::map<std::string, std::string> made;  // ClientToken -> instance id

  core::Result<std::string> launch(const cloud::LaunchRequest& request) override {
    launched_in.push_back(request.region);
    tokens.push_back(request.client_token);
    if (next == Launch::refuse) return core::Error::make(core::ErrorKind::conflict, "CLOUD_SOLD_OUT", "sold out");
    auto& id = made[request.client_token];
    if (id.empty()) id = "ins-" + std::to_string(made.size());
    if (next == Launch::answer) return id;
    return core::Error::make(core::ErrorKind::unavailable, "CLOUD_UNAVAILABLE",
                             "Tencent Cloud did not answer RunInstances: timed out", {{"answer_lost", true}});
  }
  core::Result<std::vector<cloud::InstanceInfo>> describe(const std::string&,
                                                          const std::vector<std::string>&) override {
    return std::vector<cloud::InstanceInfo>{};
  }
  core::Status reboot(const std::string&, const std::vector<std::string>&) override { return core::Ok{}; }
  core::Status stop(const std::string&, const std::vector<std::string>&) override { return core::Ok{}; }
  core::Status start(const std::string&, const std::vector<std::string>&) override { return core::Ok{}; }
  core::Status terminate(const std::string&, const std::vector<std::string>&) override { return core::Ok{}; }
  core::Result<std::vector<cloud::RegionStatus>> region_status(const std::vector<std::string>&, cloud::Tier) override {
    return std::vector<cloud::RegionStatus>{};
  }
};

class SilentConsole final : public pracc::GameConsole {
 public:
  core::Result<std::string> run(const pracc::RentalServer&, const std::string&) override {
    return core::Error::make(core::ErrorKind::unavailable, "CONSOLE_UNAVAILABLE", "down");
  }
};

class RentalProvisioner : public ::testing::Test {
 protected:
  RentalProvisioner() {
    db::migrate(database, db::embedded_migrations(database.engine()));
    auth::UserRepository users(database);
    owner_id = users.upsert_steam_user("76561198000000051", "Owner", "", kStart).id;
  }

  // The owner's server in ap-shanghai, of the order `order_id`, stored.
  pracc::RentalServer stored_server(pracc::Phase phase, const std::string& order_id, std::int64_t expires_at,
                                    pracc::RentalTier tier = pracc::RentalTier::basic) {
    pracc::RentalServer server;
    server.id = pracc::new_server_id();
    server.owner_user_id = owner_id;
    server.owner_steam_id = "76561198000000051";
    server.name = "Scrim";
    server.join_password = "abc123";
    server.rcon_password = "rcon";
    server.region = "ap-shanghai";
    server.tier = tier;
    server.phase = phase;
    server.order_id = order_id;
    server.next_launch_at = now;
    server.expires_at = expires_at;
    server.created_at = kStart;
    server.admins = {{"76561198000000051", "me"}};
    database.with_session([&](soci::session& sql) {
      db::write_transaction(sql, database.engine(), [&] { servers.insert_within(sql, server, "test"); });
    });
    return server;
  }

  // A running premium server in ap-shanghai switched to ap-tokyo: answers the new record's id.
  std::string switched_server() {
    const pracc::RentalServer old =
        stored_server(pracc::Phase::running, "ord_test", kStart + 3600, pracc::RentalTier::premium);
    pracc::RentalServer next = old;
    next.id = pracc::new_server_id();
    next.region = "ap-tokyo";
    next.phase = pracc::Phase::switching;
    next.order_id.clear();
    next.relocated_from = old.id;
    next.next_launch_at = now;
    EXPECT_TRUE(servers.switch_region(old.id, next, pracc::gmt8_day_start(now), pracc::kSwitchesPerDay, now, "test"));
    return next.id;
  }

  // A bought server waiting for its first launch, of the order `order_id`.
  std::string bought_server(const std::string& order_id) {
    return stored_server(pracc::Phase::creating, order_id, kStart + 86400).id;
  }

  void launch_when_due(const std::string& id) {
    now = std::max(now, servers.find(id)->next_launch_at);
    provisioner.launch_due();
  }

  bool history_has(const std::string& id, const std::string& action) {
    const auto rows = servers.history(id);
    return std::any_of(rows.begin(), rows.end(), [&](const auto& row) { return row.action == action; });
  }

  TestDatabase test_database;
  db::Database database{test_database.options()};
  std::int64_t owner_id = 0;
  std::int64_t now = kStart;
  pracc::RentalRepository servers{database};
  ScriptedCloud cloud;
  SilentConsole console;
  std::vector<std::string> refunded;
  pracc::Provisioner provisioner{pracc::ProvisionerDeps{
      .servers = servers,
      .compute = cloud,
      .console = console,
      .settings =
          [] {
            pracc::RentalSettings s;
            s.launch_attempts = 2;
            s.launch_retry_seconds = 10;
            return s;
          }(),
      .now_unix = [this] { return now; },
      .refund_order =
          [this](const std::string& order_id, const std::string&) {
            refunded.push_back(order_id);
            return core::Status(core::Ok{});
          },
      .store = nullptr,
      .plugin_key = {},
      .notify_owner = {},
  }};
};

TEST_F(RentalProvisioner, ASwitchNeitherRegionTakesKeepsTryingItsOldRegionUntilItsExpiryWithoutARefund) {
  const std::string id = switched_server();
  // Two attempts in the target region, then back to the old one for two more.
  for (int pass = 0; pass < 4; ++pass) {
    now = std::max(now, servers.find(id)->next_launch_at);
    provisioner.launch_due();
  }
  EXPECT_EQ(cloud.launched_in, (std::vector<std::string>{"ap-tokyo", "ap-tokyo", "ap-shanghai", "ap-shanghai"}));
  auto stranded = servers.find(id);
  ASSERT_TRUE(stranded);
  EXPECT_EQ(stranded->phase, pracc::Phase::switching) << "not failed: its paid time is not over";
  EXPECT_EQ(stranded->region, "ap-shanghai");
  EXPECT_EQ(pracc::web_status(*stranded), "LAUNCH_RETRYING");
  EXPECT_TRUE(history_has(id, "rental.switch_back"));
  EXPECT_TRUE(history_has(id, "rental.launch_backoff")) << "the operator sees it in the audit log";
  EXPECT_TRUE(refunded.empty()) << "neither the whole order nor anything is refunded";

  // Each try beyond the usual ones waits twice as long as the one before.
  std::int64_t previous_wait = stranded->next_launch_at - now;
  EXPECT_EQ(previous_wait, 10);
  for (int pass = 0; pass < 3; ++pass) {
    now = servers.find(id)->next_launch_at;
    provisioner.launch_due();
    const std::int64_t wait = servers.find(id)->next_launch_at - now;
    EXPECT_EQ(wait, previous_wait * 2);
    previous_wait = wait;
  }
  EXPECT_EQ(cloud.launched_in.size(), 7u);
  EXPECT_EQ(servers.find(id)->region, "ap-shanghai") << "it stays in its old region";

  // At its expiry it is no longer launched: it expires like any other server.
  now = kStart + 3601;
  provisioner.launch_due();
  EXPECT_EQ(cloud.launched_in.size(), 7u);
  provisioner.lifecycle();
  EXPECT_EQ(servers.find(id)->phase, pracc::Phase::expired);
  EXPECT_TRUE(refunded.empty());
}

TEST_F(RentalProvisioner, ALaunchWhoseAnswerWasLostIsAskedAgainWithItsTokenAndMakesOneMachine) {
  const std::string id = bought_server("ord_lost");
  cloud.next = ScriptedCloud::Launch::make_but_lose;
  launch_when_due(id);
  auto waiting = servers.find(id);
  ASSERT_TRUE(waiting);
  EXPECT_EQ(waiting->launch_attempts, 1);
  EXPECT_EQ(waiting->launch_token, cloud.tokens.front()) << "kept for the next attempt";
  EXPECT_TRUE(waiting->cloud_instance_id.empty());

  cloud.next = ScriptedCloud::Launch::answer;
  launch_when_due(id);
  ASSERT_EQ(cloud.tokens.size(), 2u);
  EXPECT_EQ(cloud.tokens[1], cloud.tokens[0]) << "the same ClientToken: the cloud answers the machine it made";
  EXPECT_EQ(cloud.made.size(), 1u) << "one machine, not a second beside the first";
  const auto launched = servers.find(id);
  EXPECT_EQ(launched->cloud_instance_id, cloud.made.begin()->second);
  EXPECT_TRUE(launched->launch_token.empty());
  EXPECT_TRUE(refunded.empty());
}

TEST_F(RentalProvisioner, AnUnansweredLastAttemptWaitsForTheCloudsAnswerBeforeAnyRefund) {
  const std::string id = bought_server("ord_unanswered");
  cloud.next = ScriptedCloud::Launch::make_but_lose;
  for (int attempt = 0; attempt < 4; ++attempt) launch_when_due(id);
  EXPECT_TRUE(refunded.empty()) << "the machine may exist: no refund without the cloud's answer";
  EXPECT_TRUE(history_has(id, "rental.launch_unanswered"));
  EXPECT_EQ(pracc::web_status(*servers.find(id)), "CREATING") << "still being made, as far as anyone knows";
  EXPECT_EQ(cloud.made.size(), 1u);
  EXPECT_EQ(std::set<std::string>(cloud.tokens.begin(), cloud.tokens.end()).size(), 1u) << "one token throughout";

  // Once the cloud answers, with a refusal here, the order is refunded, once.
  cloud.next = ScriptedCloud::Launch::refuse;
  launch_when_due(id);
  EXPECT_EQ(refunded, std::vector<std::string>{"ord_unanswered"});
  EXPECT_EQ(servers.find(id)->phase, pracc::Phase::failed);
  EXPECT_TRUE(servers.find(id)->launch_token.empty());
}

TEST_F(RentalProvisioner, AttemptsAfterARefusalGetTokensOfTheirOwn) {
  const std::string id = bought_server("ord_refused");
  launch_when_due(id);
  cloud.next = ScriptedCloud::Launch::answer;
  launch_when_due(id);
  ASSERT_EQ(cloud.tokens.size(), 2u);
  EXPECT_NE(cloud.tokens[0], cloud.tokens[1]);
  EXPECT_FALSE(servers.find(id)->cloud_instance_id.empty());
}

}  // namespace
}  // namespace portal::test
