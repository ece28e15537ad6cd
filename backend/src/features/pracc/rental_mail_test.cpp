#include "features/pracc/rental_mail.hpp"

#include <gtest/gtest.h>

namespace portal::pracc {
namespace {

RentalServer server_named(const std::string& name) {
  RentalServer s;
  s.name = name;
  s.expires_at = 1'800'000'000;  // 2027-01-15 08:00 UTC = 16:00 GMT+8
  return s;
}

TEST(RentalMail, ExpiryRemindersSayWhenInBothLanguagesWithTheRenewLink) {
  const auto mail = rental_notice_mail("a@example.com", server_named("练枪 <1>"), "expires_24h",
                                       "https://cs2.example.com/pracc", "CS2 Community");
  ASSERT_TRUE(mail);
  EXPECT_EQ(mail->to, "a@example.com");
  EXPECT_NE(mail->text.find("24 小时"), std::string::npos);
  EXPECT_NE(mail->text.find("expires in 24 hours (2027-01-15 16:00 (GMT+8))"), std::string::npos);
  EXPECT_NE(mail->text.find("https://cs2.example.com/pracc"), std::string::npos);
  EXPECT_NE(mail->html.find("练枪 &lt;1&gt;"), std::string::npos) << "the name is escaped in HTML";
  EXPECT_NE(rental_notice_mail("a@example.com", server_named("x"), "expires_1h", "p", "s")->subject.find("1 hour"),
            std::string::npos);
}

TEST(RentalMail, ARefundIsExplainedAndUnknownNoticesSendNothing) {
  const auto refunded = rental_notice_mail("a@example.com", server_named("x"), "refunded", "p", "s");
  ASSERT_TRUE(refunded);
  EXPECT_NE(refunded->text.find("refunded"), std::string::npos);
  EXPECT_FALSE(rental_notice_mail("a@example.com", server_named("x"), "hello", "p", "s"));
  const auto revoked = rental_notice_mail("a@example.com", server_named("x"), "revoked", "p", "s");
  ASSERT_TRUE(revoked);
  EXPECT_NE(revoked->text.find("has ended"), std::string::npos);
  const auto renewal = rental_notice_mail("a@example.com", server_named("x"), "renewal_refunded", "p", "s");
  ASSERT_TRUE(renewal);
  EXPECT_NE(renewal->text.find("now expires at 2027-01-15 16:00 (GMT+8)"), std::string::npos);
  EXPECT_NE(renewal->text.find("现在于 2027-01-15 16:00 (GMT+8) 到期"), std::string::npos);
  const auto refused = rental_notice_mail("a@example.com", server_named("x"), "order_refused", "p", "s");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->text.find("could not be delivered"), std::string::npos);
}

}  // namespace
}  // namespace portal::pracc
