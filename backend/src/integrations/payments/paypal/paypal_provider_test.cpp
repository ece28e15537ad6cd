#include "integrations/payments/paypal/paypal_provider.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/paypal/resources.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace portal::payments::paypal {
namespace {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

std::string header_of(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

constexpr std::string_view kToken = R"({"access_token":"TOKEN-1","token_type":"Bearer","expires_in":32400})";

constexpr std::string_view kCaptured =
    R"({"id":"5O190127TN364715T","status":"COMPLETED","purchase_units":[{"reference_id":"ord_1","custom_id":"ord_1",)"
    R"("invoice_id":"ord_1","amount":{"currency_code":"USD","value":"10.00"},"payee":{"merchant_id":"MERCH1"},)"
    R"("payments":{"captures":[{"id":"3C679366HH908993F","status":"COMPLETED","amount":{"currency_code":"USD",)"
    R"("value":"10.00"},"create_time":"2026-01-01T12:00:00Z","update_time":"2026-01-01T12:00:01Z"}]}}]})";

class PaypalProviderTest : public ::testing::Test {
 protected:
  PaypalProviderTest() {
    settings.base_url = "https://api-m.example.test";
    settings.client_id = "CLIENT";
    settings.client_secret = "SECRET";
    settings.webhook_id = "1JE4291016473214C";
    settings.timeout_ms = 3000;
    provider = make_paypal_provider(settings, http, [this] { return now.load(); });
  }

  // Answers the token call, and everything else from `answers` by URL suffix.
  void respond(std::vector<std::pair<std::string, HttpReply>> answers) {
    http.set_responder([this, answers = std::move(answers)](const RecordedCall& call) -> core::Result<HttpReply> {
      if (call.url.ends_with("/v1/oauth2/token")) {
        ++token_calls;
        return HttpReply{.status = 200, .body = std::string(kToken)};
      }
      for (const auto& [suffix, reply] : answers) {
        if (call.url.ends_with(suffix)) return reply;
      }
      return HttpReply{.status = 404, .body = R"({"name":"RESOURCE_NOT_FOUND"})"};
    });
  }

  std::vector<RecordedCall> api_calls() const {
    std::vector<RecordedCall> out;
    for (auto& call : http.calls()) {
      if (!call.url.ends_with("/v1/oauth2/token")) out.push_back(call);
    }
    return out;
  }

  Notification webhook(std::string body) {
    return Notification{.headers = {{"paypal-auth-algo", "SHA256withRSA"},
                                    {"paypal-cert-url", "https://api.paypal.com/v1/notifications/certs/CERT-1"},
                                    {"paypal-transmission-id", "69cd13f0-d67a-11e5-baa3-778b53f4ae55"},
                                    {"paypal-transmission-sig", "c2lnbmF0dXJl"},
                                    {"paypal-transmission-time", "2016-02-18T20:01:35Z"}},
                        .body = std::move(body)};
  }

  PaypalSettings settings;
  FakeHttpClient http;
  std::atomic<std::int64_t> now{1767268800};
  std::atomic<int> token_calls{0};
  std::unique_ptr<Provider> provider;
};

TEST_F(PaypalProviderTest, AmountsAreDecimalStringsOfMinorUnits) {
  EXPECT_EQ(amount_value({1000, "USD"}), "10.00");
  EXPECT_EQ(amount_value({5, "USD"}), "0.05");
  EXPECT_EQ(amount_value({123456, "USD"}), "1234.56");
  EXPECT_EQ(amount_value({1000, "JPY"}), "1000");
  EXPECT_EQ(minor_units("10.00", "USD"), 1000);
  EXPECT_EQ(minor_units("10", "USD"), 1000);
  EXPECT_EQ(minor_units("10.5", "USD"), 1050);
  EXPECT_EQ(minor_units("1000", "JPY"), 1000);
  for (const char* bad : {"", "10.001", "1e3", "-1.00", "10.", ".5", "1,00", "99999999999999999999"}) {
    EXPECT_FALSE(minor_units(bad, "USD").has_value()) << bad;
  }
  EXPECT_FALSE(minor_units("10.5", "JPY").has_value());
}

TEST_F(PaypalProviderTest, CreatePostsACaptureOrderAndReturnsTheApproveLink) {
  respond(
      {{"/v2/checkout/orders",
        HttpReply{
            .status = 201,
            .body =
                R"({"id":"5O190127TN364715T","status":"PAYER_ACTION_REQUIRED","links":[)"
                R"({"href":"https://api-m.example.test/v2/checkout/orders/5O190127TN364715T","rel":"self"},)"
                R"({"href":"https://www.paypal.com/checkoutnow?token=5O190127TN364715T","rel":"payer-action"}]})"}}});
  const auto start = provider->create(PaymentRequest{.order_id = "ord_1",
                                                     .amount = {1000, "USD"},
                                                     .subject = "VIP 7 days",
                                                     .return_url = "https://portal.example/api/payment/return/paypal",
                                                     .idempotency_key = "idem-1"});
  ASSERT_TRUE(start.ok()) << start.error().message;
  EXPECT_EQ(start->provider_ref, "5O190127TN364715T");
  EXPECT_EQ(start->payment_url, "https://www.paypal.com/checkoutnow?token=5O190127TN364715T");
  EXPECT_FALSE(start->qr_payload.has_value());

  const auto all = http.calls();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].url, "https://api-m.example.test/v1/oauth2/token");
  EXPECT_EQ(all[0].body, "grant_type=client_credentials");
  EXPECT_EQ(header_of(all[0], "Authorization"), "Basic " + crypto::base64_encode("CLIENT:SECRET"));
  const auto& call = all[1];
  EXPECT_EQ(call.method, "POST");
  EXPECT_EQ(call.timeout, std::chrono::milliseconds(3000));
  EXPECT_EQ(header_of(call, "Authorization"), "Bearer TOKEN-1");
  EXPECT_EQ(header_of(call, "PayPal-Request-Id"), "idem-1");
  const auto body = boost::json::parse(call.body).as_object();
  EXPECT_EQ(body.at("intent"), "CAPTURE");
  const auto& unit = body.at("purchase_units").as_array().at(0).as_object();
  EXPECT_EQ(unit.at("reference_id"), "ord_1");
  EXPECT_EQ(unit.at("custom_id"), "ord_1");
  EXPECT_EQ(unit.at("invoice_id"), "ord_1");
  EXPECT_EQ(unit.at("amount"), boost::json::parse(R"({"currency_code":"USD","value":"10.00"})"));
  const auto& context = body.at("payment_source").at("paypal").at("experience_context").as_object();
  EXPECT_EQ(context.at("return_url"), "https://portal.example/api/payment/return/paypal");
  EXPECT_EQ(context.at("cancel_url"), "https://portal.example/api/payment/return/paypal");
}

TEST_F(PaypalProviderTest, CreateTakesTheApproveLinkAndRefusesOtherCurrencies) {
  respond({{"/v2/checkout/orders",
            HttpReply{.status = 201,
                      .body = R"({"id":"ORDER2","status":"CREATED","links":[)"
                              R"({"href":"https://www.paypal.com/checkoutnow?token=ORDER2","rel":"approve"}]})"}}});
  const auto start = provider->create(PaymentRequest{.order_id = "ord_2", .amount = {1000, "USD"}});
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(start->payment_url, "https://www.paypal.com/checkoutnow?token=ORDER2");
  const auto cny = provider->create(PaymentRequest{.order_id = "ord_2", .amount = {1000, "CNY"}});
  ASSERT_FALSE(cny.ok());
  EXPECT_EQ(cny.error().code, "CURRENCY_MISMATCH");
}

TEST_F(PaypalProviderTest, TheTokenIsFetchedOnceAndRenewedBeforeItExpires) {
  respond({{"/v2/checkout/orders/5O190127TN364715T", HttpReply{.status = 200, .body = std::string(kCaptured)}}});
  ASSERT_TRUE(provider->query("ord_1", "5O190127TN364715T").ok());
  ASSERT_TRUE(provider->query("ord_1", "5O190127TN364715T").ok());
  EXPECT_EQ(token_calls, 1);
  now += 32400 - 61;
  ASSERT_TRUE(provider->query("ord_1", "5O190127TN364715T").ok());
  EXPECT_EQ(token_calls, 1);
  now += 1;  // within the margin before expiry
  ASSERT_TRUE(provider->query("ord_1", "5O190127TN364715T").ok());
  EXPECT_EQ(token_calls, 2);
}

TEST_F(PaypalProviderTest, ConcurrentCallsShareOneTokenRequest) {
  respond({{"/v2/checkout/orders/5O190127TN364715T", HttpReply{.status = 200, .body = std::string(kCaptured)}}});
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      if (!provider->query("ord_1", "5O190127TN364715T").ok()) ++failures;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(token_calls, 1);
}

TEST_F(PaypalProviderTest, ARefusedTokenIsReplacedOnceAndCredentialFailuresSurface) {
  http.reply_with(200, std::string(kToken));
  http.reply_with(401, R"({"error":"invalid_token"})");
  http.reply_with(200, R"({"access_token":"TOKEN-2","expires_in":32400})");
  http.reply_with(200, std::string(kCaptured));
  ASSERT_TRUE(provider->query("ord_1", "5O190127TN364715T").ok());
  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 4u);
  EXPECT_EQ(header_of(calls[3], "Authorization"), "Bearer TOKEN-2");

  FakeHttpClient refusing;
  refusing.reply_with(401, R"({"error":"invalid_client"})");
  auto other = make_paypal_provider(settings, refusing, [] { return std::int64_t{0}; });
  const auto result = other->query("ord_1", "5O190127TN364715T");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().kind, core::ErrorKind::unavailable);
}

TEST_F(PaypalProviderTest, SettleCapturesIdempotentlyAndPaysOnlyACompletedCapture) {
  respond({{"/capture", HttpReply{.status = 201, .body = std::string(kCaptured)}}});
  const ProviderPayment approved{
      .order_id = "ord_1", .provider_ref = "5O190127TN364715T", .state = ProviderState::approved};
  const auto paid = provider->settle(approved);
  ASSERT_TRUE(paid.ok()) << paid.error().message;
  EXPECT_EQ(paid->state, ProviderState::paid);
  EXPECT_EQ(paid->capture_ref, "3C679366HH908993F");
  EXPECT_EQ(paid->order_id, "ord_1");
  EXPECT_EQ(paid->amount, (Money{1000, "USD"}));
  EXPECT_EQ(paid->merchant_id, "MERCH1");
  EXPECT_EQ(paid->paid_at, 1767268801);
  const auto calls = api_calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].url, "https://api-m.example.test/v2/checkout/orders/5O190127TN364715T/capture");
  EXPECT_EQ(header_of(calls[0], "PayPal-Request-Id"), "capture-ord_1");
  EXPECT_EQ(calls[0].body, "{}");

  std::string pending(kCaptured);
  pending.replace(pending.find(R"("status":"COMPLETED","amount")"), 20, R"("status":"PENDING")");
  respond({{"/capture", HttpReply{.status = 201, .body = pending}}});
  const auto waiting = provider->settle(approved);
  ASSERT_TRUE(waiting.ok()) << waiting.error().message;
  EXPECT_EQ(waiting->state, ProviderState::pending);
  EXPECT_EQ(waiting->paid_at, 0);

  std::string declined(kCaptured);
  declined.replace(declined.find(R"("status":"COMPLETED","amount")"), 20, R"("status":"DECLINED")");
  respond({{"/capture", HttpReply{.status = 201, .body = declined}}});
  EXPECT_EQ(provider->settle(approved)->state, ProviderState::failed);
}

TEST_F(PaypalProviderTest, AnAlreadyCapturedOrderIsReadInstead) {
  respond({{"/capture",
            HttpReply{.status = 422,
                      .body = R"({"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"ORDER_ALREADY_CAPTURED"}]})"}},
           {"/v2/checkout/orders/5O190127TN364715T", HttpReply{.status = 200, .body = std::string(kCaptured)}}});
  const auto paid = provider->settle(
      ProviderPayment{.order_id = "ord_1", .provider_ref = "5O190127TN364715T", .state = ProviderState::approved});
  ASSERT_TRUE(paid.ok()) << paid.error().message;
  EXPECT_EQ(paid->state, ProviderState::paid);
  const auto calls = api_calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[1].method, "GET");

  respond({{"/capture",
            HttpReply{.status = 422,
                      .body = R"({"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"ORDER_NOT_APPROVED"}]})"}}});
  const auto unapproved = provider->settle(
      ProviderPayment{.order_id = "ord_1", .provider_ref = "5O190127TN364715T", .state = ProviderState::approved});
  ASSERT_FALSE(unapproved.ok());
  EXPECT_EQ(unapproved.error().details.at("provider_code"), "ORDER_NOT_APPROVED");
}

TEST_F(PaypalProviderTest, QueryReadsTheOrderState) {
  const std::pair<const char*, ProviderState> cases[] = {{"CREATED", ProviderState::pending},
                                                         {"PAYER_ACTION_REQUIRED", ProviderState::pending},
                                                         {"APPROVED", ProviderState::approved},
                                                         {"VOIDED", ProviderState::closed}};
  for (const auto& [status, expected] : cases) {
    respond(
        {{"/v2/checkout/orders/ORDER9",
          HttpReply{
              .status = 200,
              .body =
                  std::string(R"({"id":"ORDER9","status":")") + status +
                  R"(","purchase_units":[{"custom_id":"ord_9","amount":{"currency_code":"USD","value":"12.50"}}]})"}}});
    const auto payment = provider->query("ord_9", "ORDER9");
    ASSERT_TRUE(payment.ok()) << status;
    EXPECT_EQ(payment->state, expected) << status;
    EXPECT_EQ(payment->order_id, "ord_9");
    EXPECT_EQ(payment->amount, (Money{1250, "USD"}));
  }
  respond({});
  const auto missing = provider->query("ord_9", "ORDER9");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, "PROVIDER_PAYMENT_NOT_FOUND");
  // No PayPal order id: it never reached PayPal, and nothing is asked.
  const std::size_t before = http.calls().size();
  EXPECT_EQ(provider->query("ord_9", "").error().code, "PROVIDER_PAYMENT_NOT_FOUND");
  EXPECT_EQ(provider->query("ord_9", "../../v1/x").error().code, "PROVIDER_PAYMENT_NOT_FOUND");
  EXPECT_EQ(http.calls().size(), before);
}

TEST_F(PaypalProviderTest, CloseHasNothingToDo) {
  EXPECT_TRUE(provider->close("ord_1", "ORDER1").ok());
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(PaypalProviderTest, RefundPostsToTheCaptureWithTheRefundId) {
  respond({{"/v2/payments/captures/3C679366HH908993F/refund",
            HttpReply{.status = 201, .body = R"({"id":"1JU08902781691411","status":"COMPLETED"})"}}});
  const RefundRequest request{.order_id = "ord_1",
                              .provider_ref = "5O190127TN364715T",
                              .capture_ref = "3C679366HH908993F",
                              .refund_id = "ref_1",
                              .amount = {1000, "USD"},
                              .order_total = {1000, "USD"}};
  const auto refund = provider->refund(request);
  ASSERT_TRUE(refund.ok()) << refund.error().message;
  EXPECT_TRUE(refund->completed);
  EXPECT_EQ(refund->provider_refund_ref, "1JU08902781691411");
  const auto calls = api_calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(header_of(calls[0], "PayPal-Request-Id"), "ref_1");
  EXPECT_EQ(boost::json::parse(calls[0].body).at("amount"),
            boost::json::parse(R"({"currency_code":"USD","value":"10.00"})"));

  respond({{"/refund", HttpReply{.status = 201, .body = R"({"id":"R2","status":"PENDING"})"}}});
  EXPECT_FALSE(provider->refund(request)->completed);
  auto no_capture = request;
  no_capture.capture_ref.clear();
  EXPECT_FALSE(provider->refund(no_capture).ok());
}

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
