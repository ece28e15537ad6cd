// `portal routes` prints the route table with each route's caller, execution and rate limit, and
// `portal servers issue-key --scopes` gives a key exactly the scopes it names, and the server and
// announcement commands are audited as "cli" (running the real binary).

#include "support/cli_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

class RoutesCli : public CliTest {};

TEST_F(RoutesCli, PrintsEveryRouteWithItsCallerExecutionAndLimit) {
  const std::string table = ok({"routes", "--demo"});
  EXPECT_THAT(table, ContainsRegex("METHOD +PATH +ACCESS +EXECUTION"));
  EXPECT_THAT(table, ContainsRegex("GET +/api/servers +public +io-thread +-"));
  EXPECT_THAT(table, ContainsRegex("POST +/api/plugin/bind-tokens +server-key:bind +db-pool +auth.plugin 600/60s"));
  EXPECT_THAT(table, ContainsRegex("POST +/api/plugin/stats +server-key:stats "));
  EXPECT_THAT(table, ContainsRegex("GET +/api/plugin/members +server-key:members "));
  EXPECT_THAT(table, ContainsRegex("POST +/api/plugin/servers/status +server-key:status "));
  EXPECT_THAT(table, ContainsRegex("POST +/api/auth/email/bind-steam +bind-token "));
  EXPECT_THAT(table, ContainsRegex("POST +/api/auth/logout-all +logged-in "));
  EXPECT_THAT(table, HasSubstr("/api/dev/")) << "demo routes with --demo";
  EXPECT_THAT(table, Not(HasSubstr("(undefined)"))) << "every named rate limit is defined";
}

TEST_F(RoutesCli, IssueKeyGivesTheNamedScopes) {
  ok({"servers", "add", "--ip", "10.1.2.3", "--port", "27015", "--name", "Rented", "--category", "retakes", "--region",
      "ap-shanghai"});
  const long long id = scalar("SELECT id FROM game_servers WHERE ip = '10.1.2.3'");
  const std::string key = ok({"servers", "issue-key", std::to_string(id), "--scopes", "status,stats,members"});
  // The key is the last line (PostgreSQL may print notices on stderr before it).
  EXPECT_THAT(key, ContainsRegex("(^|\n)[0-9a-f]{64}\n$"));
  EXPECT_EQ(text("SELECT plugin_key_scopes FROM game_servers WHERE id = " + std::to_string(id)),
            "members,stats,status");
  refused({"servers", "issue-key", std::to_string(id), "--scopes", "status,root"}, "scopes");
  refused({"servers", "issue-key", std::to_string(id), "--scopes", ""}, "scope");
  ok({"servers", "issue-key", std::to_string(id)});
  EXPECT_EQ(text("SELECT plugin_key_scopes FROM game_servers WHERE id = " + std::to_string(id)),
            "bind,members,stats,status")
      << "without --scopes a key may do everything, as keys did before scopes";
}

TEST_F(RoutesCli, ServerAndAnnouncementCommandsAreAuditedAsTheCli) {
  ok({"servers", "add", "--ip", "10.1.2.4", "--port", "27015", "--name", "Audited", "--category", "retakes", "--region",
      "ap-shanghai"});
  const std::string id = std::to_string(scalar("SELECT id FROM game_servers WHERE ip = '10.1.2.4'"));
  ok({"servers", "edit", id, "--star", "3"});
  ok({"servers", "issue-key", id, "--scopes", "status"});
  ok({"servers", "remove", id});
  ok({"announce", "set", "--lang", "en", "Maintenance at 02:00"});
  const std::string target = "'server:" + id + "'";
  for (const char* action : {"server.add", "server.edit", "server.key", "server.remove"}) {
    EXPECT_EQ(scalar(std::string("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = '") + action +
                     "' AND target = " + target),
              1)
        << action;
  }
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'announcement.set' AND "
                   "target = 'announcement:en'"),
            1);
  EXPECT_THAT(text("SELECT details FROM audit_log WHERE action = 'server.key' AND target = " + target),
              Not(HasSubstr("key_hash")))
      << "the key is never written to the log";
}

}  // namespace
}  // namespace portal::test
