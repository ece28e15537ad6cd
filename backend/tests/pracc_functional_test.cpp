// The practice-server rental end to end with nothing faked (issue 15): demo mode buys through the
// payment stand-ins, the real Tencent adapter launches machines in the local cloud stand-in
// (sim/cloud), which runs a simulated CS2 server per running machine on its own loopback address.
// The jobs run on their own schedule (1 s here); the tests wait for states, never for fixed times.
#include "app/wiring/payment_providers.hpp"
#include "app/wiring/rentals.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/payment_processor.hpp"
#include "integrations/a2s/prober.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "sim/payments/payment_sandbox.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "support/rental_fixture.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

namespace portal::test {
namespace {

class Rentals : public RentalFixture {
 protected:
  using RentalFixture::RentalFixture;
};

TEST_F(Rentals, ABoughtServerComesUpAndIsRunByItsOwnerAndAdmins) {
  const std::string order = buy_server("ap-shanghai", true);
  EXPECT_EQ(order_status(order, owner()), "paid");
  ASSERT_FALSE(card(owner()).empty()) << "the server exists as soon as it is paid for";
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  const auto up = card(owner());
  const std::string id(up.at("instance_id").as_string());
  const std::string ip(up.at("public_ip").as_string());
  const auto port = static_cast<std::uint16_t>(up.at("server_port").as_int64());
  EXPECT_TRUE(up.at("isOwner").as_bool());
  EXPECT_EQ(up.at("connect_url").as_string(), "connect " + ip + ":" + std::to_string(port) + "; password abc123");

  // The connect address is real: A2S answers with the name and a password.
  a2s::Prober prober;
  const auto probed = prober.probe_all({{ip, port}}, {});
  ASSERT_TRUE(probed.at(0).answered) << probed.at(0).error;
  EXPECT_EQ(probed.at(0).info.name, "练枪 Scrim 1");
  EXPECT_TRUE(probed.at(0).info.password);

  // A new password reaches the running server.
  EXPECT_EQ(
      post("/api/scrim/change-password", json::object{{"instance_id", id}, {"password", "bad pass"}}, owner()).status,
      422);
  auto changed =
      post("/api/scrim/change-password", json::object{{"instance_id", id}, {"password", "newpass9"}}, owner());
  ASSERT_EQ(changed.status, 200) << changed.body;
  rcon::Client console(ip, port, rcon_password(id));
  EXPECT_NE(console.exec("sv_password").find("newpass9"), std::string::npos);

  // Admins: the member sees the server, cannot change its password; a stranger does not see it.
  auto admins = put("/api/scrim/server/" + id + "/admins",
                    json::object{{"admins", json::array{json::object{{"steamid", kOwner}, {"name", "me"}},
                                                        json::object{{"steamid", kMember}, {"name", "mate"}}}}},
                    owner());
  ASSERT_EQ(admins.status, 200) << admins.body;
  const std::string member = token(member_id, kMember);
  const auto seen = card(member);
  ASSERT_FALSE(seen.empty());
  EXPECT_FALSE(seen.at("isOwner").as_bool());
  EXPECT_EQ(post("/api/scrim/change-password", json::object{{"instance_id", id}, {"password", "x1"}}, member).status,
            403);
  EXPECT_EQ(get("/api/scrim/server/" + id + "/admins", token(stranger_id, kStranger)).status, 404);
  EXPECT_EQ(put("/api/scrim/server/" + id + "/admins", json::object{{"admins", json::array{}}}, owner()).status, 422)
      << "a server keeps at least one admin";
  auto mates = get("/api/scrim/server/" + id + "/past-teammates", owner());
  ASSERT_EQ(mates.status, 200);
  EXPECT_EQ(mates.json().at("teammates").as_array().size(), 1u) << "the earlier admin is a past teammate";

  // Restart: locked for 40 s, the server comes back with the password it was given since it booted.
  auto restarted = post("/api/scrim/restart-server", json::object{{"instance_id", id}}, member);
  ASSERT_EQ(restarted.status, 200) << restarted.body;
  EXPECT_EQ(post("/api/scrim/restart-server", json::object{{"instance_id", id}}, owner()).status, 409);
  ASSERT_TRUE(card_is("RUNNING"));
  EXPECT_TRUE(eventually([&] {
    try {
      rcon::Client again(ip, port, rcon_password(id));
      return again.exec("sv_password").find("newpass9") != std::string::npos;
    } catch (const std::exception&) {
      return false;
    }
  }));
}

TEST_F(Rentals, ARegionSwitchMovesTheServerTwiceADayAndRenewingExtendsIt) {
  buy_server("ap-shanghai", true);
  ASSERT_TRUE(card_is("RUNNING"));
  std::string id(card(owner()).at("instance_id").as_string());
  const auto regions = get("/api/scrim/available-regions?relocatable=1", owner());
  ASSERT_EQ(regions.status, 200) << regions.body;
  EXPECT_EQ(regions.json().at("regions").as_array().size(), 17u);

  EXPECT_EQ(
      post("/api/scrim/server/" + id + "/switch-region", json::object{{"targetRegion", "ap-shanghai"}}, owner()).status,
      422);
  for (const char* target : {"ap-tokyo", "ap-singapore"}) {
    auto switched = post("/api/scrim/server/" + id + "/switch-region", json::object{{"targetRegion", target}}, owner());
    ASSERT_EQ(switched.status, 200) << switched.body;
    const std::string next(switched.json().at("instance_id").as_string());
    ASSERT_TRUE(card_is("RUNNING"));
    const auto moved = card(owner());
    EXPECT_EQ(moved.at("instance_id").as_string(), next);
    EXPECT_EQ(moved.at("region").as_string(), target);
    id = next;
  }
  auto third = post("/api/scrim/server/" + id + "/switch-region", json::object{{"targetRegion", "ap-seoul"}}, owner());
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.json().at("message").as_string(), "Switch region limit exceeded");

  const std::int64_t before = card(owner()).at("timestamp").as_int64();
  buy("renew_server",
      json::object{{"instance_id", id}, {"duration", 168}, {"isRelocatable", true}, {"paymentMethod", "alipay"}},
      owner());
  EXPECT_EQ(card(owner()).at("timestamp").as_int64(), before + 168 * 3600);
}

TEST_F(Rentals, DemosAreListedNewestFirstAndDownloadedThroughASignedLink) {
  buy_server("ap-guangzhou", false);
  ASSERT_TRUE(card_is("RUNNING"));
  const std::string id(card(owner()).at("instance_id").as_string());
  json::array demos;
  ASSERT_TRUE(eventually(
      [&] {
        auto listed = get("/api/scrim/server/" + id + "/demos", owner());
        if (listed.status != 200) return false;
        demos = listed.json().at("data").at("demos").as_array();
        return !demos.empty();
      },
      60s));
  const std::string name(demos.at(0).at("name").as_string());
  auto link = get("/api/scrim/server/" + id + "/demos/" + name + "/download", owner());
  ASSERT_EQ(link.status, 200) << link.body;
  const std::string url(link.json().at("data").at("download_url").as_string());
  auto downloaded = http.get(url);
  EXPECT_EQ(downloaded.status, 200);
  EXPECT_EQ(static_cast<std::int64_t>(downloaded.body.size()), demos.at(0).at("size").as_int64());
  auto forged = http.get(url.substr(0, url.size() - 4) + "0000");
  EXPECT_EQ(forged.status, 403) << "a link whose signature was changed is refused";
  EXPECT_EQ(get("/api/scrim/server/" + id + "/demos/nothing.dem/download", owner()).status, 404);
}

TEST_F(Rentals, AnExpiredServerStopsWakesOnRenewalInGraceAndIsTerminatedAfter) {
  buy_server("ap-beijing", false);
  ASSERT_TRUE(card_is("RUNNING"));
  const std::string id(card(owner()).at("instance_id").as_string());
  sql("UPDATE rental_servers SET expires_at = " + std::to_string(core::system_unix_now() - 1) + " WHERE id = '" + id +
      "'");
  ASSERT_TRUE(card_is("STOPPED")) << status_of_card(owner());
  EXPECT_TRUE(card(owner()).at("isExpired").as_bool());
  EXPECT_EQ(post("/api/scrim/restart-server", json::object{{"instance_id", id}}, owner()).status, 409);

  buy("renew_server",
      json::object{{"instance_id", id}, {"duration", 72}, {"isRelocatable", false}, {"paymentMethod", "alipay"}},
      owner());
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  EXPECT_FALSE(card(owner()).at("isExpired").as_bool());

  const auto grace = app.app().config().pracc.grace_days * 86400;
  sql("UPDATE rental_servers SET expires_at = " + std::to_string(core::system_unix_now() - 1) + " WHERE id = '" + id +
      "'");
  ASSERT_TRUE(card_is("STOPPED"));
  sql("UPDATE rental_servers SET expires_at = " + std::to_string(core::system_unix_now() - grace - 1) +
      " WHERE id = '" + id + "'");
  ASSERT_TRUE(card_is("TERMINATED")) << status_of_card(owner());
}

class RentalLaunchFailures : public Rentals {
 protected:
  RentalLaunchFailures()
      : Rentals([](app::Config& c) {
          c.cloud.sim.launch_failure_percent = 100;
          c.pracc.launch_attempts = 2;
        }) {}
};

TEST_F(RentalLaunchFailures, AServerThatNeverRunsIsRefunded) {
  const std::string order = buy_server("ap-chengdu", false);
  ASSERT_TRUE(card_is("LAUNCH_FAILED")) << status_of_card(owner());
  EXPECT_TRUE(eventually([&] { return order_status(order, owner()) == "refunded"; }));
}

// The operator's `portal orders refund` as cli_orders.cpp runs it: the running portal's payment
// stand-ins and the rental product, which takes the server back.
core::Status refund_as_operator(const app::Config& config, const db::Options& options, const std::string& order_id) {
  integrations::CurlHttpClient http;
  sim::payments::PaymentSandbox sandbox(app::demo_sandbox_settings(config), http);
  auto built = app::sandbox_payment_providers(config, sandbox, http);
  payments::ProviderRegistry providers;
  for (auto& provider : built.providers) providers.add(std::move(provider));
  db::Database database(options);
  payments::OrderRepository orders(database);
  pracc::RentalRepository servers(database);
  pracc::RentalOrders rental_orders(
      pracc::RentalOrdersDeps{.servers = servers, .settings = {}, .now_unix = core::system_unix_now});
  payments::FulfilmentRegistry fulfillers;
  fulfillers.add(app::make_rental_fulfiller(rental_orders, {}));
  payments::PaymentProcessor processor(payments::PaymentProcessorDeps{.orders = orders,
                                                                      .providers = providers,
                                                                      .fulfillers = fulfillers,
                                                                      .merchant_ids = std::move(built.merchant_ids),
                                                                      .now_unix = core::system_unix_now});
  auto refunded = processor.refund(order_id, "test refund", "cli");
  if (!refunded) return refunded.error();
  return core::Ok{};
}

std::int64_t count_of(db::Database& database, const std::string& query) {
  return database.with_session([&](soci::session& s) {
    long long n = 0;
    s << query, soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

TEST_F(Rentals, ARefundEndsTheServerWithItsDemosAndARefundedRenewalGivesItsHoursBack) {
  sql("UPDATE users SET email = 'owner41@example.com' WHERE id = " + std::to_string(owner_id));
  const std::string bought = buy_server("ap-guangzhou", false);
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  const std::string id(card(owner()).at("instance_id").as_string());
  const auto demo_count = [&] {
    auto listed = get("/api/scrim/server/" + id + "/demos", owner());
    return listed.status == 200 ? listed.json().at("data").at("demos").as_array().size() : std::size_t{0};
  };
  ASSERT_TRUE(eventually([&] { return demo_count() > 0; })) << "a demo is recorded while it runs";

  const std::int64_t before = card(owner()).at("timestamp").as_int64();
  const std::string renewal =
      buy("renew_server",
          json::object{{"instance_id", id}, {"duration", 72}, {"isRelocatable", false}, {"paymentMethod", "alipay"}},
          owner());
  ASSERT_EQ(card(owner()).at("timestamp").as_int64(), before + 72 * 3600);
  const auto& config = app.app().config();
  ASSERT_TRUE(refund_as_operator(config, app.database(), renewal));
  EXPECT_EQ(order_status(renewal, owner()), "refunded");
  EXPECT_EQ(card(owner()).at("timestamp").as_int64(), before) << "the renewal's hours come off";
  EXPECT_EQ(status_of_card(owner()), "RUNNING");
  EXPECT_TRUE(eventually([&] {
    auto mail = http.get(app.url("/api/dev/mail"));
    return mail.status == 200 && mail.body.find("was refunded and its hours were taken off") != std::string::npos;
  })) << "the running portal tells the owner the expiry the server has again";
  EXPECT_FALSE(refund_as_operator(config, app.database(), renewal)) << "a refund is given once";
  EXPECT_EQ(card(owner()).at("timestamp").as_int64(), before) << "and taken back once";

  ASSERT_TRUE(refund_as_operator(config, app.database(), bought));
  EXPECT_EQ(order_status(bought, owner()), "refunded");
  ASSERT_TRUE(card_is("TERMINATED")) << status_of_card(owner());
  EXPECT_TRUE(card(owner()).at("isExpired").as_bool()) << "its time is over";
  EXPECT_EQ(count_of(database,
                     "SELECT COUNT(*) FROM audit_log WHERE action = 'rental.revoke' AND target = 'rental:" + id + "'"),
            2);
  EXPECT_EQ(count_of(database, "SELECT COUNT(*) FROM rental_revocations"), 2);
  EXPECT_TRUE(eventually([&] {
    auto mail = http.get(app.url("/api/dev/mail"));
    return mail.status == 200 && mail.body.find("has ended") != std::string::npos;
  })) << "the owner is told";

  // Its demos are gone from the bucket: seen through the demo list, opened again for this check only.
  sql("UPDATE rental_servers SET phase = 'running', expires_at = " + std::to_string(core::system_unix_now() + 3600) +
      " WHERE id = '" + id + "'");
  EXPECT_EQ(demo_count(), 0u);
}

TEST_F(Rentals, AnExpiredServerIsStoppedWithoutChargesAndComesBackAtANewAddress) {
  buy_server("ap-beijing", false);
  ASSERT_TRUE(card_is("RUNNING"));
  const auto up = card(owner());
  const std::string id(up.at("instance_id").as_string());
  const std::string first_ip(up.at("public_ip").as_string());
  sql("UPDATE rental_servers SET expires_at = " + std::to_string(core::system_unix_now() - 1) + " WHERE id = '" + id +
      "'");
  ASSERT_TRUE(card_is("STOPPED"));
  ASSERT_TRUE(eventually([&] { return card(owner()).at("public_ip").as_string().empty(); }))
      << "STOP_CHARGING released the address: nothing to connect to while it sleeps";
  EXPECT_EQ(card(owner()).at("connect_url").as_string(), "");

  buy("renew_server",
      json::object{{"instance_id", id}, {"duration", 72}, {"isRelocatable", false}, {"paymentMethod", "alipay"}},
      owner());
  ASSERT_TRUE(card_is("RUNNING")) << status_of_card(owner());
  const auto back = card(owner());
  const std::string ip(back.at("public_ip").as_string());
  ASSERT_FALSE(ip.empty());
  EXPECT_NE(ip, first_ip) << "a start after STOP_CHARGING brings a new address";
  const auto port = static_cast<std::uint16_t>(back.at("server_port").as_int64());
  EXPECT_EQ(back.at("connect_url").as_string(), "connect " + ip + ":" + std::to_string(port) + "; password abc123");
  a2s::Prober prober;
  EXPECT_TRUE(eventually([&] {
    return prober.probe_all({{ip, port}}, {}).at(0).answered;
  })) << "the game answers at the new address";
}

class RentalLimits : public Rentals {
 protected:
  RentalLimits() : Rentals([](app::Config& c) { c.pracc.max_servers_per_user = 1; }) {}

  std::string order_for(const std::string& name) {
    auto created = post("/api/payment/orders",
                        json::object{{"currency", "CNY"},
                                     {"productType", "server_rental"},
                                     {"productId", "new_server"},
                                     {"options", json::serialize(json::object{{"serverName", name},
                                                                              {"password", "abc123"},
                                                                              {"region", "ap-shanghai"},
                                                                              {"duration", 4},
                                                                              {"paymentMethod", "alipay"},
                                                                              {"isRelocatable", false},
                                                                              {"nickname", "Owner"}})}},
                        owner());
    EXPECT_EQ(created.status, 201) << created.body;
    return created.status == 201 ? std::string(created.json().at("id").as_string()) : "";
  }
  void pay(const std::string& id) {
    auto paying = post("/api/payment/pay", json::object{{"orderId", id}, {"method", "alipay"}}, owner());
    ASSERT_EQ(paying.status, 200) << paying.body;
    http.get(std::string(paying.json().at("payment_url").as_string()));
    ASSERT_EQ(http.post_json(app.url("/api/dev/payments/" + id + "/pay"), "{}").status, 200);
  }
};

TEST_F(RentalLimits, AnOrderPaidAfterTheLimitFilledIsRefundedAndTheBuyerTold) {
  sql("UPDATE users SET email = 'owner41@example.com' WHERE id = " + std::to_string(owner_id));
  // Both orders are made while the account has no server: each passes the check at order time.
  const std::string first = order_for("First");
  const std::string second = order_for("Second");
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  pay(first);
  ASSERT_TRUE(eventually([&] { return order_status(first, owner()) == "paid"; }));
  pay(second);
  ASSERT_TRUE(eventually([&] { return order_status(second, owner()) == "refunded"; })) << order_status(second, owner());
  EXPECT_EQ(servers(owner()).size(), 1u) << "the second server was never made";
  EXPECT_EQ(order_status(first, owner()), "paid");
  EXPECT_EQ(count_of(database, "SELECT COUNT(*) FROM fulfilments WHERE order_id = '" + second + "'"), 0);
  EXPECT_TRUE(eventually([&] {
    auto mail = http.get(app.url("/api/dev/mail"));
    return mail.status == 200 && mail.body.find("could not be delivered") != std::string::npos;
  })) << "the buyer is told";
}

}  // namespace
}  // namespace portal::test
