#pragma once
// The sender the mail tests write from.

#include "integrations/mail/mail_message.hpp"

namespace portal::mail {

inline const MailIdentity kFrom{"CS2 Portal", "noreply@portal.example"};

}  // namespace portal::mail
