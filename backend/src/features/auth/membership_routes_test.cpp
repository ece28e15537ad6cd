// GET /api/auth/vip-status/{steamId} through the route table, over a real database.

#include "features/auth/membership_routes.hpp"

#include "db/migrations.hpp"
#include "http/router.hpp"
#include "support/test_database.hpp"
#include "features/auth/membership_values_for_test.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::auth {
namespace {

class MembershipRoutesTest : public ::testing::Test {
 protected:
  MembershipRoutesTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
    http::RouteTable table;
    register_membership_routes(table, service);
    router = std::make_unique<http::Router>(std::move(table));
  }

  http::Response get(const std::string& path) {
    http::Request request;
    request.method = http::Method::get;
    request.target = path;
    request.path = path;
    auto match = router->match(request.method, request.path);
    EXPECT_EQ(match.outcome, http::RouteMatch::Outcome::found) << path;
    if (match.outcome != http::RouteMatch::Outcome::found) return http::empty_response(404);
    request.path_params = match.params;
    return match.route->handler(request);
  }

  static boost::json::object body(const http::Response& response) {
    return boost::json::parse(response.payload()).as_object();
  }

  test::TestDatabase test_database;
  db::Database database;
  MembershipRepository repository{database};
  std::int64_t now = kStart;
  MembershipService service{repository, [this] { return now; }};
  std::unique_ptr<http::Router> router;
};

TEST_F(MembershipRoutesTest, RouteIsPublicAndRunsOnTheWorkers) {
  ASSERT_EQ(router->routes().size(), 1u);
  const auto& route = router->routes().front();
  EXPECT_EQ(route.method, http::Method::get);
  EXPECT_EQ(route.pattern, "/api/auth/vip-status/{steamId}");
  EXPECT_EQ(route.access, http::Access::public_access);
  EXPECT_EQ(route.exec, http::Exec::worker);
}

TEST_F(MembershipRoutesTest, NoMembershipAnswersNone) {
  auto response = get("/api/auth/vip-status/" + kAlice);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  ASSERT_NE(response.find_header("Cache-Control"), nullptr);
  EXPECT_EQ(*response.find_header("Cache-Control"), "no-store");
  const auto json = body(response);
  EXPECT_EQ(json.at("steamId").as_string(), kAlice);
  EXPECT_EQ(json.at("type").as_string(), "none");
  EXPECT_TRUE(json.at("expireDate").is_null());
  EXPECT_TRUE(json.at("vipExpireDate").is_null());
  EXPECT_TRUE(json.at("groups").as_array().empty());
  EXPECT_EQ(json.size(), 5u);
}

TEST_F(MembershipRoutesTest, VipAnswerCarriesGmtPlus8Dates) {
  now = kStart - 1;                                                      // 2025-01-31 23:59:59 GMT+8
  ASSERT_TRUE(service.grant_vip(kAlice, 30, "cli", std::nullopt).ok());  // ends 2025-03-02 23:59:59 GMT+8
  const auto json = body(get("/api/auth/vip-status/" + kAlice));
  EXPECT_EQ(json.at("type").as_string(), "vip");
  EXPECT_EQ(json.at("expireDate").as_string(), "2025-03-02");
  EXPECT_EQ(json.at("vipExpireDate").as_string(), "2025-03-02");
  const auto& groups = json.at("groups").as_array();
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].at("group").as_string(), "vip");
  EXPECT_EQ(groups[0].at("expireDate").as_string(), "2025-03-02");
}

TEST_F(MembershipRoutesTest, HighestTierAndEveryGroup) {
  ASSERT_TRUE(service.grant_vip(kAlice, 10, "cli", std::nullopt).ok());
  ASSERT_TRUE(service.grant_group(kAlice, "pro", std::nullopt, "test").ok());
  auto pro = body(get("/api/auth/vip-status/" + kAlice));
  EXPECT_EQ(pro.at("type").as_string(), "pro");
  EXPECT_TRUE(pro.at("expireDate").is_null());  // pro never ends
  EXPECT_EQ(pro.at("vipExpireDate").as_string(), "2025-02-11");

  ASSERT_TRUE(service.grant_group(kAlice, "op", 1, "test").ok());
  auto op = body(get("/api/auth/vip-status/" + kAlice));
  EXPECT_EQ(op.at("type").as_string(), "op");
  EXPECT_EQ(op.at("expireDate").as_string(), "2025-02-02");
  const auto& groups = op.at("groups").as_array();
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].at("group").as_string(), "op");
  EXPECT_EQ(groups[1].at("group").as_string(), "pro");
  EXPECT_TRUE(groups[1].at("expireDate").is_null());
  EXPECT_EQ(groups[2].at("group").as_string(), "vip");

  now = kStart + 11 * kDay;  // op and VIP over
  auto later = body(get("/api/auth/vip-status/" + kAlice));
  EXPECT_EQ(later.at("type").as_string(), "pro");
  EXPECT_TRUE(later.at("vipExpireDate").is_null());
  EXPECT_EQ(later.at("groups").as_array().size(), 1u);
}

TEST_F(MembershipRoutesTest, InvalidSteamIdIs422) {
  for (const char* bad : {"123", "abc", "7656119800000000x", "765611980000000011"}) {
    auto response = get(std::string("/api/auth/vip-status/") + bad);
    EXPECT_EQ(response.status, 422) << bad;
    const auto json = body(response);
    EXPECT_EQ(json.at("error").as_string(), "VALIDATION_FAILED");
    EXPECT_EQ(json.at("details").at("field").as_string(), "steamId");
    EXPECT_FALSE(json.at("message").as_string().empty());
  }
}

}  // namespace
}  // namespace portal::auth
