#include "features/mail/queue_repository.hpp"

#include "db/row.hpp"

namespace portal::mail_queue {

bool QueueRepository::add(const std::string& dedupe_key, const mail::MailMessage& message, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    soci::statement insert =
        (sql.prepare << "INSERT INTO mail_queue (dedupe_key, recipient, subject, body_text, body_html, "
                        "next_attempt_at, created_at) VALUES (:key, :to, :subject, :text, :html, :due, :created) "
                        "ON CONFLICT (dedupe_key) DO NOTHING",
         soci::use(dedupe_key), soci::use(message.to), soci::use(message.subject), soci::use(message.text),
         soci::use(message.html), soci::use(at), soci::use(at));
    insert.execute(true);
    return insert.get_affected_rows() == 1;
  });
}

std::vector<QueuedMail> QueueRepository::due(std::int64_t now, int limit) const {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT id, dedupe_key, recipient, subject, body_text, body_html, attempts, created_at "
                        "FROM mail_queue WHERE state = 'pending' AND next_attempt_at <= :now "
                        "ORDER BY next_attempt_at, id LIMIT :limit",
         soci::use(at), soci::use(limit));
    std::vector<QueuedMail> out;
    for (const auto& row : rows) {
      out.push_back(QueuedMail{
          .id = db::row_int64(row, 0),
          .dedupe_key = db::row_string(row, 1),
          .message = {.to = db::row_string(row, 2),
                      .subject = db::row_string(row, 3),
                      .text = db::row_string(row, 4),
                      .html = db::row_string(row, 5)},
          .attempts = db::row_int(row, 6),
          .created_at = db::row_int64(row, 7),
      });
    }
    return out;
  });
}

void QueueRepository::mark_sent(std::int64_t id, int attempts, std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    const long long row_id = id, at = now;
    sql << "UPDATE mail_queue SET state = 'sent', attempts = :attempts, finished_at = :now, last_error = '' "
           "WHERE id = :id",
        soci::use(attempts), soci::use(at), soci::use(row_id);
  });
}

void QueueRepository::retry_at(std::int64_t id, int attempts, std::int64_t next_attempt_at, const std::string& error) {
  database_.with_session([&](soci::session& sql) {
    const long long row_id = id, at = next_attempt_at;
    sql << "UPDATE mail_queue SET attempts = :attempts, next_attempt_at = :at, last_error = :error WHERE id = :id",
        soci::use(attempts), soci::use(at), soci::use(error), soci::use(row_id);
  });
}

void QueueRepository::give_up(std::int64_t id, int attempts, std::int64_t now, const std::string& error) {
  database_.with_session([&](soci::session& sql) {
    const long long row_id = id, at = now;
    sql << "UPDATE mail_queue SET state = 'failed', attempts = :attempts, finished_at = :now, last_error = :error "
           "WHERE id = :id",
        soci::use(attempts), soci::use(at), soci::use(error), soci::use(row_id);
  });
}

QueueCounts QueueRepository::counts() const {
  return database_.with_session([&](soci::session& sql) {
    QueueCounts counts;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT state, COUNT(*), MIN(created_at) FROM mail_queue GROUP BY state");
    for (const auto& row : rows) {
      const std::string state = db::row_string(row, 0);
      const std::int64_t n = db::row_int64(row, 1);
      if (state == "pending") {
        counts.pending = n;
        counts.oldest_pending_at = db::row_int64(row, 2);
      } else if (state == "sent") {
        counts.sent = n;
      } else {
        counts.failed = n;
      }
    }
    return counts;
  });
}

int QueueRepository::purge_finished(std::int64_t before) {
  return database_.with_session([&](soci::session& sql) {
    const long long at = before;
    soci::statement purge =
        (sql.prepare << "DELETE FROM mail_queue WHERE state <> 'pending' AND finished_at < :before", soci::use(at));
    purge.execute(true);
    return static_cast<int>(purge.get_affected_rows());
  });
}

}  // namespace portal::mail_queue
