#include "integrations/mail/mail_text.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::mail {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(MailText, FindsHttpAndHttpsLinksInOrder) {
  EXPECT_THAT(extract_links("Reset: https://portal.example/reset?token=ab12&x=1\nOr http://localhost:8080/verify#top"),
              ElementsAre("https://portal.example/reset?token=ab12&x=1", "http://localhost:8080/verify#top"));
}

TEST(MailText, LinksEndBeforeSentencePunctuationAndUnbalancedBrackets) {
  EXPECT_THAT(extract_links("Open https://portal.example/a. Then (see https://portal.example/b), done!"),
              ElementsAre("https://portal.example/a", "https://portal.example/b"));
  EXPECT_THAT(extract_links("Wiki: https://en.wikipedia.org/wiki/Foo_(bar)."),
              ElementsAre("https://en.wikipedia.org/wiki/Foo_(bar)"));
  EXPECT_THAT(extract_links("<https://portal.example/c> and \"https://portal.example/d\""),
              ElementsAre("https://portal.example/c", "https://portal.example/d"));
}

TEST(MailText, ChinesePunctuationEndsALink) {
  EXPECT_THAT(extract_links("请点击https://portal.example/verify?t=9f3a。谢谢"),
              ElementsAre("https://portal.example/verify?t=9f3a"));
}

TEST(MailText, SchemeIsMatchedWithoutCaseAndRepeatsAreListedOnce) {
  EXPECT_THAT(extract_links("HTTPS://Portal.example/x and https://Portal.example/x again"),
              ElementsAre("HTTPS://Portal.example/x", "https://Portal.example/x"));
  EXPECT_THAT(extract_links("a https://p.example/x b https://p.example/x"), ElementsAre("https://p.example/x"));
}

TEST(MailText, IgnoresOtherSchemesAndBareSchemes) {
  EXPECT_THAT(extract_links("ftp://files.example/a mailto:x@example.com https:// http://. javascript:alert(1)"),
              IsEmpty());
  EXPECT_THAT(extract_links(""), IsEmpty());
}

TEST(MailText, FindsTheFirstStandaloneSixDigitCode) {
  EXPECT_EQ(extract_code("Your verification code is 482913. It expires in 10 minutes."), "482913");
  EXPECT_EQ(extract_code("您的验证码是123456，10分钟内有效。"), "123456");
  EXPECT_EQ(extract_code("482913"), "482913");
  EXPECT_EQ(extract_code("Code: 000123\nNot 999999"), "000123");
}

TEST(MailText, SkipsNumbersThatAreNotACode) {
  EXPECT_EQ(extract_code("Order 1234567 then code 654321"), "654321");             // seven digits
  EXPECT_EQ(extract_code("id abc123456 then code 111222"), "111222");              // glued to letters
  EXPECT_EQ(extract_code("Pay 12.345678 or 2024-123456, code 333444"), "333444");  // parts of numbers
  EXPECT_EQ(extract_code("Verify https://portal.example/v/123456?c=654321 or type 777888"), "777888");
  EXPECT_EQ(extract_code("user_123456 code 222333"), "222333");
}

TEST(MailText, NoCodeIsNullopt) {
  EXPECT_EQ(extract_code("Welcome to the portal!"), std::nullopt);
  EXPECT_EQ(extract_code("12345 and 1234567"), std::nullopt);
  EXPECT_EQ(extract_code(""), std::nullopt);
}

}  // namespace
}  // namespace portal::mail
