#include "integrations/payments/alipay/alipay_provider.hpp"

#include "http/form_body.hpp"
#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/crypto_vectors_for_test.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::payments::alipay {
namespace {

using integrations::test::FakeHttpClient;

constexpr std::int64_t kNow = 1'800'000'000;  // 2027-01-15 16:00:00 GMT+8
constexpr std::string_view kGateway = "https://alipay.test/gateway.do";

// Our app's key and "Alipay's" key, made once for the file (generation is the slow part).
const crypto::KeyPair& app_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(2048);
  return keys;
}
const crypto::KeyPair& alipay_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(2048);
  return keys;
}
const crypto::KeyPair& stranger_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(1024);
  return keys;
}

AlipaySettings settings() {
  return AlipaySettings{.app_id = "2021000000000000",
                        .gateway_url = std::string(kGateway),
                        .private_key_pem = app_keys().private_pem,
                        .alipay_public_key_pem = alipay_keys().public_pem,
                        .seller_id = "",
                        .timeout_ms = 4000};
}

Params decode(std::string_view encoded) {
  auto fields = http::parse_form_body(encoded, http::FormLimits{.max_fields = 64, .max_value_bytes = 16384});
  EXPECT_TRUE(fields.ok());
  Params params;
  if (fields) {
    for (auto& [name, value] : *fields) params.emplace(name, value);
  }
  return params;
}

// What the gateway received: URL query and form body together, as the gateway reads them.
Params request_params(const integrations::test::RecordedCall& call) {
  const auto question = call.url.find('?');
  Params params = decode(std::string_view(call.url).substr(question + 1));
  params.merge(decode(call.body));
  return params;
}

boost::json::object biz_of(const Params& params) { return boost::json::parse(params.at("biz_content")).as_object(); }

// A notification as Alipay posts it, signed with `signer` over the notification rules.
std::string notification_body(Params params, const std::string& signer) {
  params["sign"] = *crypto::rsa_sha256_sign_base64(signer, notification_sign_content(params));
  params["sign_type"] = "RSA2";
  return encode_params(params);
}

Params paid_notification() {
  return Params{{"app_id", "2021000000000000"},
                {"notify_id", "N-1"},
                {"notify_time", "2027-01-15 16:03:00"},
                {"notify_type", "trade_status_sync"},
                {"out_trade_no", "ord_1"},
                {"trade_no", "2027011522001"},
                {"trade_status", "TRADE_SUCCESS"},
                {"total_amount", "88.88"},
                {"gmt_payment", "2027-01-15 16:02:00"},
                {"seller_id", "2088000000000001"},
                {"fund_bill_list", R"([{"amount":"88.88","fundChannel":"ALIPAYACCOUNT"}])"},
                {"subject", "VIP 30 天"},
                {"charset", "utf-8"},
                {"version", "1.0"}};
}

// A gateway answer: the node as text and Alipay's sign over exactly that text.
std::string answer(std::string_view node_name, std::string_view node, const std::string& signer) {
  return "{\"" + std::string(node_name) + "\":" + std::string(node) + ",\"sign\":\"" +
         *crypto::rsa_sha256_sign_base64(signer, node) + "\"}";
}

class AlipayProviderTest : public ::testing::Test {
 protected:
  std::unique_ptr<Provider> provider(AlipaySettings s = settings()) {
    return make_alipay_provider(std::move(s), http, [] { return kNow; });
  }
  FakeHttpClient http;
};

// --- create: the page-pay URL ---

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

constexpr std::string_view kQueryNode = "alipay_trade_query_response";

TEST_F(AlipayProviderTest, QuerySendsASignedRequestAndReadsTheSignedAnswer) {
  http.reply_with(
      200, answer(kQueryNode,
                  R"({"code":"10000","msg":"Success","trade_no":"2027011522001","out_trade_no":"ord_1",)"
                  R"("trade_status":"TRADE_SUCCESS","total_amount":"88.88","send_pay_date":"2027-01-15 16:02:00"})",
                  alipay_keys().private_pem));
  const auto payment = provider()->query("ord_1", "2027011522001");
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->state, ProviderState::paid);
  EXPECT_EQ(payment->order_id, "ord_1");
  EXPECT_EQ(payment->provider_ref, "2027011522001");
  EXPECT_EQ(payment->amount, (Money{.minor = 8888, .currency = "CNY"}));
  EXPECT_EQ(payment->merchant_id, "2021000000000000");
  EXPECT_EQ(payment->paid_at, kNow + 120);
  EXPECT_EQ(payment->event_id, "");

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 1U);
  EXPECT_EQ(calls[0].method, "POST");
  EXPECT_EQ(calls[0].timeout, std::chrono::milliseconds(4000));
  EXPECT_TRUE(calls[0].url.starts_with(std::string(kGateway) + "?"));
  EXPECT_TRUE(calls[0].body.starts_with("biz_content="));  // business parameters in the body, the rest in the URL
  const Params sent = request_params(calls[0]);
  EXPECT_EQ(sent.at("method"), "alipay.trade.query");
  EXPECT_EQ(sent.at("timestamp"), "2027-01-15 16:00:00");
  EXPECT_EQ(biz_of(sent).at("out_trade_no"), "ord_1");
  EXPECT_EQ(biz_of(sent).at("trade_no"), "2027011522001");
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(sent), sent.at("sign")));
}

TEST_F(AlipayProviderTest, QueryRefusesAnAnswerNotSignedByAlipay) {
  const std::string node = R"({"code":"10000","msg":"Success","out_trade_no":"ord_1","trade_status":"TRADE_SUCCESS",)"
                           R"("total_amount":"88.88"})";
  std::string altered = answer(kQueryNode, node, alipay_keys().private_pem);
  altered.replace(altered.find("88.88"), 5, "00.01");
  for (const std::string& body : {answer(kQueryNode, node, stranger_keys().private_pem), altered,
                                  "{\"" + std::string(kQueryNode) + "\":" + node + "}"}) {
    http.reply_with(200, body);
    const auto payment = provider()->query("ord_1", "");
    ASSERT_FALSE(payment.ok()) << body;
    EXPECT_EQ(payment.error().code, "INVALID_SIGNATURE") << body;
  }
}

TEST_F(AlipayProviderTest, QueryReportsAnUnknownTradeAsNotFound) {
  http.reply_with(200, answer(kQueryNode,
                              R"({"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_NOT_EXIST",)"
                              R"("sub_msg":"交易不存在"})",
                              alipay_keys().private_pem));
  const auto payment = provider()->query("ord_1", "");
  ASSERT_FALSE(payment.ok());
  EXPECT_EQ(payment.error().code, "PROVIDER_PAYMENT_NOT_FOUND");
  EXPECT_EQ(payment.error().kind, core::ErrorKind::not_found);
}

TEST_F(AlipayProviderTest, QueryReportsGatewayRefusalsAndFailures) {
  // A signed business failure, an unsigned gateway error (a wrong app_id is answered unsigned), a
  // non-200, a body that is no JSON, and the network failing.
  http.reply_with(200, answer(kQueryNode, R"({"code":"40004","msg":"Business Failed","sub_code":"ACQ.SYSTEM_ERROR"})",
                              alipay_keys().private_pem));
  http.reply_with(200,
                  R"({"error_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-app-id"}})");
  http.reply_with(502, "Bad Gateway");
  http.reply_with(200, "<html>");
  http.push(integrations::upstream_failure(integrations::HttpFailure::timeout, "timed out"));
  const std::vector<std::pair<std::string, std::string>> expected{{"UPSTREAM_UNAVAILABLE", "ACQ.SYSTEM_ERROR"},
                                                                  {"UPSTREAM_UNAVAILABLE", "isv.invalid-app-id"},
                                                                  {"UPSTREAM_UNAVAILABLE", ""},
                                                                  {"UPSTREAM_UNAVAILABLE", ""},
                                                                  {"UPSTREAM_TIMEOUT", ""}};
  for (const auto& [code, provider_code] : expected) {
    const auto payment = provider()->query("ord_1", "");
    ASSERT_FALSE(payment.ok());
    EXPECT_EQ(payment.error().code, code);
    EXPECT_EQ(payment.error().kind, core::ErrorKind::unavailable);
    if (!provider_code.empty()) {
      EXPECT_EQ(payment.error().details.at("provider_code").as_string(), provider_code);
    }
  }
}

TEST_F(AlipayProviderTest, QueryDoesNotTrustAnUnsignedTradeNotExist) {
  http.reply_with(200, R"({"alipay_trade_query_response":{"code":"40004","sub_code":"ACQ.TRADE_NOT_EXIST"}})");
  const auto payment = provider()->query("ord_1", "");
  ASSERT_FALSE(payment.ok());
  EXPECT_EQ(payment.error().code, "UPSTREAM_UNAVAILABLE");
}

// --- close ---

TEST_F(AlipayProviderTest, CloseSucceedsAndTreatsAnUnknownTradeAsClosed) {
  http.reply_with(200, answer("alipay_trade_close_response", R"({"code":"10000","msg":"Success","out_trade_no":"o"})",
                              alipay_keys().private_pem));
  http.reply_with(200, answer("alipay_trade_close_response",
                              R"({"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_NOT_EXIST"})",
                              alipay_keys().private_pem));
  EXPECT_TRUE(provider()->close("ord_1", "").ok());
  EXPECT_TRUE(provider()->close("ord_1", "").ok());
  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 2U);
  const Params sent = request_params(calls[0]);
  EXPECT_EQ(sent.at("method"), "alipay.trade.close");
  EXPECT_EQ(biz_of(sent).at("out_trade_no"), "ord_1");
  EXPECT_FALSE(biz_of(sent).contains("trade_no"));
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(sent), sent.at("sign")));
}

TEST_F(AlipayProviderTest, CloseReportsOtherRefusals) {
  http.reply_with(200, answer("alipay_trade_close_response",
                              R"({"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_STATUS_ERROR"})",
                              alipay_keys().private_pem));
  http.reply_with(200, answer("alipay_trade_close_response", R"({"code":"10000"})", stranger_keys().private_pem));
  const auto refused = provider()->close("ord_1", "");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().details.at("provider_code"), "ACQ.TRADE_STATUS_ERROR");
  const auto forged = provider()->close("ord_1", "");
  ASSERT_FALSE(forged.ok());
  EXPECT_EQ(forged.error().code, "INVALID_SIGNATURE");
}

// --- refund ---

TEST_F(AlipayProviderTest, RefundSendsOutRequestNoAndReadsFundChange) {
  constexpr std::string_view kNode = "alipay_trade_refund_response";
  http.reply_with(200, answer(kNode, R"({"code":"10000","msg":"Success","fund_change":"Y","refund_fee":"88.88"})",
                              alipay_keys().private_pem));
  http.reply_with(200,
                  answer(kNode, R"({"code":"10000","msg":"Success","fund_change":"N"})", alipay_keys().private_pem));
  const RefundRequest request{.order_id = "ord_1",
                              .provider_ref = "2027011522001",
                              .refund_id = "ref_1",
                              .amount = Money{.minor = 8888, .currency = "CNY"},
                              .order_total = Money{.minor = 8888, .currency = "CNY"},
                              .reason = "admin refund"};
  const auto done = provider()->refund(request);
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_TRUE(done->completed);
  EXPECT_EQ(done->provider_refund_ref, "ref_1");
  const auto unconfirmed = provider()->refund(request);
  ASSERT_TRUE(unconfirmed.ok());
  EXPECT_FALSE(unconfirmed->completed);

  const Params sent = request_params(http.calls().at(0));
  EXPECT_EQ(sent.at("method"), "alipay.trade.refund");
  const auto biz = biz_of(sent);
  EXPECT_EQ(biz.at("out_trade_no"), "ord_1");
  EXPECT_EQ(biz.at("trade_no"), "2027011522001");
  EXPECT_EQ(biz.at("refund_amount"), "88.88");
  EXPECT_EQ(biz.at("out_request_no"), "ref_1");
  EXPECT_EQ(biz.at("refund_reason"), "admin refund");
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(sent), sent.at("sign")));
}

TEST_F(AlipayProviderTest, RefundReportsRefusals) {
  http.reply_with(200, answer("alipay_trade_refund_response",
                              R"({"code":"40004","msg":"Business Failed","sub_code":"ACQ.REFUND_AMT_NOT_EQUAL_TOTAL"})",
                              alipay_keys().private_pem));
  const auto refused = provider()->refund(
      RefundRequest{.order_id = "ord_1", .refund_id = "ref_1", .amount = Money{.minor = 100, .currency = "CNY"}});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().details.at("provider_code"), "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL");
  const auto usd = provider()->refund(
      RefundRequest{.order_id = "ord_1", .refund_id = "ref_2", .amount = Money{.minor = 100, .currency = "USD"}});
  EXPECT_FALSE(usd.ok());
  EXPECT_EQ(http.calls().size(), 1U);  // the USD refund never left
}

}  // namespace
}  // namespace portal::payments::alipay
