#include "features/mail/delivery.hpp"

#include <spdlog/spdlog.h>

#include <array>

namespace portal::mail_queue {

std::int64_t MailDelivery::retry_delay(int attempts) {
  static constexpr std::array<std::int64_t, 5> kDelays = {60, 120, 300, 600, 1800};
  if (attempts < 1) return kDelays.front();
  if (static_cast<std::size_t>(attempts) <= kDelays.size()) return kDelays[static_cast<std::size_t>(attempts) - 1];
  return 3600;
}

core::Status MailDelivery::queue(const std::string& dedupe_key, const mail::MailMessage& message) {
  if (!mail::is_valid_address(message.to)) {
    return core::Error::make(core::ErrorKind::validation, "INVALID_EMAIL", "The recipient is not an e-mail address",
                             {{"field", "to"}});
  }
  const bool queued = d_.queue.add(dedupe_key, message, d_.now_unix());
  if (!queued) spdlog::debug("mail: {} was queued already", dedupe_key);
  return core::Ok{};
}

DeliveryRun MailDelivery::deliver_due() {
  DeliveryRun run;
  const std::int64_t now = d_.now_unix();
  const auto due = d_.queue.due(now, kBatch);
  for (std::size_t i = 0; i < due.size(); ++i) {
    const QueuedMail& mail = due[i];
    const int attempts = mail.attempts + 1;
    auto sent = d_.mailer.send(mail.message);
    const std::int64_t after = d_.now_unix();
    if (sent) {
      d_.queue.mark_sent(mail.id, attempts, after);
      ++run.sent;
      continue;
    }
    const core::Error& error = sent.error();
    if (error.kind != core::ErrorKind::unavailable) {
      spdlog::error("mail: {} can never be sent ({}: {}); given up", mail.dedupe_key, error.code, error.message);
      d_.queue.give_up(mail.id, attempts, after, error.code + ": " + error.message);
      ++run.given_up;
      continue;
    }
    if (after - mail.created_at >= kGiveUpAfterSeconds) {
      spdlog::error("mail: {} not handed over in {} attempts over three days ({}); given up", mail.dedupe_key, attempts,
                    error.message);
      d_.queue.give_up(mail.id, attempts, after, error.message);
      ++run.given_up;
      continue;
    }
    d_.queue.retry_at(mail.id, attempts, after + retry_delay(attempts), error.message);
    run.postponed += static_cast<int>(due.size() - i);
    spdlog::warn("mail: the mail server did not take {} (attempt {}: {}); {} mail wait for the next run",
                 mail.dedupe_key, attempts, error.message, due.size() - i);
    break;
  }
  if (run.sent > 0 || run.given_up > 0) {
    d_.queue.purge_finished(now - kKeepFinishedSeconds);
  }
  return run;
}

}  // namespace portal::mail_queue
