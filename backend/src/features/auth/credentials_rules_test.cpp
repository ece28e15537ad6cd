#include "features/auth/credentials_rules.hpp"

#include <gtest/gtest.h>

namespace portal::auth {
namespace {

TEST(EmailRule, AcceptsTheSimpleShapeAndNormalises) {
  EXPECT_EQ(*normalize_email("  Player.One@Example.COM "), "player.one@example.com");
  EXPECT_EQ(*normalize_email("a+tag@sub.example.cn"), "a+tag@sub.example.cn");
}

TEST(EmailRule, RefusesEverythingElseWithTheSpecsMessage) {
  for (const char* bad : {"", "plain", "@example.com", "a@", "a@b", "a@b.", "a@.com", "a b@example.com",
                          "a@@example.com", "a@b@example.com", "a@exa mple.com", "a\n@example.com"}) {
    const auto result = normalize_email(bad);
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_EQ(result.error().code, "INVALID_EMAIL");
    EXPECT_EQ(result.error().message, "Please enter a valid email address");
    EXPECT_EQ(result.error().details.at("field").as_string(), "email");
  }
  EXPECT_FALSE(normalize_email(std::string(250, 'a') + "@example.com").ok()) << "over 254 characters";
}

TEST(PasswordRule, AtLeastEightLettersDigitsAndCommonSymbols) {
  EXPECT_TRUE(check_password("abcd1234").ok());
  EXPECT_TRUE(check_password("P@ss-w0rd!{}[]~").ok());
  EXPECT_TRUE(check_password(std::string(128, 'x')).ok());
  const auto short_one = check_password("abc1234");
  ASSERT_FALSE(short_one.ok());
  EXPECT_EQ(short_one.error().code, "PASSWORD_TOO_SHORT");
  EXPECT_EQ(short_one.error().message, "Password must be at least 8 characters long");
  EXPECT_EQ(check_password(std::string(129, 'x')).error().code, "PASSWORD_TOO_LONG");
  for (const char* bad : {"has space 1", "tab\tinside1", "密码密码密码密码", "emoji😀1234"}) {
    EXPECT_EQ(check_password(bad).error().code, "PASSWORD_INVALID_CHARS") << bad;
  }
  EXPECT_EQ(check_password("short", "newPassword").error().details.at("field").as_string(), "newPassword");
}

}  // namespace
}  // namespace portal::auth
