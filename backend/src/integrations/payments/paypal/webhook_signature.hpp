#pragma once
// The text PayPal signs for a webhook delivery (protocols.md 5c, "option B"):
// "<transmission id>|<transmission time>|<webhook id>|<CRC-32 of the raw body, unsigned decimal>".
// The adapter itself asks PayPal to verify (verify-webhook-signature); the local stand-in signs with
// this text and the fuzzers check against it, so both sides agree byte for byte.

#include <string>
#include <string_view>

namespace portal::payments::paypal {

std::string webhook_signature_message(std::string_view transmission_id, std::string_view transmission_time,
                                      std::string_view webhook_id, std::string_view raw_body);

}  // namespace portal::payments::paypal
