// The portal plugin of rented servers end to end (issue 15): a bought server launches with a key of
// its own in its user data; the cloud stand-in's game server reports its players with it as the
// real plugin does, and they become the owner's past teammates; the key reads the server's
// settings, no other caller does, and it stops working once the server is terminated. Demo mode,
// the real Tencent adapter against the stand-in, jobs on their own schedule; waits are for states.
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/database.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/servers/repository.hpp"
#include "support/http_client.hpp"
#include "support/rental_fixture.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

namespace portal::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr const char* kPluginOwner = "76561198000000051";
constexpr const char* kCommunityKey = "community-server-key-of-the-plugin-test";

class RentalPlugin : public ::testing::Test {
 protected:
  RentalPlugin()
      : app(TestAppOptions{.configure = rental_knobs, .seed = [this](db::Database& database) {
                             auth::UserRepository users(database);
                             owner_id = users.upsert_steam_user(kPluginOwner, "Owner", "", core::system_unix_now()).id;
                             servers::GameServer community;
                             community.ip = "127.0.0.1";
                             community.port = 1;  // nothing answers: the row is only the key's holder
                             community.name = "community";
                             community.category = "competitive";
                             community.region = "ap-shanghai";
                             community.plugin_key_hash = core::sha256_hex(kCommunityKey);
                             servers::Repository(database).insert(community);
                           }}) {}

  std::int64_t owner_id = 0;
  TestApp app;
  HttpClient http;
  db::Database database{[this] {
    auto options = app.database();
    options.pool_size = 1;
    return options;
  }()};

  std::string owner() { return login_token_for(app, owner_id, kPluginOwner); }
  std::vector<std::string> bearer(const std::string& token) { return {"Authorization: Bearer " + token}; }
  HttpResult get(const std::string& path, const std::string& token) { return http.get(app.url(path), bearer(token)); }
  HttpResult post(const std::string& path, const json::value& body, const std::string& token) {
    return http.post_json(app.url(path), json::serialize(body), bearer(token));
  }

  static bool eventually(const std::function<bool()>& done, std::chrono::seconds limit = 60s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      if (done()) return true;
      std::this_thread::sleep_for(100ms);
    }
    return done();
  }

  std::string card_field(const std::string& field) {
    auto listed = get("/api/scrim/getUserServers", owner());
    if (listed.status != 200) return "";
    const auto body = listed.json();
    for (const auto& s : body.as_array()) {
      if (s.at("relocated").as_int64() == 0) return std::string(s.at(field).as_string());
    }
    return "";
  }

  // Bought and paid at the Alipay stand-in; answers once the server runs.
  std::string buy_running_server() {
    auto created = post("/api/payment/orders",
                        json::object{{"currency", "CNY"},
                                     {"productType", "server_rental"},
                                     {"productId", "new_server"},
                                     {"options", json::serialize(json::object{{"serverName", "Plugin 1"},
                                                                              {"password", "abc123"},
                                                                              {"region", "ap-shanghai"},
                                                                              {"duration", 720},
                                                                              {"paymentMethod", "alipay"},
                                                                              {"isRelocatable", false},
                                                                              {"nickname", "Owner"}})}},
                        owner());
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string order(created.json().at("id").as_string());
    auto paying = post("/api/payment/pay", json::object{{"orderId", order}, {"method", "alipay"}}, owner());
    EXPECT_EQ(paying.status, 200) << paying.body;
    http.get(std::string(paying.json().at("payment_url").as_string()));
    EXPECT_EQ(http.post_json(app.url("/api/dev/payments/" + order + "/pay"), "{}").status, 200);
    EXPECT_TRUE(eventually([&] { return card_field("status") == "RUNNING"; })) << card_field("status");
    return card_field("instance_id");
  }

  std::string column(const std::string& id, const std::string& name) {
    return database.with_session([&](soci::session& s) {
      soci::indicator indicator = soci::i_ok;
      std::string value;
      s << "SELECT " + name + " FROM rental_servers WHERE id = :id", soci::use(id), soci::into(value, indicator);
      return indicator == soci::i_ok ? value : std::string();
    });
  }
  void sql(const std::string& statement) {
    database.with_session([&](soci::session& s) { s << statement; });
  }
  std::size_t teammates(const std::string& id) {
    auto mates = get("/api/scrim/server/" + id + "/past-teammates", owner());
    return mates.status == 200 ? mates.json().at("teammates").as_array().size() : 0;
  }
};

TEST_F(RentalPlugin, TheServersKeyReadsItsSettingsReportsItsPlayersAndEndsWithTheServer) {
  const std::string id = buy_running_server();
  ASSERT_FALSE(id.empty());
  const std::string issued_hash = column(id, "plugin_key_hash");
  EXPECT_EQ(issued_hash.size(), 64u) << "a key was issued at launch; only its SHA-256 hex is kept";

  // The renter's team arrives; the stand-in reports them with the key from the user data, as the
  // plugin does, and they become the owner's past teammates (the owner not among them).
  const std::string machine = column(id, "cloud_instance_id");
  for (const char* name : {"Teammate One", "队友二"}) {
    auto joined = http.post_json(app.url("/dev/cloud/instances/" + machine + "/players"),
                                 json::serialize(json::object{{"name", name}}));
    ASSERT_EQ(joined.status, 201) << joined.body;
  }
  ASSERT_TRUE(eventually([&] { return teammates(id) == 2; })) << teammates(id);
  auto listed = get("/api/scrim/server/" + id + "/past-teammates", owner());
  bool chinese = false;
  const auto mates = listed.json();
  for (const auto& mate : mates.at("teammates").as_array()) {
    chinese = chinese || mate.at("name").as_string() == "队友二";
    EXPECT_EQ(mate.at("steamid").as_string().size(), 17u);
  }
  EXPECT_TRUE(chinese) << listed.body;

  // The key in hand (the test replaces the stored hash with that of a key it knows).
  const std::string key = "plugin-test-key-0123456789abcdefghijklmnopqrstu";
  sql("UPDATE rental_servers SET plugin_key_hash = '" + core::sha256_hex(key) + "' WHERE id = '" + id + "'");
  auto settings = get("/api/plugin/rental/settings", key);
  ASSERT_EQ(settings.status, 200) << settings.body;
  EXPECT_EQ(settings.json().at("sv_password").as_string(), "abc123");
  EXPECT_EQ(settings.json().at("instance_id").as_string(), id);
  EXPECT_EQ(settings.json().at("admins").as_array().size(), 1u) << "the owner, the first admin";

  sql("UPDATE rental_teammates SET last_seen = last_seen - 100");  // seen earlier: the next report is newest
  auto reported =
      post("/api/plugin/rental/players",
           json::object{{"players", json::array{json::object{{"steamid", kPluginOwner}, {"name", "me"}},
                                                json::object{{"steamid", "76561198000000099"}, {"name", "Newcomer"}}}}},
           key);
  ASSERT_EQ(reported.status, 200) << reported.body;
  EXPECT_EQ(teammates(id), 3u) << "the owner is never their own teammate";
  auto newest = get("/api/scrim/server/" + id + "/past-teammates", owner());
  EXPECT_EQ(newest.json().at("teammates").as_array().at(0).at("steamid").as_string(), "76561198000000099");

  auto bad = post("/api/plugin/rental/players",
                  json::object{{"players", json::array{json::object{{"steamid", "7656119800000009"}}}}}, key);
  EXPECT_EQ(bad.status, 422) << bad.body;
  EXPECT_EQ(bad.json().at("error").as_string(), "VALIDATION_FAILED");
  EXPECT_EQ(post("/api/plugin/rental/players", json::object{{"players", json::array{}}, {"more", 1}}, key).status, 422);

  auto source = get("/api/plugin/rental/plugin-source", key);
  ASSERT_EQ(source.status, 200);
  EXPECT_NE(source.json().at("files").at("CS2Portal.cs").as_string().find("css_portal_sync"), std::string::npos);

  // No other caller opens the plugin's routes.
  EXPECT_EQ(get("/api/plugin/rental/settings", key + "x").status, 401);
  EXPECT_EQ(get("/api/plugin/rental/settings", "").status, 401);
  EXPECT_EQ(get("/api/plugin/rental/settings", owner()).status, 401) << "a user token is no server key";
  auto community = get("/api/plugin/rental/settings", kCommunityKey);
  EXPECT_EQ(community.status, 403) << community.body;
  EXPECT_EQ(http.post_json(app.url("/api/plugin/servers/status"), "{}", bearer(key)).status, 403)
      << "a rented server's key holds no community scope";

  // Past its grace period the server is terminated, and its key opens nothing any more.
  const auto grace = app.app().config().pracc.grace_days * 86400;
  sql("UPDATE rental_servers SET expires_at = " + std::to_string(core::system_unix_now() - grace - 1) +
      " WHERE id = '" + id + "'");
  EXPECT_EQ(get("/api/plugin/rental/settings", key).status, 401) << "past the grace: refused at once";
  ASSERT_TRUE(eventually([&] { return card_field("status") == "TERMINATED"; })) << card_field("status");
  EXPECT_EQ(get("/api/plugin/rental/settings", key).status, 401);
}

}  // namespace
}  // namespace portal::test
