#include "http/dispatcher.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

// Accepts "user-token" as a player and "op-token" as an administrator.
class FakeAuthenticator final : public Authenticator {
 public:
  std::optional<Principal> authenticate(std::string_view token) const override {
    if (token == "user-token") return Principal{.user_id = "1", .steam_id = "76561198000000001"};
    if (token == "op-token") return Principal{.user_id = "2", .steam_id = "76561198000000002", .is_op = true};
    return std::nullopt;
  }
};

class DispatcherTest : public ::testing::Test {
 protected:
  DispatcherTest() : dispatcher(make_router(), authenticator, nullptr, ResponsePolicy({}), metrics, {}) {}

  static Router make_router() {
    RouteTable table;
    table.get("/api/public", Access::public_access, [](Request&) { return json_response({{"who", "anyone"}}); });
    table.get("/api/mine", Access::logged_in,
              [](Request& r) { return json_response({{"who", r.principal->steam_id}}); });
    table.get("/api/admin", Access::op, [](Request&) { return json_response({{"who", "op"}}); });
    return Router(std::move(table));
  }

  Response call(const std::string& path, const std::string& token = {}) {
    Request request;
    request.path = path;
    if (!token.empty()) request.headers["Authorization"] = "Bearer " + token;
    auto plan = dispatcher.plan(request);
    if (plan.response) return *plan.response;
    return dispatcher.run(request, *plan.route);
  }

  FakeAuthenticator authenticator;
  Metrics metrics;
  Dispatcher dispatcher;
};

TEST_F(DispatcherTest, PublicRouteNeedsNoToken) { EXPECT_EQ(call("/api/public").status, 200); }

TEST_F(DispatcherTest, LoggedInRouteChecksTheToken) {
  EXPECT_EQ(call("/api/mine").status, 401);
  EXPECT_EQ(call("/api/mine", "forged").status, 401);
  auto ok = call("/api/mine", "user-token");
  EXPECT_EQ(ok.status, 200);
  EXPECT_NE(ok.body.find("76561198000000001"), std::string::npos);
}

TEST_F(DispatcherTest, OpRouteNeedsAnOp) {
  EXPECT_EQ(call("/api/admin").status, 401);
  EXPECT_EQ(call("/api/admin", "user-token").status, 403);
  EXPECT_EQ(call("/api/admin", "op-token").status, 200);
}

TEST_F(DispatcherTest, WithoutStaticFilesEveryUnknownPathIs404) {
  EXPECT_EQ(call("/servers").status, 404);
}

TEST(RequestId, AcceptsOnlySafeClientIds) {
  EXPECT_EQ(make_request_id("abc-123_x.y"), "abc-123_x.y");
  EXPECT_NE(make_request_id("has space"), "has space");
  EXPECT_NE(make_request_id(std::string(65, 'a')), std::string(65, 'a'));
  EXPECT_EQ(make_request_id("").size(), 16u);
}

}  // namespace
}  // namespace portal::http
