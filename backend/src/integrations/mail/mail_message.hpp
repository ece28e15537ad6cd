#pragma once
// One outgoing e-mail and its RFC 5322 / MIME form (reference/protocols.md section 7: libcurl adds no
// headers, so the message must carry Date, From, To, Subject, Message-ID and MIME itself, with CRLF).
// Every mailer renders through here, so the outbox stand-in refuses exactly what SMTP would.

#include "core/result.hpp"

#include <chrono>
#include <string>
#include <string_view>

namespace portal::mail {

struct MailIdentity {
  std::string name;     // display name, UTF-8, may be empty ("CS2 Portal")
  std::string address;  // addr-spec, e.g. noreply@portal.example
};

struct MailMessage {
  std::string to;       // one addr-spec, no display name
  std::string subject;  // UTF-8, one line
  std::string text;     // UTF-8 plain-text body (LF or CRLF line breaks)
  std::string html;     // UTF-8 HTML body; empty = plain text only
};

// The shape we accept for an envelope address: ASCII dot-atom local part (<= 64), '@', a domain of
// at least two LDH labels, <= 254 in all. No quoted local parts, IP literals or SMTPUTF8 addresses:
// we do not negotiate SMTPUTF8, and a public sign-up form has no use for the rest.
bool is_valid_address(std::string_view address);

// The sender: a valid address and a display name without control characters, valid UTF-8.
// Error: validation / INVALID_MAIL_HEADER.
core::Status validate_identity(const MailIdentity& from);

// Checks what render_message would refuse, without rendering. Errors:
//   validation / INVALID_EMAIL        the recipient is not a valid address (details.field = "to")
//   validation / INVALID_MAIL_HEADER  CR, LF or another control character in the subject or sender,
//                                     invalid UTF-8 there, or an invalid sender address
core::Status validate_message(const MailMessage& message, const MailIdentity& from);

// The complete message, CRLF throughout, no line over 998 octets, ready for SMTP DATA. message_id is
// "left@right" without angle brackets. The same inputs give the same bytes (the MIME boundary is
// derived from message_id), so renders can be compared.
core::Result<std::string> render_message(const MailMessage& message, const MailIdentity& from,
                                         std::chrono::system_clock::time_point date, std::string_view message_id);

// A fresh globally unique id "<random hex>@<domain of from.address>" for render_message.
std::string make_message_id(const MailIdentity& from);

}  // namespace portal::mail
