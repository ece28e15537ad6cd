#pragma once
// The e-mail port (DESIGN.md section 5): SMTP in production, the outbox folder in demo mode and tests,
// chosen by config. Both render through mail_message, so they accept and refuse the same messages.

#include "core/result.hpp"
#include "integrations/mail/mail_message.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <utility>

namespace portal::mail {

class Mailer {
 public:
  virtual ~Mailer() = default;
  // Blocks until the message is handed over (SMTP: queued by the server; may take up to the
  // configured timeout), so call it off the request threads. Safe to call from several threads.
  // Errors: validate_message's (validation, INVALID_EMAIL / INVALID_MAIL_HEADER) for a message that
  // must not be sent at all, else unavailable / MAIL_FAILED.
  virtual core::Status send(const MailMessage& message) = 0;
};

// The one failure a caller may retry later. `message` is English; details never hold credentials.
inline core::Error mail_failed(std::string message, boost::json::object details = {}) {
  return core::Error::make(core::ErrorKind::unavailable, "MAIL_FAILED", std::move(message), std::move(details));
}

}  // namespace portal::mail
