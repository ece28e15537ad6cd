#pragma once
// Real e-mail: SMTP submission through libcurl (reference/protocols.md section 7). TLS is required:
// STARTTLS on smtp://, implicit TLS on smtps://, certificates verified. The one exception is a relay
// on this machine (allow_plaintext_loopback), where there is no network to protect.

#include "integrations/mail/mailer.hpp"

#include <chrono>
#include <string>

namespace portal::mail {

struct SmtpSettings {
  // smtp://host:587 (STARTTLS required) or smtps://host:465 (implicit TLS). No path, query or
  // credentials. Without a port, 587 and 465 (submission ports, RFC 6409 / RFC 8314), not curl's 25.
  std::string url;
  std::string username;  // empty = no AUTH
  std::string password;
  MailIdentity from;  // envelope sender and From header
  // Sent as the EHLO argument. libcurl takes it from the URL path (the "EHLO-path trap": without a
  // path it says something arbitrary), so it is always set. Empty = the domain of from.address.
  std::string ehlo_name;
  std::chrono::seconds timeout{30};  // whole transaction; connecting gets at most 10 s of it
  std::string ca_file;               // PEM bundle to trust; empty = the system store
  // smtp:// to 127.0.0.1, ::1 or localhost without TLS, for a local relay and tests. Ignored for
  // any other host, which still must offer STARTTLS.
  bool allow_plaintext_loopback = false;
};

class SmtpMailer final : public Mailer {
 public:
  // Throws std::invalid_argument (English, no password) for settings that can never work.
  explicit SmtpMailer(SmtpSettings settings);

  // One connection per call, no shared handle: safe from several threads at once.
  core::Status send(const MailMessage& message) override;

  // For startup logs: "smtps://mail.example.com:465 (implicit TLS)". Never the password.
  std::string describe() const;

 private:
  SmtpSettings settings_;
  std::string curl_url_;     // scheme://host:port/<ehlo name>
  std::string server_;       // scheme://host:port, for messages
  bool require_tls_ = true;  // false only for allowed plaintext to loopback
};

}  // namespace portal::mail
