// Every route under /api/console/ walked from the route table itself, so routes added later are
// covered too: a caller without a login is refused 401, a logged-in player who is not an operator 403,
// and an operator gets past the access check (whatever the call then answers: 200, 404, 422 ...).

#include "support/console_fixture.hpp"

#include <regex>

namespace portal::test {
namespace {

class ConsoleAccess : public ConsoleFixture {};

// A concrete path for a pattern: every {capture} becomes "1".
std::string concrete(const std::string& pattern) {
  static const std::regex capture(R"(\{[^}]*\})");
  return std::regex_replace(pattern, capture, "1");
}

TEST_F(ConsoleAccess, EveryConsoleRouteRefusesStrangersAndPlayersAndAdmitsOperators) {
  const std::string player = steam_login(kAlice, "Alice");
  const std::string op = operator_token();
  ASSERT_FALSE(player.empty());
  ASSERT_FALSE(op.empty());

  int checked = 0;
  for (const auto& line : app.app().route_list()) {
    const auto space = line.find(' ');
    const std::string method = line.substr(0, space);
    const std::string pattern = line.substr(space + 1);
    if (pattern.rfind("/api/console/", 0) != 0 || method == "HEAD" || method == "OPTIONS") continue;
    const std::string path = concrete(pattern);
    const std::string body = method == "GET" ? "" : "{}";
    SCOPED_TRACE(line);

    const auto stranger = call(method, path, "", body);
    EXPECT_EQ(stranger.status, 401) << stranger.body;
    EXPECT_EQ(error_code(stranger), "UNAUTHORIZED");

    const auto refused = call(method, path, player, body);
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_EQ(error_code(refused), "FORBIDDEN");

    const auto admitted = call(method, path, op, body);
    EXPECT_NE(admitted.status, 401) << admitted.body;
    EXPECT_NE(admitted.status, 403) << admitted.body;
    EXPECT_LT(admitted.status, 500) << admitted.body;
    ++checked;
  }
  // People (5), the audit log (2) and the dashboard at least.
  EXPECT_GE(checked, 8);
}

TEST_F(ConsoleAccess, AnOperatorWhoLosesOpIsRefusedAtOnce) {
  const std::string op = operator_token();
  const std::string player = steam_login(kAlice, "Alice");
  const auto found = call("GET", std::string("/api/console/users?q=") + kAlice, op).json();
  ASSERT_EQ(found.at("total").as_int64(), 1);
  const std::string alice_id = std::to_string(found.at("items").at(0).at("id").as_int64());

  auto granted = call("POST", "/api/console/users/" + alice_id + "/groups", op,
                      R"({"group":"op","granted":true,"reason":"new moderator"})");
  ASSERT_EQ(granted.status, 200) << granted.body;
  EXPECT_EQ(call("GET", "/api/console/dashboard", player).status, 200);

  auto revoked = call("POST", "/api/console/users/" + alice_id + "/groups", op,
                      R"({"group":"op","granted":false,"reason":"stepped down"})");
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  EXPECT_EQ(call("GET", "/api/console/dashboard", player).status, 403);
}

}  // namespace
}  // namespace portal::test
