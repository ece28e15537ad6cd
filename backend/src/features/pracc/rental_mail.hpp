#pragma once
// The mails the rental sends an owner with an e-mail address: the server expires in 24 hours or in
// 1 hour, it could not be started and the payment went back, or an order or renewal was refunded. Chinese first, then
// English, as the accounts' mails do, since the portal does not know which language the reader prefers.

#include "features/pracc/rental_server.hpp"
#include "integrations/mail/mail_message.hpp"

#include <optional>
#include <string>

namespace portal::pracc {

// `what`: "expires_24h", "expires_1h", "refunded" (never started), "revoked" (its order refunded: ended),
// "renewal_refunded" (a renewal taken back: the expiry it has again) or "order_refused"; nullopt for
// anything else. `page` is the
// practice page's address (where to renew).
std::optional<mail::MailMessage> rental_notice_mail(const std::string& to, const RentalServer& server,
                                                    const std::string& what, const std::string& page,
                                                    const std::string& site_name);

}  // namespace portal::pracc
