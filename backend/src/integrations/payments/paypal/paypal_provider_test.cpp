// The PayPal adapter's calls: amounts, the token, create, capture, query, close, refund and its follow-up.
#include "integrations/payments/paypal/paypal_provider_fixture_for_test.hpp"

namespace portal::payments::paypal {
namespace {

using namespace paypal_test;
using integrations::HttpReply;

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

TEST_F(PaypalProviderTest, ARefundIsAskedAboutByItsIdOrByTheCaptureWhenItsAnswerWasLost) {
  respond({{"/v2/payments/refunds/1JU08902781691411",
            HttpReply{.status = 200, .body = R"({"id":"1JU08902781691411","status":"PENDING"})"}},
           {"/v2/payments/captures/3C679366HH908993F",
            HttpReply{.status = 200, .body = R"({"id":"3C679366HH908993F","status":"REFUNDED"})"}}});
  RefundQuery asked{.order_id = "ord_1",
                    .provider_ref = "5O190127TN364715T",
                    .capture_ref = "3C679366HH908993F",
                    .refund_id = "ref_1",
                    .provider_refund_ref = "1JU08902781691411"};
  const auto pending = provider->query_refund(asked);
  ASSERT_TRUE(pending.ok()) << pending.error().message;
  EXPECT_EQ(pending->state, RefundState::pending);

  asked.provider_refund_ref.clear();  // the refund's answer never reached us: the capture tells
  const auto by_capture = provider->query_refund(asked);
  ASSERT_TRUE(by_capture.ok());
  EXPECT_EQ(by_capture->state, RefundState::completed);

  respond({{"/v2/payments/refunds/1JU08902781691411",
            HttpReply{.status = 200, .body = R"({"id":"1JU08902781691411","status":"FAILED"})"}}});
  asked.provider_refund_ref = "1JU08902781691411";
  EXPECT_EQ(provider->query_refund(asked)->state, RefundState::failed);
  asked.provider_refund_ref = "9ZZ99999ZZ9999999";  // PayPal knows no such refund (404)
  EXPECT_EQ(provider->query_refund(asked)->state, RefundState::unknown);
}

}  // namespace
}  // namespace portal::payments::paypal
