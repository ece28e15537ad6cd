// The Alipay adapter's signed calls: query, close, refund and the refund query.
#include "integrations/payments/alipay/alipay_provider_fixture_for_test.hpp"

namespace portal::payments::alipay {
namespace {

using namespace alipay_test;

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

TEST_F(AlipayProviderTest, RefundQueryReadsRefundSuccessAndKnowsNothingElse) {
  constexpr std::string_view kNode = "alipay_trade_fastpay_refund_query_response";
  http.reply_with(200, answer(kNode,
                              R"({"code":"10000","msg":"Success","out_request_no":"ref_1","refund_amount":"88.88",)"
                              R"("refund_status":"REFUND_SUCCESS"})",
                              alipay_keys().private_pem));
  http.reply_with(
      200, answer(kNode, R"({"code":"10000","msg":"Success","out_request_no":"ref_2"})", alipay_keys().private_pem));
  const RefundQuery asked{.order_id = "ord_1", .provider_ref = "2027011522001", .refund_id = "ref_1"};
  const auto done = provider()->query_refund(asked);
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_EQ(done->state, RefundState::completed);
  // Alipay's documentation: no refund_status means not received or not successful; never "failed" here.
  const auto unknown = provider()->query_refund(RefundQuery{.order_id = "ord_1", .refund_id = "ref_2"});
  ASSERT_TRUE(unknown.ok());
  EXPECT_EQ(unknown->state, RefundState::unknown);

  const Params sent = request_params(http.calls().at(0));
  EXPECT_EQ(sent.at("method"), "alipay.trade.fastpay.refund.query");
  EXPECT_EQ(biz_of(sent).at("out_request_no"), "ref_1");
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(app_keys().public_pem, request_sign_content(sent), sent.at("sign")));
}

}  // namespace
}  // namespace portal::payments::alipay
