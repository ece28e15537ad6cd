// The console's People calls and its audit log, end to end on the real App (SQLite, or PostgreSQL
// with PORTAL_TEST_POSTGRES_URL): every change lands in the audit log with the operator as actor and
// the reason, and in its CSV export; bad input is 422 in the shared error shape.

#include "core/clock.hpp"
#include "support/console_fixture.hpp"

#include <chrono>
#include <thread>

namespace portal::test {
namespace {

class ConsolePeople : public ConsoleFixture {
 protected:
  void SetUp() override {
    op = operator_token();
    player = steam_login(kAlice, "Alice");
    ASSERT_FALSE(op.empty());
    ASSERT_FALSE(player.empty());
    const auto found = call("GET", std::string("/api/console/users?q=") + kAlice, op).json();
    ASSERT_EQ(found.at("total").as_int64(), 1);
    alice = "/api/console/users/" + std::to_string(found.at("items").at(0).at("id").as_int64());
  }

  static std::string op_actor() { return "op:" + std::string(app::kDemoOperatorSteamId); }

  std::string op;
  std::string player;
  std::string alice;  // the path of Alice's account
};

TEST_F(ConsolePeople, AVipGrantShowsOnTheAccountInTheAuditLogAndInItsCsv) {
  const std::int64_t before = core::system_unix_now();
  auto granted = call("POST", alice + "/vip", op, R"({"days":30,"reason":"=support ticket 12"})");
  ASSERT_EQ(granted.status, 200) << granted.body;
  const auto user = granted.json();
  EXPECT_EQ(user.at("steam_id").as_string(), kAlice);
  EXPECT_GE(user.at("vip_until").as_int64(), before + 30 * 86400);
  EXPECT_EQ(json::serialize(user.at("groups")), R"(["vip"])");

  const auto details = call("GET", alice, op).json();
  ASSERT_EQ(details.at("vip").at("history").as_array().size(), 1U);
  EXPECT_EQ(details.at("vip").at("history").at(0).at("source").as_string(), "op");
  EXPECT_TRUE(details.at("orders").is_array());
  EXPECT_TRUE(details.at("rentals").is_array());
  EXPECT_GE(details.at("sessions").as_array().size(), 1U) << "Alice's sign-in";

  const auto audit = call(
      "GET", "/api/console/audit?action=vip.grant&target=steam:" + std::string(kAlice) + "&actor=" + op_actor(), op);
  ASSERT_EQ(audit.status, 200) << audit.body;
  const auto page = audit.json();
  ASSERT_EQ(page.at("total").as_int64(), 1) << audit.body;
  const auto& entry = page.at("items").at(0);
  EXPECT_EQ(entry.at("details").at("reason").as_string(), "=support ticket 12");
  EXPECT_EQ(entry.at("details").at("days").as_int64(), 30);
  EXPECT_GE(entry.at("at").as_int64(), before - 1);

  const auto csv = call("GET", "/api/console/audit.csv?action=vip.grant&actor=op:*", op);
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_THAT(csv.header("Content-Type"), HasSubstr("text/csv"));
  EXPECT_THAT(csv.header("Content-Disposition"), HasSubstr("attachment; filename=\"audit-log-"));
  EXPECT_EQ(csv.body.rfind("\xEF\xBB\xBF\"id\",\"at\",\"actor\",\"action\",\"target\",\"details\"\r\n", 0), 0U);
  EXPECT_THAT(csv.body, HasSubstr("\"" + op_actor() + "\",\"vip.grant\",\"steam:" + std::string(kAlice) + "\""));
  EXPECT_THAT(csv.body, HasSubstr("\"\"reason\"\":\"\"=support ticket 12\"\"")) << "quoted inside the JSON cell";
  EXPECT_EQ(csv.header("X-Audit-Rows"), "1");

  // Taking back more than is left ends the VIP now, never earlier.
  auto taken = call("POST", alice + "/vip", op, R"({"days":-40,"reason":"refund by bank"})");
  ASSERT_EQ(taken.status, 200) << taken.body;
  const json::value account = taken.json();
  const auto& left = account.at("vip_until");
  if (!left.is_null()) {
    EXPECT_LE(left.as_int64(), core::system_unix_now()) << "no VIP time left";
  }
  EXPECT_EQ(json::serialize(account.at("groups")), "[]");
  EXPECT_EQ(call("GET", "/api/console/audit?action=vip.take_back", op).json().at("total").as_int64(), 1);
}

TEST_F(ConsolePeople, GroupsAreGrantedAndTakenAwayWithAReason) {
  auto granted = call("POST", alice + "/groups", op, R"({"group":"kol","granted":true,"reason":"streamer"})");
  ASSERT_EQ(granted.status, 200) << granted.body;
  EXPECT_EQ(json::serialize(granted.json().at("groups")), R"(["kol"])");
  const auto details = call("GET", alice, op).json();
  ASSERT_EQ(details.at("memberships").as_array().size(), 1U);
  EXPECT_EQ(details.at("memberships").at(0).at("granted_by").as_string(), op_actor());
  EXPECT_EQ(get(std::string("/api/auth/vip-status/") + kAlice).json().at("type").as_string(), "kol");

  auto revoked = call("POST", alice + "/groups", op, R"({"group":"kol","granted":false,"reason":"stopped"})");
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  EXPECT_EQ(json::serialize(revoked.json().at("groups")), "[]");
  const auto audit = call("GET", "/api/console/audit?action=membership.*&actor=op:*&order=asc", op).json();
  ASSERT_EQ(audit.at("total").as_int64(), 2);
  EXPECT_EQ(audit.at("items").at(0).at("action").as_string(), "membership.grant");
  EXPECT_EQ(audit.at("items").at(1).at("action").as_string(), "membership.revoke");
  EXPECT_EQ(audit.at("items").at(1).at("details").at("reason").as_string(), "stopped");

  // An operator cannot lock themselves out.
  const auto me = call("GET", "/api/console/users?q=" + std::string(app::kDemoOperatorSteamId), op).json();
  const std::string mine = "/api/console/users/" + std::to_string(me.at("items").at(0).at("id").as_int64());
  auto own = call("POST", mine + "/groups", op, R"({"group":"op","granted":false,"reason":"oops"})");
  EXPECT_EQ(own.status, 409);
  EXPECT_EQ(error_code(own), "OWN_OP_GROUP");
}

TEST_F(ConsolePeople, ASessionShowsWhenItWasLastSeen) {
  const auto sessions_of_alice = [&] { return call("GET", alice, op).json().at("sessions").as_array(); };
  const auto first = sessions_of_alice();
  ASSERT_GE(first.size(), 1U);
  ASSERT_TRUE(first.at(0).at("last_seen_at").is_int64()) << "a login counts as seen: " << json::serialize(first);
  const std::int64_t at_login = first.at(0).at("last_seen_at").as_int64();
  EXPECT_GE(at_login, first.at(0).at("created_at").as_int64());

  // The session check moves it on (seconds resolution: wait for the clock to pass the login's second).
  const std::int64_t login_second = core::system_unix_now();
  while (core::system_unix_now() == login_second) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(get("/api/auth/session", player).status, 200);
  const auto after = sessions_of_alice();
  EXPECT_GT(after.at(0).at("last_seen_at").as_int64(), at_login);
  EXPECT_EQ(after.at(0).at("id").as_int64(), first.at(0).at("id").as_int64()) << "the same sign-in, seen again";
}

TEST_F(ConsolePeople, EndingSessionsMakesTheUsersTokenFail) {
  ASSERT_EQ(get("/api/auth/session", player).status, 200);
  auto ended = call("POST", alice + "/sessions/end", op, R"({"reason":"stolen laptop"})");
  ASSERT_EQ(ended.status, 200) << ended.body;
  EXPECT_EQ(get("/api/auth/session", player).status, 401);
  EXPECT_EQ(call("GET", alice, op).json().at("sessions").as_array().size(), 0U);
  const auto audit = call("GET", "/api/console/audit?action=sessions.end", op).json();
  ASSERT_EQ(audit.at("total").as_int64(), 1);
  EXPECT_EQ(audit.at("items").at(0).at("actor").as_string(), op_actor());
  EXPECT_EQ(get("/api/auth/session", op).status, 200) << "the operator's own session holds";
}

TEST_F(ConsolePeople, BadInputIsRefusedInTheSharedErrorShape) {
  const auto expect_field = [&](const HttpResult& r, const std::string& field) {
    EXPECT_EQ(r.status, 422) << r.body;
    EXPECT_EQ(error_code(r), "VALIDATION_FAILED") << r.body;
    const auto body = r.json();
    ASSERT_TRUE(body.as_object().contains("message"));
    ASSERT_TRUE(body.as_object().contains("details")) << r.body;
    EXPECT_EQ(body.at("details").at("field").as_string(), field) << r.body;
  };
  expect_field(call("POST", alice + "/vip", op, R"({"days":0,"reason":"x"})"), "days");
  expect_field(call("POST", alice + "/vip", op, R"({"days":4000,"reason":"x"})"), "days");
  expect_field(call("POST", alice + "/vip", op, R"({"days":3,"reason":"  "})"), "reason");
  expect_field(call("POST", alice + "/vip", op, R"({"days":3,"reason":")" + std::string(201, 'r') + "\"}"), "reason");
  expect_field(call("POST", alice + "/groups", op, R"({"group":"admin","granted":true,"reason":"x"})"), "group");
  expect_field(call("POST", alice + "/sessions/end", op, R"({"reason":"x","extra":1})"), "extra");
  expect_field(call("GET", "/api/console/users?sort=email", op), "sort");
  expect_field(call("GET", "/api/console/users?page_size=101", op), "page_size");
  expect_field(call("GET", "/api/console/audit?from=yesterday", op), "from");
  expect_field(call("GET", "/api/console/audit.csv?to=-5", op), "to");

  auto missing = call("POST", "/api/console/users/999999/vip", op, R"({"days":3,"reason":"x"})");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(error_code(missing), "USER_NOT_FOUND");
  EXPECT_EQ(call("GET", "/api/console/users/abc", op).status, 404);
  EXPECT_EQ(call("GET", "/api/console/audit?action=vip.grant&actor=op:*", op).json().at("total").as_int64(), 0)
      << "nothing refused was written";
}

TEST_F(ConsolePeople, ListsAreSortedFilteredAndPagedOnTheServer) {
  for (int i = 1; i <= 3; ++i) {
    ASSERT_EQ(call("POST", alice + "/vip", op,
                   R"({"days":)" + std::to_string(i) + R"(,"reason":"round )" + std::to_string(i) + "\"}")
                  .status,
              200);
  }
  const auto first = call("GET", "/api/console/audit?action=vip.grant&actor=op:*&page_size=2", op).json();
  EXPECT_EQ(first.at("total").as_int64(), 3);
  EXPECT_EQ(first.at("page").as_int64(), 1);
  EXPECT_EQ(first.at("page_size").as_int64(), 2);
  ASSERT_EQ(first.at("items").as_array().size(), 2U);
  EXPECT_EQ(first.at("items").at(0).at("details").at("reason").as_string(), "round 3") << "newest first";
  const auto second = call("GET", "/api/console/audit?action=vip.grant&actor=op:*&page_size=2&page=2", op).json();
  ASSERT_EQ(second.at("items").as_array().size(), 1U);
  EXPECT_EQ(second.at("items").at(0).at("details").at("reason").as_string(), "round 1");
  const auto oldest =
      call("GET", "/api/console/audit?action=vip.grant&actor=op:*&sort=at&order=asc&page_size=1", op).json();
  EXPECT_EQ(oldest.at("items").at(0).at("details").at("reason").as_string(), "round 1");

  EXPECT_EQ(call("GET", "/api/console/audit?actor=op:*&action=vip.grant", op).json().at("total").as_int64(), 3);
  EXPECT_EQ(call("GET", "/api/console/audit?actor=cli&action=vip.grant", op).json().at("total").as_int64(), 0);
  const std::string later = std::to_string(core::system_unix_now() + 3600);
  EXPECT_EQ(
      call("GET", "/api/console/audit?action=vip.grant&actor=op:*&from=" + later, op).json().at("total").as_int64(), 0);
  EXPECT_EQ(call("GET", "/api/console/audit?action=vip.grant&actor=op:*&to=" + later, op).json().at("total").as_int64(),
            3);

  // People: by part of the name, by SteamID64, sorted by name.
  steam_login("76561197972494985", "Bob");
  const auto by_name = call("GET", "/api/console/users?q=LIC", op).json();
  ASSERT_EQ(by_name.at("total").as_int64(), 1);
  EXPECT_EQ(by_name.at("items").at(0).at("name").as_string(), "Alice");
  const auto sorted = call("GET", "/api/console/users?sort=name&order=asc&page_size=2", op).json();
  EXPECT_GE(sorted.at("total").as_int64(), 3) << "Oscar, Alice and Bob";
  ASSERT_EQ(sorted.at("items").as_array().size(), 2U);
  EXPECT_EQ(sorted.at("items").at(0).at("name").as_string(), "Alice");
  EXPECT_EQ(sorted.at("items").at(1).at("name").as_string(), "Bob");
}

TEST_F(ConsolePeople, TheDashboardAnswersEveryFigure) {
  const auto r = call("GET", "/api/console/dashboard", op);
  ASSERT_EQ(r.status, 200) << r.body;
  const auto board = r.json().as_object();
  for (const char* key : {"players_online", "players_24h", "servers_total", "servers_offline", "rentals_by_state",
                          "revenue", "failed_provisioning", "payments_held", "jobs"}) {
    EXPECT_TRUE(board.contains(key)) << key;
  }
  EXPECT_GE(board.at("servers_total").as_int64(), 2) << "the fixture's two servers";
  bool purge_listed = false;
  for (const auto& job : board.at("jobs").as_array()) purge_listed |= job.at("name").as_string() == "auth.purge";
  EXPECT_TRUE(purge_listed) << r.body;
}

}  // namespace
}  // namespace portal::test
