// The VIP feature end to end over HTTP: GET /api/privileges, GET /api/plugin/members (memberships for
// game-server plugins: expiry, ETag and 304, the key), and in demo mode the seeded privilege table and
// the sandbox VIP checkout and card store pages.

#include "app/demo/demo_privileges.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/servers/repository.hpp"
#include "features/vip/privileges.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace json = boost::json;

constexpr const char* kPluginKey = "members-key-of-the-test-server";
const std::string kAlice = "76561198000000001";
const std::string kBob = "76561198000000002";
const std::string kCarol = "76561198000000003";

void add_plugin_server(db::Database& database) {
  servers::Repository repository(database);
  servers::GameServer server;
  server.ip = "10.9.8.7";
  server.port = 27015;
  server.name = "Members server";
  server.category = "retakes";
  server.region = "ap-shanghai";
  server.plugin_key_hash = core::sha256_hex(kPluginKey);
  repository.insert(server);
}

vip::PrivilegeChanges privilege(const std::string& en, const std::string& zh, std::int64_t order,
                                vip::GroupValues values) {
  vip::PrivilegeChanges fields;
  fields.content_en = en;
  fields.content_zh = zh;
  fields.detail_en = en + " detail";
  fields.detail_zh = zh + "说明";
  fields.order = order;
  for (std::size_t i = 0; i < values.size(); ++i) fields.values[i] = values[i];
  return fields;
}

// Production mode: nothing is seeded but what the test writes.
class VipFunctional : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{
      .configure = [](app::Config& c) { c.servers.query_timeout_ms = 200; },
      .seed =
          [](db::Database& database) {
            add_plugin_server(database);
            vip::PrivilegeRepository repository(database);
            vip::PrivilegeService service(repository, core::system_unix_now);
            ASSERT_TRUE(service.add("skins", privilege("Skins", "皮肤", 20, {0, 1, 1, 1, 1}), "test"));
            ASSERT_TRUE(
                service.add("reserved_slot", privilege("Reserved slot", "预留位", 10, {0, 1, 2, 1, 1}), "test"));
            ASSERT_TRUE(
                service.add("early_access", privilege("Early access", "抢先体验", 20, {0, 2, 1, 0, 1}), "test"));
          },
  }};
  HttpClient http;

  HttpResult get(const std::string& path, std::vector<std::string> headers = {}) {
    return http.get(app.url(path), std::move(headers));
  }
  HttpResult members(const std::string& key = kPluginKey, std::vector<std::string> headers = {}) {
    if (!key.empty()) headers.push_back("Authorization: Bearer " + key);
    return get("/api/plugin/members", std::move(headers));
  }
  // A second connection to the app's database, as an operator's command would use.
  template <typename Fn>
  void with_memberships(std::int64_t now, Fn&& fn) {
    db::Database database(app.database());
    auth::MembershipRepository repository(database);
    auth::MembershipService service(repository, [now] { return now; });
    fn(service);
  }
};

TEST_F(VipFunctional, PrivilegesInTableOrderInEitherLanguage) {
  const auto zh = get("/api/privileges");
  ASSERT_EQ(zh.status, 200) << zh.body;
  EXPECT_EQ(zh.header("Cache-Control"), "public, max-age=60");
  const auto rows = zh.json().as_array();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows.at(0).at("key").as_string(), "reserved_slot");
  EXPECT_EQ(rows.at(1).at("key").as_string(), "skins") << "same order: smaller id first";
  EXPECT_EQ(rows.at(2).at("key").as_string(), "early_access");
  const auto& first = rows.at(0).as_object();
  EXPECT_EQ(first.at("content").as_string(), "预留位") << "zh by default";
  EXPECT_EQ(first.at("detail").as_string(), "预留位说明");
  EXPECT_EQ(first.at("order").as_int64(), 10);
  EXPECT_TRUE(first.at("id").is_int64());
  EXPECT_EQ(first.at("normal").as_int64(), 0);
  EXPECT_EQ(first.at("vip").as_int64(), 1);
  EXPECT_EQ(first.at("pro").as_int64(), 2);
  EXPECT_EQ(first.at("kol").as_int64(), 1);
  EXPECT_EQ(first.at("op").as_int64(), 1);
  EXPECT_EQ(first.size(), 10u) << json::serialize(first);

  const auto en = get("/api/privileges?language=en");
  ASSERT_EQ(en.status, 200);
  EXPECT_EQ(en.json().at(0).at("content").as_string(), "Reserved slot");
  EXPECT_EQ(en.json().at(0).at("detail").as_string(), "Reserved slot detail");
  EXPECT_EQ(get("/api/privileges?language=zh").body, zh.body);

  for (const char* bad : {"fr", "EN", ""}) {
    const auto refused = get(std::string("/api/privileges?language=") + bad);
    EXPECT_EQ(refused.status, 422) << bad;
    EXPECT_EQ(error_code(refused), "VALIDATION_FAILED");
    EXPECT_EQ(refused.json().at("details").at("field").as_string(), "language");
  }
}

TEST_F(VipFunctional, PluginMembersNeedTheServerKey) {
  for (const std::string& key : {std::string(), std::string("wrong-key")}) {
    const auto refused = members(key);
    EXPECT_EQ(refused.status, 401) << key;
    EXPECT_EQ(error_code(refused), "INVALID_SERVER_KEY") << "the one answer of every plugin route to a bad key";
  }
  const auto empty = members();
  ASSERT_EQ(empty.status, 200) << empty.body;
  EXPECT_TRUE(empty.json().at("members").as_array().empty());
  EXPECT_NEAR(static_cast<double>(empty.json().at("generatedAt").as_int64()),
              static_cast<double>(core::system_unix_now()), 5.0);
}

TEST_F(VipFunctional, PluginMembersListActiveGrantsWithEtagsAndDropExpiredOnes) {
  const std::int64_t now = core::system_unix_now();
  with_memberships(now, [&](auth::MembershipService& service) {
    ASSERT_TRUE(service.grant_group(kAlice, "op", std::nullopt, "test"));
    ASSERT_TRUE(service.grant_vip(kAlice, 30, "test", std::nullopt, "test"));
    ASSERT_TRUE(service.grant_vip(kBob, 90, "test", std::nullopt, "test"));
  });
  // Carol's kol grant (1 day, granted 1 day ago less 5 s) ends 5 s from now; an older VIP ended already.
  const std::int64_t carol_ends = now + 5;
  with_memberships(carol_ends - 86400, [&](auth::MembershipService& service) {
    ASSERT_TRUE(service.grant_group(kCarol, "kol", 1, "test"));
  });
  with_memberships(now - 40 * 86400, [&](auth::MembershipService& service) {
    ASSERT_TRUE(service.grant_vip(kCarol, 30, "test", std::nullopt, "test"));
  });

  const auto listed = members();
  ASSERT_EQ(listed.status, 200) << listed.body;
  const std::string etag = listed.header("ETag");
  EXPECT_FALSE(etag.empty());
  const auto list = listed.json().at("members").as_array();
  ASSERT_EQ(list.size(), 3u) << listed.body;
  EXPECT_EQ(json::serialize(list.at(0)),
            R"({"steamId":")" + kAlice +
                R"(","type":"op","groups":[{"group":"op","expiresAt":null},{"group":"vip",)"
                R"("expiresAt":)" +
                std::to_string(now + 30 * 86400) + "}]}");
  EXPECT_EQ(json::serialize(list.at(1)), R"({"steamId":")" + kBob +
                                             R"(","type":"vip","groups":[{"group":"vip",)"
                                             R"("expiresAt":)" +
                                             std::to_string(now + 90 * 86400) + "}]}");
  EXPECT_EQ(json::serialize(list.at(2)), R"({"steamId":")" + kCarol +
                                             R"(","type":"kol","groups":[{"group":"kol",)"
                                             R"("expiresAt":)" +
                                             std::to_string(carol_ends) + "}]}")
      << "the ended VIP is left out";

  // Nothing changed: 304 with the same tag, no body.
  const auto unchanged = members(kPluginKey, {"If-None-Match: " + etag});
  EXPECT_EQ(unchanged.status, 304);
  EXPECT_EQ(unchanged.header("ETag"), etag);
  EXPECT_TRUE(unchanged.body.empty());
  EXPECT_EQ(members("wrong-key", {"If-None-Match: " + etag}).status, 401) << "the key is checked first";

  // A grant changes the list and its tag.
  with_memberships(
      now, [&](auth::MembershipService& service) { ASSERT_TRUE(service.grant_group(kBob, "pro", 10, "test")); });
  const auto changed = members(kPluginKey, {"If-None-Match: " + etag});
  ASSERT_EQ(changed.status, 200);
  EXPECT_NE(changed.header("ETag"), etag);
  EXPECT_EQ(changed.json().at("members").at(1).at("type").as_string(), "pro");

  // Carol's grant expires: she is no longer listed.
  while (core::system_unix_now() <= carol_ends) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto later = members();
  ASSERT_EQ(later.status, 200);
  const auto remaining = later.json().at("members").as_array();
  ASSERT_EQ(remaining.size(), 2u) << later.body;
  EXPECT_THAT(later.body, Not(HasSubstr(kCarol)));
  EXPECT_NE(later.header("ETag"), changed.header("ETag"));
}

TEST_F(VipFunctional, DevPagesExistOnlyInDemoMode) {
  for (const auto& route : app.app().route_list()) EXPECT_THAT(route, Not(HasSubstr("/dev/"))) << route;
  EXPECT_THAT(get("/dev/vip-store").body, Not(HasSubstr("sandbox"))) << "the web app's page, not the sandbox";
  const auto config = get("/api/config").json();
  EXPECT_EQ(config.at("links").at("vipPay").as_string(), "") << "production: only what is configured";
  EXPECT_EQ(config.at("links").at("vipStore").as_string(), "");
}

// Demo mode: the seeded privilege table, and the sandbox VIP pages the VIP page links to.
class VipDemo : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.configure = [](app::Config& c) {
    c.mode = app::Mode::demo;
    c.servers.query_timeout_ms = 200;  // the demo's offline server must not hold up the start
  }}};
  HttpClient http;

  HttpResult get(const std::string& path) { return http.get(app.url(path)); }
};

TEST_F(VipDemo, SeedsARealisticTableInBothLanguagesOnce) {
  const auto zh = get("/api/privileges").json().as_array();
  const auto en = get("/api/privileges?language=en").json().as_array();
  ASSERT_GE(zh.size(), 12u);
  ASSERT_EQ(en.size(), zh.size());
  bool some_optional = false;
  for (std::size_t i = 0; i < zh.size(); ++i) {
    EXPECT_EQ(zh[i].at("key"), en[i].at("key"));
    EXPECT_NE(zh[i].at("content"), en[i].at("content")) << zh[i].at("key");
    EXPECT_FALSE(en[i].at("detail").as_string().empty());
    for (const char* group : {"normal", "vip", "pro", "kol", "op"}) {
      if (zh[i].at(group).as_int64() == 2) some_optional = true;
    }
  }
  EXPECT_TRUE(some_optional);
  EXPECT_EQ(en.at(1).at("key").as_string(), "reserved_slot");

  // A restart seeds nothing more.
  db::Database database(app.database());
  vip::PrivilegeRepository repository(database);
  vip::PrivilegeService service(repository, core::system_unix_now);
  app::seed_demo_privileges(service);
  EXPECT_EQ(service.list().size(), zh.size());
}

TEST_F(VipDemo, VipIsBoughtInThePortalAndTheStoreLinkPointsAtTheSandbox) {
  const auto config = get("/api/config").json();
  const auto links = config.at("links");
  EXPECT_EQ(links.at("vipPay").as_string(), "") << "no external checkout: the portal's own sells VIP";
  EXPECT_EQ(config.at("payments").at("methods").as_array().size(), 3u);
  EXPECT_THAT(get("/dev/vip-host").body, Not(HasSubstr("sandbox"))) << "the old sandbox checkout is gone";
  EXPECT_EQ(links.at("vipStore").as_string(), app.url("/dev/vip-store"));
  const auto store = get("/dev/vip-store");
  ASSERT_EQ(store.status, 200);
  EXPECT_THAT(store.header("Content-Type"), HasSubstr("text/html"));
  EXPECT_THAT(store.body, HasSubstr("nothing is sold"));
  EXPECT_THAT(store.body, HasSubstr("\xC2\xA5"
                                    "25.00"));
  EXPECT_THAT(store.body, Not(HasSubstr("<script")));
  EXPECT_THAT(store.header("Content-Security-Policy"), HasSubstr("frame-ancestors 'none'"));
}

}  // namespace
}  // namespace portal::test
