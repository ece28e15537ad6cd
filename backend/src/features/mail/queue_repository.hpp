#pragma once
// The mail queue's table (migrations 0018_mail_queue.sql): mail that is sent by the job mail.deliver,
// not while someone waits, so that an SMTP outage delays it instead of losing it.

#include "db/database.hpp"
#include "integrations/mail/mail_message.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace portal::mail_queue {

struct QueuedMail {
  std::int64_t id = 0;
  std::string dedupe_key;
  mail::MailMessage message;
  int attempts = 0;  // hand-overs tried so far
  std::int64_t created_at = 0;
};

struct QueueCounts {
  std::int64_t pending = 0;
  std::int64_t sent = 0;
  std::int64_t failed = 0;
  std::int64_t oldest_pending_at = 0;  // unix seconds; 0 when nothing is pending
};

class QueueRepository {
 public:
  explicit QueueRepository(db::Database& database) : database_(database) {}

  // Queues the mail, due at once. False when a mail with this key is queued (or was sent) already.
  bool add(const std::string& dedupe_key, const mail::MailMessage& message, std::int64_t now);
  // Pending mail due by `now`, oldest first.
  std::vector<QueuedMail> due(std::int64_t now, int limit) const;
  void mark_sent(std::int64_t id, int attempts, std::int64_t now);
  void retry_at(std::int64_t id, int attempts, std::int64_t next_attempt_at, const std::string& error);
  void give_up(std::int64_t id, int attempts, std::int64_t now, const std::string& error);
  QueueCounts counts() const;
  // Forgets mail sent or given up before `before`.
  int purge_finished(std::int64_t before);

 private:
  db::Database& database_;
};

}  // namespace portal::mail_queue
