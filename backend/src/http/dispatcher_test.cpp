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
  core::Result<Principal> authenticate_bind(std::string_view token) const override {
    if (token == "bind-token") return Principal{.user_id = "3", .email = "binder@example.com"};
    return Authenticator::authenticate_bind(token);
  }
  // "status-key" belongs to server 7 and may only push status.
  core::Result<Principal> authenticate_game_server(std::string_view key, KeyScope scope) const override {
    if (key != "status-key") return invalid_server_key();
    if (scope != KeyScope::status) return server_key_scope(scope);
    return Principal{.game_server_id = 7};
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
    auto server = [](Request& r) { return json_response({{"server", r.principal->game_server_id}}); };
    table.add(Route{.method = Method::get,
                    .pattern = "/api/plugin/status",
                    .access = Access::game_server,
                    .handler = server,
                    .scope = KeyScope::status});
    table.add(Route{.method = Method::get,
                    .pattern = "/api/plugin/bind",
                    .access = Access::game_server,
                    .handler = server,
                    .scope = KeyScope::bind});
    table.get("/api/binding", Access::bind_token, [](Request& r) {
      return json_response({{"email", r.principal->email}});
    });
    table.add(Route{.method = Method::get,
                    .pattern = "/api/notify",
                    .access = Access::provider_signature,
                    .handler =
                        [](Request&) {
                          return json_response({{"ok", true}});
                        },
                    .caller_check = [](const Request& r) { return r.header("X-Signature") == "good"; }});
    // Resource 1 belongs to user 1.
    table.add(Route{
        .method = Method::get,
        .pattern = "/api/things/{id}",
        .access = Access::resource_owner,
        .handler =
            [](Request&) {
              return json_response({{"ok", true}});
            },
        .caller_check = [](const Request& r) { return r.path_param("id") == "1" && r.principal->user_id == "1"; }});
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

TEST_F(DispatcherTest, GameServerRoutesResolveTheKeyAndItsScope) {
  EXPECT_EQ(call("/api/plugin/status", "status-key").body, R"({"server":7})");
  for (const std::string key : {"", "wrong"}) {
    const auto refused = call("/api/plugin/status", key);
    EXPECT_EQ(refused.status, 401) << key;
    EXPECT_NE(refused.body.find("INVALID_SERVER_KEY"), std::string::npos) << refused.body;
  }
  const auto scoped = call("/api/plugin/bind", "status-key");
  EXPECT_EQ(scoped.status, 403);
  EXPECT_NE(scoped.body.find("SERVER_KEY_SCOPE"), std::string::npos) << scoped.body;
  EXPECT_NE(scoped.body.find(R"("scope":"bind")"), std::string::npos) << scoped.body;
  EXPECT_EQ(call("/api/plugin/status", "user-token").status, 401) << "a login token is no server key";
}

TEST_F(DispatcherTest, BindTokenRoutesTakeOnlyBindTokens) {
  EXPECT_EQ(call("/api/binding", "bind-token").body, R"({"email":"binder@example.com"})");
  EXPECT_EQ(call("/api/binding").status, 401);
  EXPECT_EQ(call("/api/binding", "user-token").status, 401);
}

TEST_F(DispatcherTest, ProviderSignatureIsCheckedBeforeTheHandler) {
  Request request;
  request.path = "/api/notify";
  request.remote_address = "10.0.0.1";
  auto plan = dispatcher.plan(request);
  ASSERT_NE(plan.route, nullptr);
  const auto unsigned_call = dispatcher.run(request, *plan.route);
  EXPECT_EQ(unsigned_call.status, 401);
  EXPECT_NE(unsigned_call.body.find("INVALID_SIGNATURE"), std::string::npos);
  request.headers["X-Signature"] = "good";
  EXPECT_EQ(dispatcher.run(request, *plan.route).status, 200);
}

TEST_F(DispatcherTest, SomeoneElsesResourceLooksLikeNone) {
  EXPECT_EQ(call("/api/things/1", "user-token").status, 200);
  const auto other = call("/api/things/1", "op-token");
  EXPECT_EQ(other.status, 404);
  EXPECT_NE(other.body.find("NOT_FOUND"), std::string::npos);
  EXPECT_EQ(call("/api/things/2", "user-token").status, 404);
  EXPECT_EQ(call("/api/things/1").status, 401) << "a login comes first";
}

TEST(RouteTable, OwnerAndSignatureRoutesMustDeclareTheirCheck) {
  RouteTable table;
  EXPECT_THROW(table.add(Route{.method = Method::get,
                               .pattern = "/api/x",
                               .access = Access::resource_owner,
                               .handler = [](Request&) { return empty_response(204); }}),
               std::invalid_argument);
  EXPECT_THROW(table.add(Route{.method = Method::get,
                               .pattern = "/api/y",
                               .access = Access::logged_in,
                               .handler = [](Request&) { return empty_response(204); },
                               .caller_check = [](const Request&) { return true; }}),
               std::invalid_argument);
}

}  // namespace
}  // namespace portal::http
