#pragma once
// The operator console's functional tests on the real App (not demo mode): a player and an operator
// (op granted before start), login tokens for both, JSON calls with a bearer, and a count of the
// audit rows the operator's changes wrote.

#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/user_repository.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace portal::test {

class ConsoleCallsFixture : public ::testing::Test {
 protected:
  static constexpr const char* kPlayer = "76561198000000421";
  static constexpr const char* kOperator = "76561198000000422";
  // soci binds by reference: the bound actor must outlive the statement, so it is not a temporary.
  inline static const std::string kOperatorActor = std::string("op:") + kOperator;

  std::int64_t player_id = 0;
  std::int64_t operator_id = 0;
  // `more`: settings a suite changes on top of the fixture's.
  explicit ConsoleCallsFixture(std::function<void(app::Config&)> more = {})
      : app(TestAppOptions{
            .configure =
                [more](app::Config& c) {
                  c.servers.query_timeout_ms = 200;
                  if (more) more(c);
                },
            .seed =
                [this](db::Database& database) {
                  auth::UserRepository users(database);
                  const auto now = core::system_unix_now();
                  player_id = users.upsert_steam_user(kPlayer, "Player", "", now).id;
                  operator_id = users.upsert_steam_user(kOperator, "Operator", "", now).id;
                  auth::MembershipRepository membership_repository(database);
                  auth::MembershipService memberships(membership_repository, core::system_unix_now);
                  ASSERT_TRUE(memberships.grant_group(kOperator, "op", std::nullopt, "test"));
                },
        }) {}

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
  std::string op() { return token(operator_id, kOperator); }
  std::string player() { return token(player_id, kPlayer); }
  HttpResult send(const std::string& method, const std::string& path, const boost::json::value& body,
                  const std::string& bearer) {
    std::vector<std::string> headers{"Authorization: Bearer " + bearer};
    std::string text;
    if (method != "GET" && method != "DELETE") {
      headers.push_back("Content-Type: application/json");
      text = boost::json::serialize(body);
    }
    return http.send(HttpCall{.method = method, .url = app.url(path), .headers = headers, .body = text});
  }
  HttpResult get(const std::string& path, const std::string& bearer = {}) {
    return bearer.empty() ? http.get(app.url(path)) : send("GET", path, nullptr, bearer);
  }
  long long audited(const std::string& action) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << "SELECT COUNT(*) FROM audit_log WHERE action = :action AND actor = :actor", soci::use(action),
          soci::use(kOperatorActor), soci::into(n);
      return n;
    });
  }
};

}  // namespace portal::test
