#include "integrations/payments/paypal/webhook_signature.hpp"

#include "integrations/payments/crypto.hpp"

namespace portal::payments::paypal {

std::string webhook_signature_message(std::string_view transmission_id, std::string_view transmission_time,
                                      std::string_view webhook_id, std::string_view raw_body) {
  std::string message;
  message.append(transmission_id).append("|").append(transmission_time).append("|").append(webhook_id).append("|");
  // Unsigned: the CRC is often above 2^31, and a signed rendering would never verify.
  message.append(std::to_string(crypto::crc32(raw_body)));
  return message;
}

}  // namespace portal::payments::paypal
