// The time rules of e-mail accounts with a clock the test moves: code validity, attempts, resend,
// reset link validity and single use. Real repositories over a fresh database; mail is captured.

#include "features/auth/email_accounts.hpp"

#include "db/migrations.hpp"
#include "integrations/mail/mail_text.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace portal::auth {
namespace {

class CapturingMailer final : public mail::Mailer {
 public:
  core::Status send(const mail::MailMessage& message) override {
    if (fail) return mail::mail_failed("the SMTP server said no");
    sent.push_back(message);
    return core::Ok{};
  }
  std::vector<mail::MailMessage> sent;
  bool fail = false;
};

class EmailAccountsRules : public ::testing::Test {
 protected:
  EmailAccountsRules() { db::migrate(database, db::embedded_migrations(database.engine())); }

  std::string last_code() const { return *mail::extract_code(mailer.sent.back().text); }
  std::string last_reset_token() const {
    const std::string link = mail::extract_links(mailer.sent.back().text).at(0);
    const auto start = link.find("token=") + 6;
    return link.substr(start, link.find('&', start) - start);
  }
  core::Result<IssuedToken> register_with(const std::string& code) {
    return accounts.register_account("rules@example.com", "Passw0rd!", code, "127.0.0.1");
  }

  test::TestDatabase test_database;
  db::Database database{test_database.options()};
  UserRepository users{database};
  CredentialRepository credentials{database};
  SessionRepository sessions{database};
  PasswordHasher hasher{PasswordCost{8192, 1}};
  TokenService tokens{"unit-test-signing-key-0123456789abcdef"};
  CapturingMailer mailer;
  db::Budgets budgets{database};
  std::int64_t now = 1'800'000'000;
  EmailAccounts accounts{EmailAccountsDeps{
      .users = users,
      .credentials = credentials,
      .sessions = sessions,
      .hasher = hasher,
      .tokens = tokens,
      .mailer = mailer,
      .budgets = budgets,
      .now = [this] { return now; },
      .public_url = [] { return std::string("https://portal.example"); },
      .site_name = "Test",
      .code_pepper = "pepper",
  }};
};

TEST_F(EmailAccountsRules, ACodeIsSixDigitsAndValidForTenMinutes) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  const std::string code = last_code();
  EXPECT_EQ(code.size(), 6U);
  now += 10 * 60;
  const auto late = register_with(code);
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, "INVALID_CODE");
}

TEST_F(EmailAccountsRules, ACodeStillWorksJustBeforeItExpires) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  now += 10 * 60 - 1;
  EXPECT_TRUE(register_with(last_code()).ok());
}

TEST_F(EmailAccountsRules, FiveWrongGuessesVoidTheCode) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  const std::string code = last_code();
  const std::string wrong = code == "123456" ? "654321" : "123456";
  for (int i = 0; i < 5; ++i) EXPECT_EQ(register_with(wrong).error().code, "INVALID_CODE") << i;
  EXPECT_EQ(register_with(code).error().code, "INVALID_CODE") << "the right code no longer works";
}

TEST_F(EmailAccountsRules, ANewCodeOnlyAfterSixtySecondsAndItReplacesTheOld) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  const std::string first = last_code();
  now += 59;
  const auto early = accounts.send_code("rules@example.com");
  ASSERT_FALSE(early.ok());
  EXPECT_EQ(early.error().code, "RATE_LIMIT_EXCEEDED");
  EXPECT_EQ(early.error().details.at("retryAfter").as_int64(), 1);
  now += 1;
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  const std::string second = last_code();
  if (first != second) {
    EXPECT_EQ(register_with(first).error().code, "INVALID_CODE");
  }
  EXPECT_TRUE(register_with(second).ok());
}

TEST_F(EmailAccountsRules, AVoidedCodeDoesNotSkipTheSixtySeconds) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  const std::string code = last_code();
  const std::string wrong = code == "123456" ? "654321" : "123456";
  for (int i = 0; i < 5; ++i) EXPECT_EQ(register_with(wrong).error().code, "INVALID_CODE") << i;
  now += 10;
  const auto early = accounts.send_code("rules@example.com");
  ASSERT_FALSE(early.ok()) << "the voided code must not reopen the resend gap";
  EXPECT_EQ(early.error().code, "RATE_LIMIT_EXCEEDED");
  EXPECT_EQ(early.error().details.at("retryAfter").as_int64(), 50);
  now += 50;
  EXPECT_TRUE(accounts.send_code("rules@example.com").ok());
}

TEST_F(EmailAccountsRules, ConcurrentGuessesTakeAtMostFiveAttempts) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  std::atomic<int> compared{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 5; ++i) {
        if (credentials.take_code_attempt("rules@example.com", kCodeMaxAttempts, now)) ++compared;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(compared.load(), kCodeMaxAttempts);
  EXPECT_EQ(register_with(last_code()).error().code, "INVALID_CODE") << "no attempt is left for the right code";
}

TEST_F(EmailAccountsRules, ConcurrentWrongPasswordsSpendExactlyTheAccountsBudget) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  ASSERT_TRUE(register_with(last_code()).ok());
  std::atomic<int> checked{0}, refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 4; ++i) {
        const auto outcome = accounts.login("rules@example.com", "Wrong-passw0rd", "198.51.100.7");
        if (outcome.error().code == "INVALID_CREDENTIALS") ++checked;
        if (outcome.error().code == "RATE_LIMIT_EXCEEDED") ++refused;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(checked.load(), 10) << "16 guesses against a budget of 10";
  EXPECT_EQ(refused.load(), 6);
}

TEST_F(EmailAccountsRules, AStrangersFailuresDoNotLockTheOwnerOut) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  ASSERT_TRUE(register_with(last_code()).ok());
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(accounts.login("rules@example.com", "Wrong-passw0rd", "198.51.100.7").error().code,
              "INVALID_CREDENTIALS");
  }
  // One wrong try every 90 s keeps the stranger's own address refused...
  for (int i = 0; i < 3; ++i) {
    now += 90;
    EXPECT_EQ(accounts.login("rules@example.com", "Wrong-passw0rd", "198.51.100.7").error().code,
              "RATE_LIMIT_EXCEEDED");
  }
  // ...while the owner, from an address that has not failed, still gets in with the right password.
  EXPECT_TRUE(accounts.login("rules@example.com", "Passw0rd!", "203.0.113.5").ok());
  EXPECT_TRUE(accounts.login("rules@example.com", "Passw0rd!", "203.0.113.5").ok()) << "again: success clears it";
  // An address that fails while the budget is spent has had its one try.
  EXPECT_EQ(accounts.login("rules@example.com", "Wrong-passw0rd", "192.0.2.9").error().code, "INVALID_CREDENTIALS");
  EXPECT_EQ(accounts.login("rules@example.com", "Passw0rd!", "192.0.2.9").error().code, "RATE_LIMIT_EXCEEDED");
  now += 15 * 60;
  EXPECT_TRUE(accounts.login("rules@example.com", "Passw0rd!", "192.0.2.9").ok()) << "the window closed";
}

TEST_F(EmailAccountsRules, AFailedMailLetsTheUserAskAgainAtOnce) {
  mailer.fail = true;
  const auto failed = accounts.send_code("rules@example.com");
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().code, "MAIL_FAILED");
  EXPECT_EQ(failed.error().message, "Failed to send verification code");
  mailer.fail = false;
  EXPECT_TRUE(accounts.send_code("rules@example.com").ok());
}

TEST_F(EmailAccountsRules, AResetLinkLastsThirtyMinutesAndWorksOnce) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  ASSERT_TRUE(register_with(last_code()).ok());

  ASSERT_TRUE(accounts.request_reset("rules@example.com").ok());
  const std::string expired = last_reset_token();
  EXPECT_EQ(expired.size(), 32U);
  now += 30 * 60;
  EXPECT_EQ(accounts.confirm_reset("rules@example.com", expired, "NewPassw0rd", "ip").error().code,
            "RESET_LINK_INVALID");

  now += 60;  // past the one-minute gap between requests
  ASSERT_TRUE(accounts.request_reset("rules@example.com").ok());
  const std::string older = last_reset_token();
  now += 60;
  ASSERT_TRUE(accounts.request_reset("rules@example.com").ok());
  const std::string newest = last_reset_token();
  EXPECT_EQ(accounts.confirm_reset("rules@example.com", older, "NewPassw0rd", "ip").error().code, "RESET_LINK_INVALID")
      << "a new link voids the older ones";
  EXPECT_EQ(accounts.confirm_reset("other@example.com", newest, "NewPassw0rd", "ip").error().code, "RESET_LINK_INVALID")
      << "bound to its account";
  now += 30 * 60 - 1;
  ASSERT_TRUE(accounts.confirm_reset("rules@example.com", newest, "NewPassw0rd", "ip").ok());
  EXPECT_FALSE(accounts.confirm_reset("rules@example.com", newest, "OtherPassw0rd", "ip").ok()) << "single use";
  EXPECT_TRUE(accounts.login("rules@example.com", "NewPassw0rd", "ip").ok());
}

TEST_F(EmailAccountsRules, TheResetLinkIsBuiltFromTheConfiguredOrigin) {
  ASSERT_TRUE(accounts.send_code("rules@example.com").ok());
  ASSERT_TRUE(register_with(last_code()).ok());
  ASSERT_TRUE(accounts.request_reset("Rules@Example.com").ok());
  const std::string link = mail::extract_links(mailer.sent.back().text).at(0);
  EXPECT_EQ(link.rfind("https://portal.example/reset-password?token=", 0), 0U) << link;
  EXPECT_NE(link.find("&email=rules%40example.com"), std::string::npos) << link;
}

}  // namespace
}  // namespace portal::auth
