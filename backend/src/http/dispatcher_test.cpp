#include "http/dispatcher.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

// Accepts "user-token" as a player and "op-token" as an administrator.
class FakeAuthenticator final : public Authenticator {
 public:
  core::Result<Principal> authenticate(std::string_view token, bool check_op) const override {
    op_checks += check_op ? 1 : 0;
    if (token == "user-token") return Principal{.user_id = "1", .steam_id = "76561198000000001"};
    if (token == "op-token") return Principal{.user_id = "2", .steam_id = "76561198000000002", .is_op = true};
    return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token");
  }
  mutable int op_checks = 0;  // how often the dispatcher asked for the op lookup
};

class DispatcherTest : public ::testing::Test {
 protected:
  DispatcherTest()
      : dispatcher(make_router(), authenticator, nullptr, ResponsePolicy({}), metrics,
                   DispatcherOptions{.trust_forwarded_for = false,
                                     .rate_limits = {{"tight", {2, std::chrono::seconds(60)}}}}) {}

  static Router make_router() {
    RouteTable table;
    table.get("/api/public", Access::public_access, [](Request&) { return json_response({{"who", "anyone"}}); });
    table.get("/api/mine", Access::logged_in, [](Request& r) {
      return json_response({{"who", r.principal->steam_id}});
    });
    table.get("/api/admin", Access::op, [](Request&) { return json_response({{"who", "op"}}); });
    table.add(Route{.method = Method::get,
                    .pattern = "/api/limited",
                    .access = Access::logged_in,
                    .handler =
                        [](Request&) {
                          return json_response({{"ok", true}});
                        },
                    .rate_limit = "tight"});
    return Router(std::move(table));
  }

  Response call(const std::string& path, const std::string& token = {}, const std::string& address = "10.0.0.1") {
    Request request;
    request.path = path;
    request.remote_address = address;
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

TEST_F(DispatcherTest, ABadTokenAnswersTheAuthenticatorsError) {
  const auto response = call("/api/mine", "forged");
  EXPECT_EQ(response.status, 401);
  EXPECT_NE(response.body.find("INVALID_TOKEN"), std::string::npos);
  EXPECT_NE(call("/api/mine").body.find("UNAUTHORIZED"), std::string::npos);
}

TEST_F(DispatcherTest, RateLimitIsPerAddressAndComesBeforeTheTokenCheck) {
  EXPECT_EQ(call("/api/limited", "user-token").status, 200);
  EXPECT_EQ(call("/api/limited", "forged").status, 401);
  const auto limited = call("/api/limited", "user-token");
  EXPECT_EQ(limited.status, 429);
  EXPECT_NE(limited.body.find("RATE_LIMIT_EXCEEDED"), std::string::npos);
  ASSERT_NE(limited.find_header("Retry-After"), nullptr);
  EXPECT_EQ(*limited.find_header("Retry-After"), "30");
  EXPECT_EQ(call("/api/limited", "user-token", "10.0.0.2").status, 200) << "another address has its own budget";
}

TEST(DispatcherForwardedFor, UsesTheLastHopOnlyWhenTrusted) {
  Metrics metrics;
  NoAuthenticator none;
  RouteTable table;
  table.get("/api/ip", Access::public_access, [](Request& r) { return json_response({{"ip", r.remote_address}}); });
  for (const bool trusted : {false, true}) {
    Dispatcher dispatcher(Router(RouteTable(table)), none, nullptr, ResponsePolicy({}), metrics,
                          DispatcherOptions{.trust_forwarded_for = trusted});
    Request request;
    request.path = "/api/ip";
    request.remote_address = "127.0.0.1";
    request.headers["X-Forwarded-For"] = "1.2.3.4, 203.0.113.9";
    auto plan = dispatcher.plan(request);
    const auto body = dispatcher.run(request, *plan.route).body;
    EXPECT_NE(body.find(trusted ? "203.0.113.9" : "127.0.0.1"), std::string::npos) << body;
  }
}

TEST_F(DispatcherTest, OnlyOpRoutesAskForTheOpLookup) {
  EXPECT_EQ(call("/api/mine", "user-token").status, 200);
  EXPECT_EQ(authenticator.op_checks, 0);
  EXPECT_EQ(call("/api/admin", "op-token").status, 200);
  EXPECT_EQ(authenticator.op_checks, 1);
}

TEST_F(DispatcherTest, OpRouteNeedsAnOp) {
  EXPECT_EQ(call("/api/admin").status, 401);
  EXPECT_EQ(call("/api/admin", "user-token").status, 403);
  EXPECT_EQ(call("/api/admin", "op-token").status, 200);
}

TEST_F(DispatcherTest, WithoutStaticFilesEveryUnknownPathIs404) { EXPECT_EQ(call("/servers").status, 404); }

TEST(RequestId, AcceptsOnlySafeClientIds) {
  EXPECT_EQ(make_request_id("abc-123_x.y"), "abc-123_x.y");
  EXPECT_NE(make_request_id("has space"), "has space");
  EXPECT_NE(make_request_id(std::string(65, 'a')), std::string(65, 'a'));
  EXPECT_EQ(make_request_id("").size(), 16u);
}

}  // namespace
}  // namespace portal::http
