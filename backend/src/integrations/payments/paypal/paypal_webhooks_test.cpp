// PayPal webhooks: verified by PayPal with the event as received, and mapped to payment states.
#include "integrations/payments/paypal/paypal_provider_fixture_for_test.hpp"

namespace portal::payments::paypal {
namespace {

using namespace paypal_test;
using integrations::HttpReply;

constexpr std::string_view kCaptureCompleted =
    R"({"id":"WH-58D329510W468432D-8HN650336L201105X","event_type":"PAYMENT.CAPTURE.COMPLETED",)"
    R"("resource":{"id":"3C679366HH908993F","status":"COMPLETED","amount":{"currency_code":"USD","value":"10.00"},)"
    R"("custom_id":"ord_1","invoice_id":"ord_1","create_time":"2026-01-01T12:00:00Z",)"
    R"("supplementary_data":{"related_ids":{"order_id":"5O190127TN364715T"}}}})";

TEST_F(PaypalProviderTest, AWebhookIsVerifiedByPaypalWithTheEventAsReceived) {
  respond({{"/v1/notifications/verify-webhook-signature",
            HttpReply{.status = 200, .body = R"({"verification_status":"SUCCESS"})"}}});
  // Spacing PayPal might use: it must reach the verification unchanged.
  const std::string body = std::string(kCaptureCompleted).insert(1, " ");
  const auto payment = provider->verify_notification(webhook(body));
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->state, ProviderState::paid);
  EXPECT_EQ(payment->order_id, "ord_1");
  EXPECT_EQ(payment->provider_ref, "5O190127TN364715T");
  EXPECT_EQ(payment->capture_ref, "3C679366HH908993F");
  EXPECT_EQ(payment->amount, (Money{1000, "USD"}));
  EXPECT_EQ(payment->paid_at, 1767268800);
  EXPECT_EQ(payment->event_id, "WH-58D329510W468432D-8HN650336L201105X");
  EXPECT_EQ(payment->event_type, "PAYMENT.CAPTURE.COMPLETED");

  const auto calls = api_calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].url, "https://api-m.example.test/v1/notifications/verify-webhook-signature");
  EXPECT_NE(calls[0].body.find(",\"webhook_event\":" + body + "}"), std::string::npos) << calls[0].body;
  const auto sent = boost::json::parse(calls[0].body).as_object();
  EXPECT_EQ(sent.at("auth_algo"), "SHA256withRSA");
  EXPECT_EQ(sent.at("cert_url"), "https://api.paypal.com/v1/notifications/certs/CERT-1");
  EXPECT_EQ(sent.at("transmission_id"), "69cd13f0-d67a-11e5-baa3-778b53f4ae55");
  EXPECT_EQ(sent.at("transmission_sig"), "c2lnbmF0dXJl");
  EXPECT_EQ(sent.at("transmission_time"), "2016-02-18T20:01:35Z");
  EXPECT_EQ(sent.at("webhook_id"), "1JE4291016473214C");
}

TEST_F(PaypalProviderTest, AWebhookPaypalDoesNotVouchForIsRefused) {
  respond({{"/v1/notifications/verify-webhook-signature",
            HttpReply{.status = 200, .body = R"({"verification_status":"FAILURE"})"}}});
  const auto forged = provider->verify_notification(webhook(std::string(kCaptureCompleted)));
  ASSERT_FALSE(forged.ok());
  EXPECT_EQ(forged.error().code, "INVALID_SIGNATURE");

  // Missing headers or a body that is not one JSON object: refused without asking PayPal.
  const std::size_t before = http.calls().size();
  for (const char* header : {"paypal-auth-algo", "paypal-cert-url", "paypal-transmission-id", "paypal-transmission-sig",
                             "paypal-transmission-time"}) {
    auto missing = webhook(std::string(kCaptureCompleted));
    missing.headers.erase(header);
    EXPECT_EQ(provider->verify_notification(missing).error().code, "INVALID_SIGNATURE") << header;
  }
  for (const char* body : {"", "[]", R"({"id":"x"}, "webhook_id":"other")", "{"}) {
    EXPECT_EQ(provider->verify_notification(webhook(body)).error().code, "INVALID_SIGNATURE") << body;
  }
  EXPECT_EQ(http.calls().size(), before);

  // PayPal unreachable: not verified, an upstream error (the notification is retried).
  respond({{"/v1/notifications/verify-webhook-signature", HttpReply{.status = 503, .body = "{}"}}});
  const auto unavailable = provider->verify_notification(webhook(std::string(kCaptureCompleted)));
  ASSERT_FALSE(unavailable.ok());
  EXPECT_EQ(unavailable.error().kind, core::ErrorKind::unavailable);
}

TEST_F(PaypalProviderTest, WebhookEventsMapToStates) {
  const auto approved = read_event(
      R"({"id":"WH-1","event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"5O190127TN364715T","status":"APPROVED",)"
      R"("purchase_units":[{"reference_id":"ord_1","custom_id":"ord_1","amount":{"currency_code":"USD","value":"10.00"},)"
      R"("payee":{"merchant_id":"MERCH1"}}]}})");
  ASSERT_TRUE(approved.ok());
  EXPECT_EQ(approved->state, ProviderState::approved);
  EXPECT_EQ(approved->provider_ref, "5O190127TN364715T");
  EXPECT_EQ(approved->order_id, "ord_1");
  EXPECT_EQ(approved->merchant_id, "MERCH1");

  std::string denied(kCaptureCompleted);
  denied.replace(denied.find("PAYMENT.CAPTURE.COMPLETED"), 25, "PAYMENT.CAPTURE.DENIED");
  EXPECT_EQ(read_event(denied)->state, ProviderState::failed);
  EXPECT_EQ(read_event(denied)->paid_at, 0);

  const auto refunded = read_event(
      R"({"id":"WH-3","event_type":"PAYMENT.CAPTURE.REFUNDED","resource":{"id":"1JU08902781691411","status":"COMPLETED",)"
      R"("amount":{"currency_code":"USD","value":"10.00"},"custom_id":"ord_1","links":[{"rel":"up",)"
      R"("href":"https://api-m.paypal.com/v2/payments/captures/3C679366HH908993F"}]}})");
  ASSERT_TRUE(refunded.ok());
  EXPECT_EQ(refunded->state, ProviderState::refunded);
  EXPECT_EQ(refunded->capture_ref, "3C679366HH908993F");
  EXPECT_EQ(refunded->order_id, "ord_1");

  const auto other = read_event(R"({"id":"WH-4","event_type":"CUSTOMER.DISPUTE.CREATED","resource":{}})");
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->state, ProviderState::pending);
  EXPECT_FALSE(read_event(R"({"event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{}})").ok());  // no id
}

TEST_F(PaypalProviderTest, AnswersAreWhatPaypalExpects) {
  EXPECT_EQ(provider->method(), Method::paypal);
  EXPECT_EQ(provider->accepted().status, 200);
  EXPECT_EQ(provider->rejected().status, 500);
}

}  // namespace
}  // namespace portal::payments::paypal
