#pragma once
// The rental's functional tests: the real App in demo mode (the payment stand-ins, the real Tencent
// adapter against the local cloud stand-in, a simulated CS2 server per running machine), an owner, a
// member and a stranger, and the calls a buyer makes: order and pay, read the server cards. The tests
// wait for states (eventually()), never for fixed times.

#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace portal::test {

namespace json = boost::json;
using namespace std::chrono_literals;

inline constexpr const char* kOwner = "76561198000000041";
inline constexpr const char* kMember = "76561198000000042";
inline constexpr const char* kStranger = "76561198000000043";

// Demo mode with the stand-ins fast: a machine boots in a second and the jobs run every second.
inline void rental_knobs(app::Config& c) {
  c.mode = app::Mode::demo;
  c.servers.query_timeout_ms = 200;
  c.payments.sandbox.first_delay_ms = 50;
  c.payments.sandbox.late_percent = 0;
  c.payments.sandbox.duplicate_percent = 0;
  c.cloud.sim.boot_s = 1;
  c.cloud.sim.reboot_s = 2;
  c.cloud.sim.stop_s = 1;
  c.cloud.sim.start_s = 1;
  c.cloud.sim.terminate_s = 1;
  c.cloud.sim.demo_interval_s = 10;
  c.pracc.sync_interval_s = 1;
  c.pracc.lifecycle_interval_s = 1;
  c.pracc.launch_retry_s = 1;
}

class RentalFixture : public ::testing::Test {
 protected:
  explicit RentalFixture(std::function<void(app::Config&)> more = {})
      : app(TestAppOptions{.configure =
                               [more](app::Config& c) {
                                 rental_knobs(c);
                                 if (more) more(c);
                               },
                           .seed =
                               [this](db::Database& database) {
                                 auth::UserRepository users(database);
                                 const auto now = core::system_unix_now();
                                 owner_id = users.upsert_steam_user(kOwner, "Owner", "", now).id;
                                 member_id = users.upsert_steam_user(kMember, "Member", "", now).id;
                                 stranger_id = users.upsert_steam_user(kStranger, "Stranger", "", now).id;
                               }}) {}

  std::int64_t owner_id = 0;
  std::int64_t member_id = 0;
  std::int64_t stranger_id = 0;
  TestApp app;
  HttpClient http;
  db::Database database{[this] {
    auto options = app.database();
    options.pool_size = 1;
    return options;
  }()};

  std::string token(std::int64_t user_id, const std::string& steam_id) {
    return login_token_for(app, user_id, steam_id);
  }
  std::string owner() { return token(owner_id, kOwner); }
  std::vector<std::string> auth(const std::string& bearer) { return {"Authorization: Bearer " + bearer}; }

  HttpResult get(const std::string& path, const std::string& bearer) { return http.get(app.url(path), auth(bearer)); }
  HttpResult post(const std::string& path, const json::value& body, const std::string& bearer) {
    return http.post_json(app.url(path), json::serialize(body), auth(bearer));
  }
  HttpResult put(const std::string& path, const json::value& body, const std::string& bearer) {
    auto headers = auth(bearer);
    headers.push_back("Content-Type: application/json");
    return http.send(
        HttpCall{.method = "PUT", .url = app.url(path), .headers = headers, .body = json::serialize(body)});
  }

  // Waits (polling, with a deadline) until `done` holds; answers whether it did.
  static bool eventually(const std::function<bool()>& done, std::chrono::seconds limit = 60s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      if (done()) return true;
      std::this_thread::sleep_for(100ms);
    }
    return done();
  }

  // Order -> pay at the Alipay stand-in -> paid; answers the order id.
  std::string buy(const std::string& product_id, const json::object& options, const std::string& bearer) {
    auto created = post("/api/payment/orders",
                        json::object{{"currency", "CNY"},
                                     {"productType", "server_rental"},
                                     {"productId", product_id},
                                     {"options", json::serialize(options)}},
                        bearer);
    EXPECT_EQ(created.status, 201) << created.body;
    if (created.status != 201) return "";
    const std::string id(created.json().at("id").as_string());
    auto paying = post("/api/payment/pay", json::object{{"orderId", id}, {"method", "alipay"}}, bearer);
    EXPECT_EQ(paying.status, 200) << paying.body;
    http.get(std::string(paying.json().at("payment_url").as_string()));  // the buyer's browser opens the page
    EXPECT_EQ(http.post_json(app.url("/api/dev/payments/" + id + "/pay"), "{}").status, 200);
    EXPECT_TRUE(eventually([&] { return order_status(id, bearer) != "pending"; }, 20s));
    return id;
  }
  std::string order_status(const std::string& id, const std::string& bearer) {
    auto read = get("/api/payment/orders/" + id, bearer);
    return read.status == 200 ? std::string(read.json().at("status").as_string()) : "http";
  }
  std::string buy_server(const std::string& region, bool relocatable, std::int64_t hours = 720) {
    return buy("new_server",
               json::object{{"serverName", "练枪 Scrim 1"},
                            {"password", "abc123"},
                            {"region", region},
                            {"duration", hours},
                            {"paymentMethod", "alipay"},
                            {"isRelocatable", relocatable},
                            {"nickname", "Owner"}},
               owner());
  }

  json::array servers(const std::string& bearer) {
    auto listed = get("/api/scrim/getUserServers", bearer);
    EXPECT_EQ(listed.status, 200) << listed.body;
    return listed.status == 200 ? listed.json().as_array() : json::array{};
  }
  // The caller's server that is not relocated (the visible card), or null.
  json::object card(const std::string& bearer) {
    for (const auto& s : servers(bearer)) {
      if (s.at("relocated").as_int64() == 0) return s.as_object();
    }
    return {};
  }
  std::string status_of_card(const std::string& bearer) {
    const auto c = card(bearer);
    return c.empty() ? "" : std::string(c.at("status").as_string());
  }
  bool card_is(const std::string& status) {
    return eventually([&] { return status_of_card(owner()) == status; });
  }
  void sql(const std::string& statement) {
    database.with_session([&](soci::session& s) { s << statement; });
  }
  bool has_audit(const std::string& id, const std::string& action) {
    return database.with_session([&](soci::session& s) {
      long long n = 0;
      const std::string target = "rental:" + id;
      s << "SELECT COUNT(*) FROM audit_log WHERE target = :target AND action = :action", soci::use(target),
          soci::use(action), soci::into(n);
      return n > 0;
    });
  }
  std::string rcon_password(const std::string& id) {
    return database.with_session([&](soci::session& s) {
      std::string password;
      s << "SELECT rcon_password FROM rental_servers WHERE id = :id", soci::use(id), soci::into(password);
      return password;
    });
  }
};

}  // namespace portal::test
