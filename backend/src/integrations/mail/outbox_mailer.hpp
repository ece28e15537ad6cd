#pragma once
// Demo/test stand-in for SMTP (DESIGN.md section 5): each mail becomes <id>.json (what the dev page
// lists) and <id>.eml (the exact bytes SMTP would have sent) in one folder. It renders and validates
// through mail_message like SmtpMailer, so a mail it accepts is one SMTP would accept, and it refuses
// the same ones with the same errors. Demo-only: refuses to exist outside demo mode.

#include "integrations/mail/mailer.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace portal::mail {

struct OutboxEntry {
  std::string id;  // sorts by send time: "20240102-150405-123456-9f3ab2"
  std::string to;
  std::string subject;
  std::string text;
  std::string html;
  std::string sent_at;  // ISO-8601 UTC with milliseconds, "2024-01-02T15:04:05.123Z"
  std::filesystem::path eml_file;
};

class OutboxMailer final : public Mailer {
 public:
  // Throws std::logic_error when demo_mode is false, std::invalid_argument for an invalid sender,
  // std::filesystem::filesystem_error when the folder cannot be created.
  OutboxMailer(std::filesystem::path folder, MailIdentity from, bool demo_mode);

  // Writes the .eml, then the .json, each through a temp file and a rename, so a reader (list, a
  // browser, another process) sees a mail completely or not at all. Thread-safe.
  core::Status send(const MailMessage& message) override;

  // Newest first, read from the folder (so mail from before a restart is listed). Files that are
  // not outbox entries or cannot be read are skipped.
  std::vector<OutboxEntry> list(std::size_t limit = 200) const;

  const std::filesystem::path& folder() const { return folder_; }

 private:
  // Microseconds since the epoch, strictly increasing within this folder even if the clock steps
  // back, so ids (and with them the listing order) follow the order of sending.
  std::int64_t next_timestamp();

  std::filesystem::path folder_;
  MailIdentity from_;
  std::mutex mutex_;
  std::int64_t last_timestamp_ = 0;
};

}  // namespace portal::mail
