// The operator console's community servers through the real App: add, edit, disable, remove, a plugin
// key that works until it is revoked, RCON commands run on a simulated CS2 server and their refusals,
// every change audited with the operator's name; a player refused on each call.
#include "sim/cs2/sim_cluster.hpp"
#include "support/console_calls_fixture.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <string>

namespace portal::test {
namespace {

namespace json = boost::json;

class ConsoleServers : public ConsoleCallsFixture {};

TEST_F(ConsoleServers, ServerIsAddedEditedDisabledAndRemoved) {
  const auto added = send("POST", "/api/console/servers",
                          json::object{{"ip", "10.9.8.7"},
                                       {"port", 27015},
                                       {"name", "Console DM"},
                                       {"category", "deathmatch"},
                                       {"region", "ap-shanghai"},
                                       {"rcon_password", "secret-rcon"}},
                          op());
  ASSERT_EQ(added.status, 201) << added.body;
  const auto id = added.json().at("id").as_int64();
  EXPECT_EQ(added.body.find("secret-rcon"), std::string::npos);
  EXPECT_TRUE(added.json().at("has_rcon_password").as_bool());
  const std::string path = "/api/console/servers/" + std::to_string(id);

  const auto edited = send("PUT", path, json::object{{"name", "Console DM 2"}}, op());
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(edited.json().at("name").as_string(), "Console DM 2");
  EXPECT_EQ(error_field(send("PUT", path, json::object{{"port", 0}}, op())), "port");
  EXPECT_EQ(error_field(send("POST", "/api/console/servers", json::object{{"ip", "10.9.8.8"}}, op())), "port");

  const auto disabled = send("POST", path + "/enabled", json::object{{"enabled", false}}, op());
  ASSERT_EQ(disabled.status, 200) << disabled.body;
  EXPECT_FALSE(disabled.json().at("enabled").as_bool());
  const auto listed = get("/api/console/servers", op());
  ASSERT_EQ(listed.status, 200);
  EXPECT_NE(listed.body.find("Console DM 2"), std::string::npos);
  EXPECT_EQ(listed.body.find("secret-rcon"), std::string::npos);

  EXPECT_EQ(send("DELETE", path, nullptr, op()).status, 204);
  EXPECT_EQ(send("DELETE", path, nullptr, op()).status, 404);
  EXPECT_EQ(get("/api/console/servers", op()).body.find("Console DM 2"), std::string::npos);
  EXPECT_EQ(audited("server.add"), 1);
  EXPECT_EQ(audited("server.edit"), 2);
  EXPECT_EQ(audited("server.remove"), 1);
}

TEST_F(ConsoleServers, IssuedKeyWorksUntilRevoked) {
  const auto added = send("POST", "/api/console/servers",
                          json::object{{"ip", "10.9.8.9"},
                                       {"port", 27016},
                                       {"name", "Keyed"},
                                       {"category", "deathmatch"},
                                       {"region", "ap-shanghai"}},
                          op());
  ASSERT_EQ(added.status, 201) << added.body;
  const std::string path = "/api/console/servers/" + std::to_string(added.json().at("id").as_int64());
  EXPECT_EQ(error_field(send("POST", path + "/key", json::object{{"scopes", json::array{"rental"}}}, op())), "scopes");
  const auto issued = send("POST", path + "/key", json::object{{"scopes", json::array{"members"}}}, op());
  ASSERT_EQ(issued.status, 201) << issued.body;
  const std::string key(issued.json().at("key").as_string());
  const auto members = [&] {
    return http.get(app.url("/api/plugin/members?steamids=" + std::string(kPlayer)), {"Authorization: Bearer " + key});
  };
  EXPECT_NE(members().status, 401) << members().body;
  EXPECT_EQ(send("DELETE", path + "/key", nullptr, op()).status, 204);
  EXPECT_EQ(members().status, 401);
  EXPECT_EQ(audited("server.key"), 2);
}

TEST_F(ConsoleServers, RconCommandsAreCheckedAndAudited) {
  const auto added = send("POST", "/api/console/servers",
                          json::object{{"ip", "10.9.8.10"},
                                       {"port", 27017},
                                       {"name", "No RCON"},
                                       {"category", "deathmatch"},
                                       {"region", "ap-shanghai"}},
                          op());
  ASSERT_EQ(added.status, 201) << added.body;
  const std::string path = "/api/console/servers/" + std::to_string(added.json().at("id").as_int64()) + "/rcon";
  EXPECT_EQ(error_code(send("POST", path, json::object{{"command", "status"}}, op())), "RCON_NOT_CONFIGURED");
  EXPECT_EQ(error_field(send("POST", path, json::object{{"command", "status\nquit"}}, op())), "command");
  EXPECT_EQ(error_field(send("POST", path, json::object{{"command", std::string(513, 'x')}}, op())), "command");
  EXPECT_EQ(send("POST", "/api/console/servers/999999/rcon", json::object{{"command", "status"}}, op()).status, 404);
}

TEST_F(ConsoleServers, AnRconCommandRunsOnTheServerAndItsAnswerIsShown) {
  sim::SimServerSpec spec;
  spec.name = "Console DM";
  spec.map = "de_mirage";
  spec.max_players = 16;
  spec.initial_players = 3;
  spec.rcon_password = "rcon-console";
  sim::SimCluster game{{spec}, 11};
  const auto added = send("POST", "/api/console/servers",
                          json::object{{"ip", "127.0.0.1"},
                                       {"port", game.ports()[0]},
                                       {"name", "Console DM"},
                                       {"category", "deathmatch"},
                                       {"region", "ap-shanghai"},
                                       {"rcon_password", "rcon-console"}},
                          op());
  ASSERT_EQ(added.status, 201) << added.body;
  const std::string path = "/api/console/servers/" + std::to_string(added.json().at("id").as_int64()) + "/rcon";

  const auto status = send("POST", path, json::object{{"command", "status"}}, op());
  ASSERT_EQ(status.status, 200) << status.body;
  const std::string output(status.json().at("output").as_string());
  EXPECT_NE(output.find("hostname  : Console DM"), std::string::npos) << output;
  EXPECT_NE(output.find("de_mirage"), std::string::npos) << output;

  // A command that changes the server changes it: the next answer shows it.
  ASSERT_EQ(send("POST", path, json::object{{"command", "hostname \"Console DM renamed\""}}, op()).status, 200);
  const auto renamed = send("POST", path, json::object{{"command", "hostname"}}, op());
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(std::string(renamed.json().at("output").as_string()), "hostname = Console DM renamed\n");
  EXPECT_EQ(game.snapshot(0).name, "Console DM renamed");

  EXPECT_EQ(audited("server.rcon"), 3) << "each command is audited with its text";
  EXPECT_EQ(database.with_session([](soci::session& sql) {
    std::string details;
    sql << "SELECT details FROM audit_log WHERE action = 'server.rcon' ORDER BY id LIMIT 1", soci::into(details);
    return details;
  }),
            R"({"command":"status"})");
  EXPECT_EQ(database.with_session([](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM audit_log WHERE details LIKE '%rcon-console%'", soci::into(n);
    return n;
  }),
            0)
      << "the RCON password is never in the log";

  // A server that went down answers nothing: an error in the shared shape, not a hang.
  game.set_offline(0, true);
  game.stop();
  const auto down = send("POST", path, json::object{{"command", "status"}}, op());
  EXPECT_GE(down.status, 500) << down.body;
  EXPECT_FALSE(error_code(down).empty()) << down.body;
}

// Behind the reverse proxy each request may come from another address: the per-address limit never
// fills, the operator's own budget does.
class ConsoleRconBudget : public ConsoleCallsFixture {
 protected:
  ConsoleRconBudget() : ConsoleCallsFixture([](app::Config& c) { c.security.trust_forwarded_for = true; }) {}
};

TEST_F(ConsoleRconBudget, AnOperatorHasThirtyCommandsAMinuteFromWhateverAddress) {
  sim::SimServerSpec spec;
  spec.name = "Budget DM";
  spec.map = "de_inferno";
  spec.rcon_password = "rcon-budget";
  sim::SimCluster game{{spec}, 13};
  const auto added = send("POST", "/api/console/servers",
                          json::object{{"ip", "127.0.0.1"},
                                       {"port", game.ports()[0]},
                                       {"name", "Budget DM"},
                                       {"category", "deathmatch"},
                                       {"region", "ap-shanghai"},
                                       {"rcon_password", "rcon-budget"}},
                          op());
  ASSERT_EQ(added.status, 201) << added.body;
  const std::string url = app.url("/api/console/servers/" + std::to_string(added.json().at("id").as_int64()) + "/rcon");
  const std::string bearer = op();
  const auto command_from = [&](int address) {
    return http.send(HttpCall{.method = "POST",
                              .url = url,
                              .headers = {"Authorization: Bearer " + bearer, "Content-Type: application/json",
                                          "X-Forwarded-For: 198.51.100." + std::to_string(address)},
                              .body = R"({"command":"hostname"})"});
  };
  for (int i = 1; i <= 30; ++i) ASSERT_EQ(command_from(i).status, 200) << "command " << i;
  const auto refused = command_from(31);
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(error_code(refused), "RATE_LIMIT_EXCEEDED");
  EXPECT_FALSE(refused.header("Retry-After").empty());
  EXPECT_EQ(audited("server.rcon"), 30) << "a refused command is neither sent nor audited";
}

TEST_F(ConsoleServers, APlayerIsRefusedOnEveryCall) {
  const std::string bearer = player();
  const json::object empty;
  for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{
           {"GET", "/api/console/servers"},
           {"POST", "/api/console/servers"},
           {"PUT", "/api/console/servers/1"},
           {"DELETE", "/api/console/servers/1"},
           {"POST", "/api/console/servers/1/enabled"},
           {"POST", "/api/console/servers/1/key"},
           {"DELETE", "/api/console/servers/1/key"},
           {"POST", "/api/console/servers/1/rcon"},
       }) {
    EXPECT_EQ(send(method, path, empty, bearer).status, 403) << method << " " << path;
  }
}

}  // namespace
}  // namespace portal::test
