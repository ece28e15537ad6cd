#include "integrations/payments/paypal/webhook_signature.hpp"

#include <gtest/gtest.h>

namespace portal::payments::paypal {
namespace {

// protocols.md 5c: the CRC-32 of this body is 3391999205 (above 2^31, printed unsigned).
TEST(PaypalWebhookSignature, MessageMatchesTheOfficialVector) {
  EXPECT_EQ(
      webhook_signature_message("69cd13f0-d67a-11e5-baa3-778b53f4ae55", "2016-02-18T20:01:35Z", "1JE4291016473214C",
                                R"({"id":"WH-TEST","event_type":"PAYMENT.CAPTURE.COMPLETED"})"),
      "69cd13f0-d67a-11e5-baa3-778b53f4ae55|2016-02-18T20:01:35Z|1JE4291016473214C|3391999205");
}

TEST(PaypalWebhookSignature, CoversEveryByteOfTheBody) {
  EXPECT_EQ(webhook_signature_message("a", "b", "c", "hello world"), "a|b|c|222957957");
  EXPECT_NE(webhook_signature_message("a", "b", "c", "hello world "), "a|b|c|222957957");
  EXPECT_EQ(webhook_signature_message("a", "b", "c", ""), "a|b|c|0");
}

}  // namespace
}  // namespace portal::payments::paypal
