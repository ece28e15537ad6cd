#pragma once
// Hands queued mail to the mailer (SMTP in production, the outbox in demo mode), as an MTA does with
// its queue: a mail the server refuses for now, or that cannot reach it, is tried again later (1, 2, 5,
// 10 and 30 minutes, then every hour) until three days after it was queued; a mail no server could ever
// accept (an invalid address or header) is given up at once. The job mail.deliver calls deliver_due on
// one instance. No HTTP here.

#include "features/mail/queue_repository.hpp"
#include "integrations/mail/mailer.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace portal::mail_queue {

struct MailDeliveryDeps {
  QueueRepository& queue;
  mail::Mailer& mailer;
  std::function<std::int64_t()> now_unix;
};

struct DeliveryRun {
  int sent = 0;
  int postponed = 0;  // tried and refused for now, or not tried because the server was found down
  int given_up = 0;
};

class MailDelivery {
 public:
  static constexpr std::int64_t kGiveUpAfterSeconds = 3 * 86400;
  static constexpr std::int64_t kKeepFinishedSeconds = 30 * 86400;
  static constexpr int kBatch = 50;

  explicit MailDelivery(MailDeliveryDeps deps) : d_(std::move(deps)) {}

  // Queues a mail about `dedupe_key` (what it tells: the same key queued again is ignored). The
  // message is checked as the mailer would check it, so a mail that could never be sent is refused
  // here, not three days later. Errors: the mailer's validation errors (INVALID_EMAIL,
  // INVALID_MAIL_HEADER).
  core::Status queue(const std::string& dedupe_key, const mail::MailMessage& message);

  // Sends what is due, oldest first, at most kBatch. After the first mail the server refuses for now or
  // cannot be reached, the rest wait for the next run, so a server that is down costs one timeout a
  // run, not one per mail.
  DeliveryRun deliver_due();

  // Seconds to wait before the next attempt after `attempts` failed ones (1-based).
  static std::int64_t retry_delay(int attempts);

 private:
  MailDeliveryDeps d_;
};

}  // namespace portal::mail_queue
