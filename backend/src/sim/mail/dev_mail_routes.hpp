#pragma once
// Demo mode only: GET /api/dev/mail lists what the outbox mailer "sent" (newest first), with the links
// and the registration code read out of each mail, so a person (or a test) can finish a registration
// or a password reset on one machine.

#include "http/route.hpp"
#include "integrations/mail/outbox_mailer.hpp"

namespace portal::sim {

void register_dev_mail_routes(http::RouteTable& routes, const mail::OutboxMailer& outbox);

}  // namespace portal::sim
