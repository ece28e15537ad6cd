// The stand-ins as the adapters meet them: signatures checked with the merchant's key (a wrong key
// is refused in each provider's words), states as each provider names them, and notifications that
// verify with the stand-in's public keys and are retried until acknowledged. Handlers are called
// directly; the notifier's HTTP goes to a scripted fake.

#include "sim/payments/payment_sandbox.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/steam/openid.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::sim::payments {
namespace {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;
using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr std::int64_t kNow = 1'800'000'000;

SandboxSettings fast_settings() {
  return SandboxSettings{.demo_mode = true,
                         .public_base_url = "http://portal.test",
                         .first_delay_ms = 0,
                         .late_probability = 0,
                         .duplicate_probability = 0,
                         .retry_backoff_ms = {1},
                         .max_attempts = 5,
                         .rsa_bits = 1024,  // fresh keys per test: 2048-bit generation costs seconds here
                         .seed = 7};
}

const crypto::KeyPair& wrong_key() {
  static const auto key = crypto::generate_rsa_key_pair(1024);
  return key;
}

std::string header_of(const integrations::HttpRequest& request, std::string_view name) {
  for (const auto& [key, value] : request.headers) {
    if (key == name) return value;
  }
  return {};
}

std::string response_header(const http::Response& response, std::string_view name) {
  const auto* value = response.find_header(name);
  return value ? *value : std::string{};
}

class PaymentSandboxTest : public ::testing::Test {
 protected:
  FakeHttpClient portal;
  PaymentSandbox sandbox{fast_settings(), portal, [] { return kNow; }};

  bool idle() { return sandbox.notifier().wait_idle(std::chrono::seconds(10)); }

  // --- Alipay: a gateway.do call signed the way the adapter signs it.
  http::Request alipay_call(const std::string& method, const json::object& biz, const std::string& private_pem,
                            const std::string& http_method = "GET") {
    Params params{{"app_id", sandbox.alipay_account().app_id},
                  {"method", method},
                  {"charset", "utf-8"},
                  {"sign_type", "RSA2"},
                  {"timestamp", "2027-01-15 16:00:00"},
                  {"version", "1.0"},
                  {"notify_url", "http://portal.test/api/payment/notify/alipay"},
                  {"return_url", "http://portal.test/api/payment/return/alipay"},
                  {"biz_content", json::serialize(biz)}};
    params["sign"] = *crypto::rsa_sha256_sign_base64(private_pem, alipay_sign_content(params, {"sign"}));
    const integrations::steam::QueryParams pairs(params.begin(), params.end());
    http::Request request;
    request.method = http_method == "GET" ? http::Method::get : http::Method::post;
    request.target = "/dev/payments/alipay/gateway.do?" + integrations::steam::encode_params(pairs);
    return request;
  }
  json::object alipay_answer(const http::Response& response, const std::string& method) {
    std::string key = method;
    for (auto& c : key) c = c == '.' ? '_' : c;
    return json::parse(response.body).as_object().at(key + "_response").as_object();
  }
  void open_alipay(const std::string& order_id) {
    auto page = sandbox.alipay().gateway(alipay_call("alipay.trade.page.pay",
                                                     {{"out_trade_no", order_id},
                                                      {"total_amount", "30.00"},
                                                      {"subject", "VIP 30 days"},
                                                      {"product_code", "FAST_INSTANT_TRADE_PAY"}},
                                                     sandbox.alipay_account().app_private_key_pem));
    ASSERT_EQ(page.status, 200) << page.body;
  }

  // --- WeChat: an API call with a WECHATPAY2-SHA256-RSA2048 Authorization.
  http::Request wechat_call(http::Method method, const std::string& target, const std::string& body,
                            const std::string& private_pem) {
    const auto& account = sandbox.wechat_account();
    const std::string message = std::string(http::to_string(method)) + "\n" + target + "\n" + std::to_string(kNow) +
                                "\nNONCE123\n" + body + "\n";
    const auto signature = *crypto::rsa_sha256_sign_base64(private_pem, message);
    http::Request request;
    request.method = method;
    request.target = target;
    request.body = body;
    request.headers["Authorization"] = "WECHATPAY2-SHA256-RSA2048 mchid=\"" + account.mchid +
                                       "\",nonce_str=\"NONCE123\",signature=\"" + signature + "\",timestamp=\"" +
                                       std::to_string(kNow) + "\",serial_no=\"" + account.merchant_serial_no + "\"";
    return request;
  }
  std::string wechat_create(const std::string& order_id) {
    const auto& account = sandbox.wechat_account();
    const std::string body =
        json::serialize(json::object{{"appid", account.appid},
                                     {"mchid", account.mchid},
                                     {"description", "VIP 30 days"},
                                     {"out_trade_no", order_id},
                                     {"notify_url", "http://portal.test/api/payment/notify/wechat"},
                                     {"amount", json::object{{"total", 3000}, {"currency", "CNY"}}}});
    auto response = sandbox.wechat().create_native(wechat_call(
        http::Method::post, "/dev/payments/wechat/v3/pay/transactions/native", body, account.merchant_private_key_pem));
    EXPECT_EQ(response.status, 200) << response.body;
    return std::string(json::parse(response.body).as_object().at("code_url").as_string());
  }
  std::string wechat_state(const std::string& order_id) {
    const std::string target = "/dev/payments/wechat/v3/pay/transactions/out-trade-no/" + order_id +
                               "?mchid=" + sandbox.wechat_account().mchid;
    auto request = wechat_call(http::Method::get, target, "", sandbox.wechat_account().merchant_private_key_pem);
    request.query["mchid"] = sandbox.wechat_account().mchid;
    request.path_params["outTradeNo"] = order_id;
    auto response = sandbox.wechat().query(request);
    EXPECT_EQ(response.status, 200) << response.body;
    return std::string(json::parse(response.body).as_object().at("trade_state").as_string());
  }

  // --- PayPal
  std::string paypal_token() {
    const auto& account = sandbox.paypal_account();
    http::Request request;
    request.method = http::Method::post;
    request.headers["Authorization"] =
        "Basic " + crypto::base64_encode(account.client_id + ":" + account.client_secret);
    request.headers["Content-Type"] = "application/x-www-form-urlencoded";
    request.body = "grant_type=client_credentials";
    auto response = sandbox.paypal().token(request);
    EXPECT_EQ(response.status, 200) << response.body;
    return std::string(json::parse(response.body).as_object().at("access_token").as_string());
  }
  http::Request paypal_call(const std::string& token, const std::string& body) {
    http::Request request;
    request.method = http::Method::post;
    request.headers["Authorization"] = "Bearer " + token;
    request.headers["Content-Type"] = "application/json";
    request.body = body;
    return request;
  }
  std::string paypal_create(const std::string& token, const std::string& order_id) {
    const std::string body =
        R"({"intent":"CAPTURE","purchase_units":[{"reference_id":")" + order_id + R"(","invoice_id":")" + order_id +
        R"(","amount":{"currency_code":"USD","value":"5.00"}}],"payment_source":{"paypal":{"experience_context":{"return_url":"http://portal.test/api/payment/return/paypal","cancel_url":"http://portal.test/api/payment/return/paypal"}}}})";
    auto response = sandbox.paypal().create_order(paypal_call(token, body));
    EXPECT_EQ(response.status, 201) << response.body;
    return std::string(json::parse(response.body).as_object().at("id").as_string());
  }
};

TEST(PaymentSandboxDemoOnly, RefusesToExistOutsideDemoMode) {
  FakeHttpClient http;
  auto settings = fast_settings();
  settings.demo_mode = false;
  EXPECT_THROW(PaymentSandbox(settings, http), std::logic_error);
}

TEST_F(PaymentSandboxTest, AlipayRefusesARequestSignedWithAnotherKey) {
  auto response =
      sandbox.alipay().gateway(alipay_call("alipay.trade.query", {{"out_trade_no", "ord_1"}}, wrong_key().private_pem));
  const auto answer = alipay_answer(response, "alipay.trade.query");
  EXPECT_EQ(answer.at("code"), "40002");
  EXPECT_EQ(answer.at("sub_code"), "isv.invalid-signature");

  auto page = sandbox.alipay().gateway(alipay_call("alipay.trade.page.pay",
                                                   {{"out_trade_no", "ord_1"},
                                                    {"total_amount", "30.00"},
                                                    {"subject", "VIP"},
                                                    {"product_code", "FAST_INSTANT_TRADE_PAY"}},
                                                   wrong_key().private_pem));
  EXPECT_EQ(page.status, 400);
  EXPECT_THAT(page.body, HasSubstr("isv.invalid-signature"));
  EXPECT_FALSE(sandbox.ledger().find(Method::alipay, "ord_1"));
}

TEST_F(PaymentSandboxTest, AlipayPayNotifiesSignedUntilSuccessAndQueryFollows) {
  open_alipay("ord_a");
  const auto query = [&] {
    auto response = sandbox.alipay().gateway(
        alipay_call("alipay.trade.query", {{"out_trade_no", "ord_a"}}, sandbox.alipay_account().app_private_key_pem));
    // The answer is signed over the exact text of the inner object with the Alipay key.
    const auto& body = response.body;
    const auto start = body.find(':') + 1;
    const auto end = body.rfind(",\"sign\":\"");
    const auto sign = body.substr(end + 9, body.size() - end - 9 - 2);
    EXPECT_TRUE(crypto::rsa_sha256_verify_base64(sandbox.alipay_account().alipay_public_key_pem,
                                                 body.substr(start, end - start), sign));
    return std::string(alipay_answer(response, "alipay.trade.query").at("trade_status").as_string());
  };
  EXPECT_EQ(query(), "WAIT_BUYER_PAY");

  portal.reply_with(200, "fail");
  portal.reply_with(500, "");
  portal.reply_with(200, "success");
  ASSERT_TRUE(sandbox.act("ord_a", BuyerAction::pay));
  ASSERT_TRUE(idle());

  const auto records = sandbox.notifier().records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].attempts, 3);  // retried until the body was exactly "success"
  EXPECT_TRUE(records[0].acknowledged);
  const auto& sent = records[0].requests.back();
  EXPECT_EQ(sent.url, "http://portal.test/api/payment/notify/alipay");
  Params form;
  for (auto& [key, value] : integrations::steam::parse_query(sent.body)) form[key] = value;
  EXPECT_EQ(form["trade_status"], "TRADE_SUCCESS");
  EXPECT_EQ(form["out_trade_no"], "ord_a");
  EXPECT_EQ(form["total_amount"], "30.00");
  EXPECT_EQ(form["app_id"], sandbox.alipay_account().app_id);
  const auto content = alipay_sign_content(form, {"sign", "sign_type"});
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(sandbox.alipay_account().alipay_public_key_pem, content, form["sign"]));
  EXPECT_FALSE(crypto::rsa_sha256_verify_base64(wrong_key().public_pem, content, form["sign"]));
  EXPECT_EQ(query(), "TRADE_SUCCESS");

  // A paid trade cannot be closed; a full refund closes it.
  auto close = sandbox.alipay().gateway(
      alipay_call("alipay.trade.close", {{"out_trade_no", "ord_a"}}, sandbox.alipay_account().app_private_key_pem));
  EXPECT_EQ(alipay_answer(close, "alipay.trade.close").at("sub_code"), "ACQ.TRADE_STATUS_ERROR");
  auto refund = sandbox.alipay().gateway(alipay_call(
      "alipay.trade.refund", {{"out_trade_no", "ord_a"}, {"refund_amount", "30.00"}, {"out_request_no", "r1"}},
      sandbox.alipay_account().app_private_key_pem, "POST"));
  EXPECT_EQ(alipay_answer(refund, "alipay.trade.refund").at("fund_change"), "Y");
  EXPECT_EQ(query(), "TRADE_CLOSED");
}

TEST_F(PaymentSandboxTest, AlipayCloseOfAnUnpaidTradeThenPayIsRefused) {
  open_alipay("ord_c");
  auto close = sandbox.alipay().gateway(
      alipay_call("alipay.trade.close", {{"out_trade_no", "ord_c"}}, sandbox.alipay_account().app_private_key_pem));
  EXPECT_EQ(alipay_answer(close, "alipay.trade.close").at("code"), "10000");
  auto paid = sandbox.act("ord_c", BuyerAction::pay);
  ASSERT_FALSE(paid);
  EXPECT_EQ(paid.error().code, "PAYMENT_NOT_PAYABLE");
  EXPECT_TRUE(sandbox.notifier().records().empty());
}

TEST_F(PaymentSandboxTest, WechatRefusesAnAuthorizationSignedWithAnotherKey) {
  const auto& account = sandbox.wechat_account();
  auto response = sandbox.wechat().create_native(wechat_call(
      http::Method::post, "/dev/payments/wechat/v3/pay/transactions/native", "{}", wrong_key().private_pem));
  EXPECT_EQ(response.status, 401);
  EXPECT_EQ(json::parse(response.body).as_object().at("code"), "SIGN_ERROR");
  // Even the refusal is signed by the platform key, as WeChat's answers are.
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(
      account.platform_certificate_pem,
      wechat_answer_message(response_header(response, "Wechatpay-Timestamp"),
                            response_header(response, "Wechatpay-Nonce"), response.body),
      response_header(response, "Wechatpay-Signature")));
}

TEST_F(PaymentSandboxTest, WechatPayNotifiesEncryptedAndSignedUntil204) {
  const auto code_url = wechat_create("ord_w");
  EXPECT_THAT(code_url, StartsWith("weixin://wxpay/bizpayurl?pr="));
  EXPECT_EQ(wechat_state("ord_w"), "NOTPAY");

  portal.reply_with(500, R"({"code":"FAIL","message":"失败"})");
  portal.reply_with(204, "");
  ASSERT_TRUE(sandbox.act("ord_w", BuyerAction::pay));
  ASSERT_TRUE(idle());
  const auto records = sandbox.notifier().records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].attempts, 2);
  EXPECT_TRUE(records[0].acknowledged);

  const auto& sent = records[0].requests.back();
  const auto& account = sandbox.wechat_account();
  EXPECT_EQ(header_of(sent, "Wechatpay-Serial"), account.platform_serial_no);
  const auto message =
      wechat_answer_message(header_of(sent, "Wechatpay-Timestamp"), header_of(sent, "Wechatpay-Nonce"), sent.body);
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(account.platform_certificate_pem, message,
                                               header_of(sent, "Wechatpay-Signature")));
  EXPECT_FALSE(
      crypto::rsa_sha256_verify_base64(wrong_key().public_pem, message, header_of(sent, "Wechatpay-Signature")));
  const auto envelope = json::parse(sent.body).as_object();
  EXPECT_EQ(envelope.at("event_type"), "TRANSACTION.SUCCESS");
  const auto& resource = envelope.at("resource").as_object();
  auto plain =
      crypto::aes256gcm_decrypt(account.api_v3_key, resource.at("nonce").as_string(),
                                resource.at("associated_data").as_string(), resource.at("ciphertext").as_string());
  ASSERT_TRUE(plain) << plain.error().message;
  const auto transaction = json::parse(*plain).as_object();
  EXPECT_EQ(transaction.at("out_trade_no"), "ord_w");
  EXPECT_EQ(transaction.at("trade_state"), "SUCCESS");
  EXPECT_EQ(transaction.at("mchid").as_string(), account.mchid);
  EXPECT_EQ(transaction.at("amount").as_object().at("total"), 3000);
  EXPECT_EQ(wechat_state("ord_w"), "SUCCESS");
}

TEST_F(PaymentSandboxTest, WechatFailIsPayerrorWithoutANotification) {
  wechat_create("ord_f");
  ASSERT_TRUE(sandbox.act("ord_f", BuyerAction::fail));
  EXPECT_EQ(wechat_state("ord_f"), "PAYERROR");
  ASSERT_TRUE(idle());
  EXPECT_TRUE(sandbox.notifier().records().empty());
}

TEST_F(PaymentSandboxTest, PaypalRefusesWrongSecretAndMissingToken) {
  http::Request request;
  request.method = http::Method::post;
  request.headers["Authorization"] = "Basic " + crypto::base64_encode(sandbox.paypal_account().client_id + ":nope");
  request.body = "grant_type=client_credentials";
  auto token = sandbox.paypal().token(request);
  EXPECT_EQ(token.status, 401);
  EXPECT_EQ(json::parse(token.body).as_object().at("error"), "invalid_client");
  auto create = sandbox.paypal().create_order(paypal_call("made-up", "{}"));
  EXPECT_EQ(create.status, 401);
  EXPECT_EQ(json::parse(create.body).as_object().at("error"), "invalid_token");
}

TEST_F(PaymentSandboxTest, PaypalApproveCaptureAndSignedWebhooks) {
  portal.set_responder(
      [](const integrations::test::RecordedCall&) { return core::Result<HttpReply>(HttpReply{.status = 200}); });
  const auto token = paypal_token();
  const auto id = paypal_create(token, "ord_p");
  EXPECT_EQ(PaymentSandbox::state_name(*sandbox.ledger().find(Method::paypal, "ord_p")), "CREATED");

  auto capture_request = paypal_call(token, "{}");
  capture_request.path_params["orderId"] = id;
  auto early = sandbox.paypal().capture(capture_request);
  EXPECT_EQ(early.status, 422);
  EXPECT_THAT(early.body, HasSubstr("ORDER_NOT_APPROVED"));

  ASSERT_TRUE(sandbox.act("ord_p", BuyerAction::pay));
  capture_request.headers["PayPal-Request-Id"] = "capture-ord_p";
  auto captured = sandbox.paypal().capture(capture_request);
  ASSERT_EQ(captured.status, 201) << captured.body;
  EXPECT_EQ(json::parse(captured.body).as_object().at("status"), "COMPLETED");
  EXPECT_EQ(sandbox.paypal().capture(capture_request).status, 200);  // an idempotent replay
  ASSERT_TRUE(idle());

  const auto records = sandbox.notifier().records();
  ASSERT_EQ(records.size(), 2u);
  const auto& account = sandbox.paypal_account();
  std::vector<std::string> events;
  for (const auto& record : records) {
    const auto& sent = record.requests.back();
    events.emplace_back(json::parse(sent.body).as_object().at("event_type").as_string());
    EXPECT_EQ(header_of(sent, "PAYPAL-CERT-URL"), account.cert_url);
    const auto message =
        paypal_webhook_message(header_of(sent, "PAYPAL-TRANSMISSION-ID"), header_of(sent, "PAYPAL-TRANSMISSION-TIME"),
                               account.webhook_id, sent.body);
    EXPECT_TRUE(
        crypto::rsa_sha256_verify_base64(account.certificate_pem, message, header_of(sent, "PAYPAL-TRANSMISSION-SIG")));

    // The postback check agrees, and refuses a tampered event.
    const auto verify = [&](const std::string& event_text) {
      const std::string body = R"({"auth_algo":"SHA256withRSA","cert_url":")" + account.cert_url +
                               R"(","transmission_id":")" + header_of(sent, "PAYPAL-TRANSMISSION-ID") +
                               R"(","transmission_sig":")" + header_of(sent, "PAYPAL-TRANSMISSION-SIG") +
                               R"(","transmission_time":")" + header_of(sent, "PAYPAL-TRANSMISSION-TIME") +
                               R"(","webhook_id":")" + account.webhook_id + R"(","webhook_event":)" + event_text + "}";
      auto answer = sandbox.paypal().verify_webhook_signature(paypal_call(token, body));
      return std::string(json::parse(answer.body).as_object().at("verification_status").as_string());
    };
    EXPECT_EQ(verify(sent.body), "SUCCESS");
    auto tampered = sent.body;
    tampered.replace(tampered.find("ord_p"), 5, "ord_q");
    EXPECT_EQ(verify(tampered), "FAILURE");
  }
  EXPECT_EQ(events, (std::vector<std::string>{"CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"}));
  EXPECT_EQ(PaymentSandbox::state_name(*sandbox.ledger().find(Method::paypal, "ord_p")), "COMPLETED");
}

}  // namespace
}  // namespace portal::sim::payments
