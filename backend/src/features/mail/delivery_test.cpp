// The mail queue on both engines, with a mailer the test scripts and a clock it moves: each mail is
// handed over once, a server that is down delays mail instead of losing it, and what can never be
// sent is given up.

#include "features/mail/delivery.hpp"

#include "core/clock.hpp"
#include "db/migrations.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <mutex>
#include <vector>

namespace portal::mail_queue {
namespace {

// Accepts or refuses as the test says; remembers what it accepted.
class ScriptedMailer final : public mail::Mailer {
 public:
  core::Status send(const mail::MailMessage& message) override {
    std::lock_guard lock(mutex_);
    ++attempts;
    if (down) return mail::mail_failed("connect to smtp.example.com:587 failed: Connection refused");
    if (refuse_recipient == message.to) {
      return core::Error::make(core::ErrorKind::validation, "INVALID_MAIL_HEADER", "Control character in the subject");
    }
    accepted.push_back(message);
    return core::Ok{};
  }

  bool down = false;
  std::string refuse_recipient;
  int attempts = 0;
  std::vector<mail::MailMessage> accepted;

 private:
  std::mutex mutex_;
};

mail::MailMessage notice(const std::string& to, const std::string& subject) {
  return {.to = to, .subject = subject, .text = "Your server expires in 24 hours.", .html = "<p>24 hours</p>"};
}

class MailDeliveryTest : public ::testing::Test {
 protected:
  MailDeliveryTest() { db::migrate(database, db::embedded_migrations(database.engine())); }

  test::TestDatabase test_database;
  db::Database database{test_database.options()};
  QueueRepository queue{database};
  ScriptedMailer mailer;
  core::ManualClock clock;
  MailDelivery delivery{{.queue = queue, .mailer = mailer, .now_unix = clock.clock()}};
};

TEST_F(MailDeliveryTest, HandsEachQueuedMailOverOnceAndKeepsTheFirstOfAKey) {
  ASSERT_TRUE(delivery.queue("rental:a:expires_24h:100", notice("a@example.com", "A")));
  ASSERT_TRUE(delivery.queue("rental:b:expires_24h:100", notice("b@example.com", "B")));
  ASSERT_TRUE(delivery.queue("rental:a:expires_24h:100", notice("a@example.com", "A again")));

  const DeliveryRun run = delivery.deliver_due();
  EXPECT_EQ(run.sent, 2);
  ASSERT_EQ(mailer.accepted.size(), 2u);
  EXPECT_EQ(mailer.accepted[0].subject, "A");
  EXPECT_EQ(mailer.accepted[0].html, "<p>24 hours</p>");
  EXPECT_EQ(mailer.accepted[1].subject, "B");

  clock.advance(3600);
  EXPECT_EQ(delivery.deliver_due().sent, 0);
  EXPECT_EQ(mailer.attempts, 2);
  ASSERT_TRUE(delivery.queue("rental:a:expires_24h:100", notice("a@example.com", "A once more")));
  EXPECT_EQ(delivery.deliver_due().sent, 0) << "a key that was sent is not sent again";
  const QueueCounts counts = queue.counts();
  EXPECT_EQ(counts.sent, 2);
  EXPECT_EQ(counts.pending, 0);
}

TEST_F(MailDeliveryTest, AServerThatIsDownDelaysMailAndCostsOneAttemptARun) {
  for (const char* who : {"a", "b", "c"}) {
    ASSERT_TRUE(delivery.queue(std::string("k:") + who, notice(std::string(who) + "@example.com", who)));
  }
  mailer.down = true;
  DeliveryRun run = delivery.deliver_due();
  EXPECT_EQ(run.sent, 0);
  EXPECT_EQ(run.postponed, 3);
  EXPECT_EQ(mailer.attempts, 1) << "the others wait instead of each waiting for the same dead server";

  // Five minutes of outage, a run every 5 s: each run tries one mail, and a mail refused waits 1, then
  // 2 minutes: each of the three is tried at 0 (+5 s, +10 s), 60 and 180 s.
  for (int i = 0; i < 60; ++i) {
    clock.advance(5);
    delivery.deliver_due();
  }
  EXPECT_EQ(mailer.attempts, 9);
  EXPECT_EQ(queue.counts().pending, 3);
  EXPECT_EQ(queue.counts().oldest_pending_at, 1'800'000'000);

  mailer.down = false;
  for (int i = 0; i < 600 && queue.counts().pending > 0; ++i) {
    clock.advance(5);
    delivery.deliver_due();
  }
  ASSERT_EQ(mailer.accepted.size(), 3u) << "nothing lost";
  EXPECT_EQ(queue.counts().sent, 3);
  EXPECT_EQ(queue.counts().failed, 0);
}

TEST_F(MailDeliveryTest, RetriesWaitLongerEachTimeThenHourly) {
  EXPECT_EQ(MailDelivery::retry_delay(1), 60);
  EXPECT_EQ(MailDelivery::retry_delay(2), 120);
  EXPECT_EQ(MailDelivery::retry_delay(5), 1800);
  EXPECT_EQ(MailDelivery::retry_delay(6), 3600);
  EXPECT_EQ(MailDelivery::retry_delay(40), 3600);

  ASSERT_TRUE(delivery.queue("k", notice("a@example.com", "a")));
  mailer.down = true;
  delivery.deliver_due();
  clock.advance(59);
  delivery.deliver_due();
  EXPECT_EQ(mailer.attempts, 1) << "not before its minute is over";
  clock.advance(1);
  delivery.deliver_due();
  EXPECT_EQ(mailer.attempts, 2);
}

TEST_F(MailDeliveryTest, GivesUpWhatNoServerWouldTakeAndWhatWaitedThreeDays) {
  ASSERT_TRUE(delivery.queue("bad", notice("refused@example.com", "bad")));
  ASSERT_TRUE(delivery.queue("good", notice("good@example.com", "good")));
  mailer.refuse_recipient = "refused@example.com";
  DeliveryRun run = delivery.deliver_due();
  EXPECT_EQ(run.given_up, 1);
  EXPECT_EQ(run.sent, 1) << "a mail given up does not hold the others back";

  ASSERT_TRUE(delivery.queue("late", notice("late@example.com", "late")));
  mailer.down = true;
  for (int hour = 0; hour <= 73; ++hour) {
    delivery.deliver_due();
    clock.advance(3600);
  }
  const QueueCounts counts = queue.counts();
  EXPECT_EQ(counts.failed, 2);
  EXPECT_EQ(counts.pending, 0);
  EXPECT_LT(mailer.attempts, 90) << "about one attempt an hour, not one a run";
}

TEST_F(MailDeliveryTest, RefusesARecipientThatIsNoAddress) {
  auto queued = delivery.queue("k", notice("not an address", "x"));
  ASSERT_FALSE(queued);
  EXPECT_EQ(queued.error().code, "INVALID_EMAIL");
  EXPECT_EQ(queue.counts().pending, 0);
}

TEST_F(MailDeliveryTest, ForgetsFinishedMailAfterThirtyDays) {
  ASSERT_TRUE(delivery.queue("old", notice("a@example.com", "old")));
  delivery.deliver_due();
  clock.advance(31 * 86400);
  ASSERT_TRUE(delivery.queue("new", notice("b@example.com", "new")));
  delivery.deliver_due();
  EXPECT_EQ(queue.counts().sent, 1) << "the mail of a month ago is gone, today's is kept";
}

}  // namespace
}  // namespace portal::mail_queue
