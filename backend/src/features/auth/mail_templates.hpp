#pragma once
// The two mails accounts send. Each carries Chinese first, then English, since the request does not
// say which language the reader prefers. Text and HTML parts say the same.

#include "integrations/mail/mail_message.hpp"

#include <string>

namespace portal::auth {

mail::MailMessage verification_code_mail(const std::string& to, const std::string& code, int valid_minutes,
                                         const std::string& site_name);
mail::MailMessage password_reset_mail(const std::string& to, const std::string& link, int valid_minutes,
                                      const std::string& site_name);

}  // namespace portal::auth
