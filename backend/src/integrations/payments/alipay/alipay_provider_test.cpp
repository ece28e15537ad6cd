// The Alipay adapter: the page-pay URL, notifications and their signatures.
#include "integrations/payments/alipay/alipay_provider_fixture_for_test.hpp"

namespace portal::payments::alipay {
namespace {

using namespace alipay_test;

TEST_F(AlipayProviderTest, CreateBuildsASignedPagePayUrl) {
  const auto start = provider()->create(PaymentRequest{.order_id = "ord_1",
                                                       .amount = Money{.minor = 8888, .currency = "CNY"},
                                                       .subject = "VIP 30 天",
                                                       .notify_url = "https://portal.test/api/payment/notify/alipay",
                                                       .return_url = "https://portal.test/api/payment/return/alipay",
                                                       .expires_at = kNow + 480,
                                                       .idempotency_key = "k"});
  ASSERT_TRUE(start.ok()) << start.error().message;
  EXPECT_TRUE(http.calls().empty());  // page pay is the browser's call, not ours
  EXPECT_FALSE(start->qr_payload.has_value());
  ASSERT_TRUE(start->payment_url.starts_with(std::string(kGateway) + "?"));
  const Params params = decode(std::string_view(start->payment_url).substr(kGateway.size() + 1));
  EXPECT_EQ(params.at("app_id"), "2021000000000000");
  EXPECT_EQ(params.at("method"), "alipay.trade.page.pay");
  EXPECT_EQ(params.at("charset"), "utf-8");
  EXPECT_EQ(params.at("sign_type"), "RSA2");
  EXPECT_EQ(params.at("version"), "1.0");
  EXPECT_EQ(params.at("timestamp"), "2027-01-15 16:00:00");
  EXPECT_EQ(params.at("notify_url"), "https://portal.test/api/payment/notify/alipay");
  EXPECT_EQ(params.at("return_url"), "https://portal.test/api/payment/return/alipay");
  const auto biz = biz_of(params);
  EXPECT_EQ(biz.at("out_trade_no"), "ord_1");
  EXPECT_EQ(biz.at("total_amount"), "88.88");
  EXPECT_EQ(biz.at("subject"), "VIP 30 天");
  EXPECT_EQ(biz.at("product_code"), "FAST_INSTANT_TRADE_PAY");
  EXPECT_EQ(biz.at("time_expire"), "2027-01-15 16:08:00");
  // The sign covers every other parameter, sign_type included, and verifies with our public key.
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(params), params.at("sign")));
  Params altered = params;
  altered["return_url"] = "https://evil.test/";
  EXPECT_FALSE(
      crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(altered), params.at("sign")));
}

TEST_F(AlipayProviderTest, CreateRefusesAnotherCurrencyAndABadKey) {
  const PaymentRequest usd{.order_id = "o", .amount = Money{.minor = 100, .currency = "USD"}, .subject = "s"};
  const auto refused = provider()->create(usd);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "CURRENCY_MISMATCH");
  auto broken = settings();
  broken.private_key_pem = "not a key";
  const auto bad_key =
      provider(broken)->create({.order_id = "o", .amount = Money{.minor = 100, .currency = "CNY"}, .subject = "s"});
  ASSERT_FALSE(bad_key.ok());
  EXPECT_EQ(bad_key.error().code, "INVALID_KEY");
}

// --- notifications ---

TEST_F(AlipayProviderTest, AcceptsASignedNotification) {
  const auto payment = provider()->verify_notification(
      Notification{.headers = {}, .body = notification_body(paid_notification(), alipay_keys().private_pem)});
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->order_id, "ord_1");
  EXPECT_EQ(payment->provider_ref, "2027011522001");
  EXPECT_EQ(payment->state, ProviderState::paid);
  EXPECT_EQ(payment->amount, (Money{.minor = 8888, .currency = "CNY"}));
  EXPECT_EQ(payment->merchant_id, "2021000000000000");
  EXPECT_EQ(payment->paid_at, kNow + 120);
  EXPECT_EQ(payment->event_id, "N-1");
  EXPECT_EQ(payment->event_type, "TRADE_SUCCESS");
}

TEST_F(AlipayProviderTest, AcceptsTheOfficialNotificationVector) {
  // The vector's fields, form-encoded as Alipay posts them, against the vector's Alipay public key.
  Params params = decode([] {
    std::string body;
    std::string_view rest = crypto::test::kAlipayVectorMessage;
    while (!rest.empty()) {
      const auto amp = rest.find('&');
      const auto pair = rest.substr(0, amp);
      const auto eq = pair.find('=');
      body +=
          (body.empty() ? "" : "&") + percent_encode(pair.substr(0, eq)) + "=" + percent_encode(pair.substr(eq + 1));
      rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    }
    return body;
  }());
  params["sign"] = std::string(crypto::test::kAlipayVectorSign);
  params["sign_type"] = "RSA2";
  auto s = settings();
  s.app_id = "2019073166072302";
  s.alipay_public_key_pem = std::string(crypto::test::kAlipayVectorPublicKeyBody);
  s.seller_id = "2088531891668739";
  const auto payment = provider(s)->verify_notification(Notification{.headers = {}, .body = encode_params(params)});
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->order_id, "20190815155618536-564-57");
  EXPECT_EQ(payment->amount, (Money{.minor = 10, .currency = "CNY"}));
  EXPECT_EQ(payment->merchant_id, "2019073166072302");
  EXPECT_EQ(payment->paid_at, 1'565'855'784);
  EXPECT_EQ(payment->event_id, "2019081500222155624068450559358070");
}

TEST_F(AlipayProviderTest, RefusesForgedTamperedAndWronglyKeyedNotifications) {
  const std::string genuine = notification_body(paid_notification(), alipay_keys().private_pem);
  std::string tampered = genuine;
  tampered.replace(tampered.find("total_amount=88.88"), 18, "total_amount=0.01");
  Params unsigned_params = paid_notification();
  auto wrong_key = settings();
  wrong_key.alipay_public_key_pem = stranger_keys().public_pem;
  const std::vector<std::pair<std::unique_ptr<Provider>, std::string>> cases = [&] {
    std::vector<std::pair<std::unique_ptr<Provider>, std::string>> out;
    out.emplace_back(provider(), notification_body(paid_notification(), stranger_keys().private_pem));  // forged
    out.emplace_back(provider(),
                     notification_body(paid_notification(), app_keys().private_pem));  // our key, not theirs
    out.emplace_back(provider(), tampered);
    out.emplace_back(provider(), encode_params(unsigned_params));
    out.emplace_back(provider(), genuine + "&trade_status=TRADE_CLOSED");  // a repeated field
    out.emplace_back(provider(), "%zz");
    out.emplace_back(provider(wrong_key), genuine);
    return out;
  }();
  for (const auto& [alipay, body] : cases) {
    const auto payment = alipay->verify_notification(Notification{.headers = {}, .body = body});
    ASSERT_FALSE(payment.ok()) << body;
    EXPECT_EQ(payment.error().code, "INVALID_SIGNATURE") << body;
    EXPECT_EQ(payment.error().kind, core::ErrorKind::unauthorized);
  }
}

TEST_F(AlipayProviderTest, MapsTradeStatuses) {
  for (const auto& [status, state] :
       {std::pair{"WAIT_BUYER_PAY", ProviderState::pending}, std::pair{"TRADE_SUCCESS", ProviderState::paid},
        std::pair{"TRADE_FINISHED", ProviderState::paid}, std::pair{"TRADE_CLOSED", ProviderState::closed}}) {
    Params params = paid_notification();
    params["trade_status"] = status;
    const auto payment = provider()->verify_notification(
        Notification{.headers = {}, .body = notification_body(params, alipay_keys().private_pem)});
    ASSERT_TRUE(payment.ok()) << status;
    EXPECT_EQ(payment->state, state) << status;
  }
  Params unknown = paid_notification();
  unknown["trade_status"] = "TRADE_PENDING";
  EXPECT_FALSE(provider()
                   ->verify_notification(
                       Notification{.headers = {}, .body = notification_body(unknown, alipay_keys().private_pem)})
                   .ok());
}

TEST_F(AlipayProviderTest, ASellerOtherThanOursIsNotOurMerchant) {
  auto s = settings();
  s.seller_id = "2088000000000002";
  const auto payment = provider(s)->verify_notification(
      Notification{.headers = {}, .body = notification_body(paid_notification(), alipay_keys().private_pem)});
  ASSERT_TRUE(payment.ok());
  EXPECT_NE(payment->merchant_id, "2021000000000000");
  s.seller_id = "2088000000000001";
  const auto ours = provider(s)->verify_notification(
      Notification{.headers = {}, .body = notification_body(paid_notification(), alipay_keys().private_pem)});
  ASSERT_TRUE(ours.ok());
  EXPECT_EQ(ours->merchant_id, "2021000000000000");
}

TEST_F(AlipayProviderTest, AnswersAlipayInItsOwnWords) {
  const auto alipay = provider();
  EXPECT_EQ(alipay->method(), Method::alipay);
  EXPECT_EQ(alipay->accepted().status, 200);
  EXPECT_EQ(alipay->accepted().body, "success");
  EXPECT_EQ(alipay->accepted().content_type, "text/plain");
  EXPECT_EQ(alipay->rejected().status, 200);
  EXPECT_NE(alipay->rejected().body, "success");
}

TEST_F(AlipayProviderTest, SettleReturnsThePaymentUnchanged) {
  const ProviderPayment paid{.order_id = "o", .provider_ref = "t", .state = ProviderState::paid};
  const auto settled = provider()->settle(paid);
  ASSERT_TRUE(settled.ok());
  EXPECT_EQ(settled->order_id, "o");
  EXPECT_EQ(settled->state, ProviderState::paid);
  EXPECT_TRUE(http.calls().empty());
}

// --- query ---

}  // namespace
}  // namespace portal::payments::alipay
