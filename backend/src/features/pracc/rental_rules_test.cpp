#include "features/pracc/rental_rules.hpp"

#include <gtest/gtest.h>

namespace portal::pracc {
namespace {

std::string key_of(const core::Error& e) {
  return e.details.contains("key") ? std::string(e.details.at("key").as_string()) : "";
}

TEST(RentalRules, ServerNamesAreTrimmedChineseLettersDigitsAndSpacesUpTo16) {
  EXPECT_EQ(*checked_server_name("  练枪 Scrim 1 "), "练枪 Scrim 1");
  EXPECT_EQ(*checked_server_name("一二三四五六七八九十一二三四五六"), "一二三四五六七八九十一二三四五六");
  EXPECT_EQ(key_of(checked_server_name("   ").error()), "nameRequired");
  EXPECT_EQ(key_of(checked_server_name("一二三四五六七八九十一二三四五六七").error()), "nameLengthError");
  EXPECT_EQ(key_of(checked_server_name("scrim!").error()), "nameInvalid");
  EXPECT_EQ(key_of(checked_server_name("😀").error()), "nameInvalid");
  EXPECT_EQ(key_of(checked_server_name("a\xff").error()), "nameInvalid") << "not UTF-8";
  EXPECT_EQ(checked_server_name("").error().details.at("field").as_string(), "serverName");
}

TEST(RentalRules, PasswordsAreLettersAndDigitsUpTo16) {
  EXPECT_EQ(*checked_join_password(" abc123 "), "abc123");
  EXPECT_EQ(key_of(checked_join_password("").error()), "passwordRequired");
  EXPECT_EQ(key_of(checked_join_password("abc 123").error()), "passwordInvalid");
  EXPECT_EQ(key_of(checked_join_password("密码").error()), "passwordInvalid");
  EXPECT_EQ(key_of(checked_join_password("abcdefghijklmnopq").error()), "passwordLengthError");
  EXPECT_TRUE(checked_join_password("abcdefghijklmnop"));
}

TEST(RentalRules, AdminListsFollowEveryRuleAndNameTheRow) {
  const ServerAdmin owner{"76561198000000001", "me"};
  EXPECT_TRUE(checked_admins({owner}));
  EXPECT_EQ(key_of(checked_admins({}).error()), "minAdmin");
  std::vector<ServerAdmin> eight;
  for (int i = 0; i < 8; ++i) eight.push_back({"7656119800000000" + std::to_string(i), ""});
  EXPECT_EQ(key_of(checked_admins(eight).error()), "maxAdmins");
  eight.pop_back();
  EXPECT_TRUE(checked_admins(eight)) << "seven is the limit";
  EXPECT_EQ(key_of(checked_admins({{"7656119800000001", ""}}).error()), "invalidId") << "16 digits";
  EXPECT_EQ(key_of(checked_admins({{"7656119800000000a", ""}}).error()), "invalidId");
  const auto prefix = checked_admins({{"12345678901234567", ""}}).error();
  EXPECT_EQ(key_of(prefix), "invalidPrefix");
  EXPECT_EQ(prefix.details.at("steamid").as_string(), "12345678901234567");
  EXPECT_EQ(key_of(checked_admins({{"76561198000000001", "一二三四五六七八九十一二三四五六七八九十一"}}).error()),
            "noteTooLong");
  EXPECT_TRUE(checked_admins({{"76561198000000001", "一二三四五六七八九十一二三四五六七八九十"}}));
  EXPECT_EQ(key_of(checked_admins({owner, {" 76561198000000001 ", "again"}}).error()), "duplicateId");
}

TEST(RentalRules, ExpiredOnceTheTimeIsPastTheExpiry) {
  EXPECT_FALSE(is_expired(1000, 999));
  EXPECT_FALSE(is_expired(1000, 1000));
  EXPECT_TRUE(is_expired(1000, 1001));
}

TEST(RentalRules, TheSwitchDayStartsAtMidnightInGmt8) {
  // 2026-11-29 15:59:59 UTC is 23:59:59 GMT+8; a second later the next GMT+8 day begins.
  const std::int64_t last_second = 1795967999;
  EXPECT_EQ(gmt8_datetime(last_second), "2026-11-29 23:59:59");
  EXPECT_EQ(gmt8_day_start(last_second), 1795881600);  // 2026-11-29 00:00 GMT+8 = 2026-11-28 16:00 UTC
  EXPECT_EQ(gmt8_day_start(last_second + 1), last_second + 1);
  EXPECT_EQ(gmt8_datetime(gmt8_day_start(last_second + 1)), "2026-11-30 00:00:00");
}

TEST(RentalRules, TheWebStatusFollowsThePhaseAndTheCloudWhenRunning) {
  RentalServer s;
  const std::pair<Phase, const char*> table[] = {
      {Phase::creating, "CREATING"},    {Phase::switching, "SWITCHING"},     {Phase::restarting, "RESTARTING"},
      {Phase::updating, "UPDATING"},    {Phase::verifying, "VERIFYING"},     {Phase::expired, "STOPPED"},
      {Phase::starting, "STARTING"},    {Phase::terminating, "TERMINATING"}, {Phase::terminated, "TERMINATED"},
      {Phase::relocated, "TERMINATED"}, {Phase::failed, "LAUNCH_FAILED"},    {Phase::running, "RUNNING"},
  };
  for (const auto& [phase, status] : table) {
    s.phase = phase;
    EXPECT_EQ(web_status(s), status) << to_string(phase);
    EXPECT_EQ(phase_from(to_string(phase)), phase);
  }
  s.phase = Phase::running;
  s.cloud_state = "STOPPED";
  EXPECT_EQ(web_status(s), "STOPPED") << "stopped from the cloud's console: the cloud's word wins";
  s.phase = Phase::switching;
  s.cloud_state = "LAUNCH_FAILED";
  EXPECT_EQ(web_status(s), "LAUNCH_RETRYING") << "neither region took it: tried again later";
  EXPECT_FALSE(phase_from("sleeping"));
}

TEST(RentalRules, ServerIdsAreUnguessable) {
  const auto a = new_server_id();
  EXPECT_EQ(a.size(), 4u + 16u);
  EXPECT_TRUE(a.starts_with("srv_"));
  EXPECT_NE(a, new_server_id());
}

TEST(RentalRules, RemindersAreACommaSeparatedSetOfNotices) {
  EXPECT_TRUE(has_reminder("24h,1h", "1h"));
  EXPECT_FALSE(has_reminder("24h,1h", "1"));
  EXPECT_FALSE(has_reminder("", "24h"));
  EXPECT_EQ(with_reminder("", "24h"), "24h");
  EXPECT_EQ(with_reminder("24h", "24h"), "24h");
  EXPECT_EQ(with_reminder("24h", "renewal_refunded"), "24h,renewal_refunded");
  EXPECT_EQ(without_reminder("24h,renewal_refunded,1h", "renewal_refunded"), "24h,1h");
  EXPECT_EQ(without_reminder("renewal_refunded", "renewal_refunded"), "");
  EXPECT_EQ(without_reminder("24h", "1h"), "24h");
}

}  // namespace
}  // namespace portal::pracc
