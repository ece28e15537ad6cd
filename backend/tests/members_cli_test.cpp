// `portal users grant|revoke|list` and `portal vip grant|status`, running the real binary against a
// fresh database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

#include "support/cli_test.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kAlice = "76561198000000001";
const std::string kBob = "76561198000000002";

class MembersCli : public CliTest {};

TEST_F(MembersCli, GrantListRevoke) {
  EXPECT_THAT(ok({"users", "grant", kAlice, "pro"}), HasSubstr("pro granted to " + kAlice + " with no expiry"));
  EXPECT_THAT(ok({"users", "grant", kBob, "op", "--days", "30"}), HasSubstr("op granted to " + kBob + " until "));
  EXPECT_THAT(ok({"users", "grant", kBob, "kol"}), HasSubstr("kol granted"));

  const std::string list = ok({"users", "list"});
  EXPECT_THAT(list, HasSubstr("steam_id"));
  EXPECT_THAT(list, ::testing::ContainsRegex(kAlice + " +pro +never"));
  EXPECT_THAT(list, ::testing::ContainsRegex(kBob + " +op +[0-9]{4}-[0-9]{2}-[0-9]{2}"));
  EXPECT_THAT(list, ::testing::ContainsRegex(kBob + " +kol +never"));

  const std::string ops = ok({"users", "list", "--group", "op"});
  EXPECT_THAT(ops, HasSubstr(kBob));
  EXPECT_THAT(ops, Not(HasSubstr(kAlice)));

  EXPECT_THAT(ok({"vip", "status", kBob}), ::testing::ContainsRegex("type +op"));
  EXPECT_THAT(ok({"users", "revoke", kBob, "op"}), HasSubstr("op revoked from " + kBob));
  EXPECT_THAT(ok({"vip", "status", kBob}), ::testing::ContainsRegex("type +kol"));
  EXPECT_THAT(ok({"users", "list", "--group", "op"}), Not(HasSubstr(kBob)));

  auto again = portal({"users", "revoke", kBob, "op"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_THAT(again.output, HasSubstr(kBob + " is not in group op (MEMBERSHIP_NOT_FOUND)"));

  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'membership.grant' AND actor = 'cli' AND "
                   "target = 'steam:" +
                   kBob + "'"),
            2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'membership.revoke'"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships WHERE granted_by = 'cli'"), 2);
}

TEST_F(MembersCli, VipGrantStacks) {
  EXPECT_THAT(ok({"vip", "grant", kAlice, "30"}), HasSubstr("vip granted to " + kAlice + ": 30 day(s) from "));
  EXPECT_THAT(ok({"vip", "grant", kAlice, "10"}), HasSubstr("10 day(s)"));
  const long long first_end =
      scalar("SELECT expires_at FROM vip_subscriptions WHERE steam_id = '" + kAlice + "' ORDER BY id LIMIT 1");
  const long long second_start =
      scalar("SELECT starts_at FROM vip_subscriptions WHERE steam_id = '" + kAlice + "' ORDER BY id DESC LIMIT 1");
  const long long second_end =
      scalar("SELECT expires_at FROM vip_subscriptions WHERE steam_id = '" + kAlice + "' ORDER BY id DESC LIMIT 1");
  EXPECT_EQ(second_start, first_end);
  EXPECT_EQ(second_end, first_end + 10 * 86400);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM vip_subscriptions WHERE source = 'cli' AND source_ref IS NULL"), 2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'vip.grant' AND actor = 'cli'"), 2);

  const std::string status = ok({"vip", "status", kAlice});
  EXPECT_THAT(status, ::testing::ContainsRegex("type +vip"));
  EXPECT_THAT(status, ::testing::ContainsRegex("vipExpireDate +[0-9]{4}-[0-9]{2}-[0-9]{2}"));
  EXPECT_THAT(ok({"users", "list", "--group", "vip"}), HasSubstr(kAlice));
  EXPECT_THAT(ok({"vip", "status", kBob}), ::testing::ContainsRegex("type +none"));
}

TEST_F(MembersCli, BadInputIsRefusedWithAClearMessage) {
  auto bad_id = portal({"users", "grant", "12345", "pro"});
  EXPECT_EQ(bad_id.exit_code, 1);
  EXPECT_THAT(bad_id.output, HasSubstr("'12345' is not a SteamID64"));
  auto bad_vip_id = portal({"vip", "grant", "7656119800000000x", "5"});
  EXPECT_EQ(bad_vip_id.exit_code, 1);
  EXPECT_THAT(bad_vip_id.output, HasSubstr("is not a SteamID64"));
  auto bad_status_id = portal({"vip", "status", "1"});
  EXPECT_EQ(bad_status_id.exit_code, 1);

  auto unknown_group = portal({"users", "grant", kAlice, "admin"});
  EXPECT_EQ(unknown_group.exit_code, 1);
  EXPECT_THAT(unknown_group.output, HasSubstr("unknown group 'admin'"));
  auto vip_group = portal({"users", "grant", kAlice, "vip"});
  EXPECT_EQ(vip_group.exit_code, 1);
  EXPECT_THAT(vip_group.output, HasSubstr("portal vip grant"));
  auto unknown_list = portal({"users", "list", "--group", "admins"});
  EXPECT_EQ(unknown_list.exit_code, 1);
  EXPECT_THAT(unknown_list.output, HasSubstr("unknown group 'admins'"));

  for (const char* days : {"0", "3651"}) {
    auto group_days = portal({"users", "grant", kAlice, "pro", "--days", days});
    EXPECT_EQ(group_days.exit_code, 1) << days;
    EXPECT_THAT(group_days.output, HasSubstr("days must be between 1 and 3650")) << days;
    auto vip_days = portal({"vip", "grant", kAlice, days});
    EXPECT_EQ(vip_days.exit_code, 1) << days;
    EXPECT_THAT(vip_days.output, HasSubstr("days must be between 1 and 3650")) << days;
  }
  auto negative = portal({"vip", "grant", kAlice, "--", "-5"});
  EXPECT_EQ(negative.exit_code, 1);
  EXPECT_THAT(negative.output, HasSubstr("days must be between 1 and 3650"));
  auto not_a_number = portal({"vip", "grant", kAlice, "ten"});
  EXPECT_NE(not_a_number.exit_code, 0);
  EXPECT_THAT(not_a_number.output, HasSubstr("days"));
  auto missing = portal({"users", "grant", kAlice});
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_THAT(missing.output, HasSubstr("group"));

  EXPECT_EQ(scalar("SELECT COUNT(*) FROM memberships"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM vip_subscriptions"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log"), 0);
}

}  // namespace
}  // namespace portal::test
