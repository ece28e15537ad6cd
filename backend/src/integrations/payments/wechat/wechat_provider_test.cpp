#include "integrations/payments/wechat/wechat_provider.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/wechat/signing.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <gtest/gtest.h>

namespace portal::payments::wechat {
namespace {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

constexpr std::int64_t kNow = 1767268800;  // 2026-01-01T12:00:00Z
constexpr std::string_view kApiV3Key = "0123456789abcdef0123456789abcdef";
constexpr std::string_view kPublicKeyId = "PUB_KEY_ID_0114232134912410000000000000";

struct Keys {
  crypto::KeyPair merchant = crypto::generate_rsa_key_pair(2048);
  crypto::KeyPair platform = crypto::generate_rsa_key_pair(2048);
  crypto::KeyPair stranger = crypto::generate_rsa_key_pair(2048);
};

const Keys& keys() {
  static const Keys k;
  return k;
}

std::string header_of(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

// A quoted value of the Authorization header: signature="…" -> …
std::string auth_param(const std::string& header, const std::string& name) {
  const auto at = header.find(name + "=\"");
  if (at == std::string::npos) return {};
  const auto start = at + name.size() + 2;
  return header.substr(start, header.find('"', start) - start);
}

class WechatProviderTest : public ::testing::Test {
 protected:
  WechatProviderTest() {
    settings.base_url = "https://api.example.test";
    settings.mchid = "1900007291";
    settings.appid = "wxd678efh567hg6787";
    settings.merchant_serial_no = "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB";
    settings.merchant_private_key_pem = keys().merchant.private_pem;
    settings.api_v3_key = std::string(kApiV3Key);
    settings.platform_public_key_id = std::string(kPublicKeyId);
    settings.platform_public_key_pem = keys().platform.public_pem;
    settings.timeout_ms = 4000;
    provider = make_wechat_provider(
        settings, http, [this] { return now; }, [] { return std::string("NONCE123"); });
  }

  // An answer as WeChat Pay signs it, by `key`, `age` seconds old.
  static HttpReply signed_reply(int status, std::string body, const crypto::KeyPair& key = keys().platform,
                                std::int64_t age = 0) {
    const std::string timestamp = std::to_string(kNow - age);
    const std::string signature =
        *crypto::rsa_sha256_sign_base64(key.private_pem, response_message(timestamp, "reply-nonce", body));
    return HttpReply{.status = status,
                     .body = std::move(body),
                     .headers = {{"Wechatpay-Timestamp", timestamp},
                                 {"Wechatpay-Nonce", "reply-nonce"},
                                 {"Wechatpay-Signature", signature},
                                 {"Wechatpay-Serial", std::string(kPublicKeyId)}}};
  }

  // Checks the Authorization header of a recorded call against the merchant's public key.
  static void expect_signed_request(const RecordedCall& call, std::string_view path_with_query) {
    const std::string header = header_of(call, "Authorization");
    ASSERT_TRUE(header.starts_with("WECHATPAY2-SHA256-RSA2048 ")) << header;
    EXPECT_EQ(auth_param(header, "mchid"), "1900007291");
    EXPECT_EQ(auth_param(header, "nonce_str"), "NONCE123");
    EXPECT_EQ(auth_param(header, "timestamp"), std::to_string(kNow));
    EXPECT_EQ(auth_param(header, "serial_no"), "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB");
    EXPECT_TRUE(crypto::rsa_sha256_verify_base64(
        keys().merchant.public_pem, request_message(call.method, path_with_query, kNow, "NONCE123", call.body),
        auth_param(header, "signature")));
    EXPECT_EQ(header_of(call, "Accept"), "application/json");
    EXPECT_FALSE(header_of(call, "User-Agent").empty());
  }

  Notification notification(std::string_view plaintext, std::string_view event_type = "TRANSACTION.SUCCESS",
                            std::string_view aad = "transaction", std::string_view key = kApiV3Key) {
    const boost::json::object envelope{
        {"id", "EV-2018052517021423"},
        {"create_time", "2026-01-01T20:00:05+08:00"},
        {"event_type", event_type},
        {"resource_type", "encrypt-resource"},
        {"resource",
         boost::json::object{{"original_type", "transaction"},
                             {"algorithm", "AEAD_AES_256_GCM"},
                             {"ciphertext", crypto::aes256gcm_encrypt_base64(key, "abcdefghijkl", aad, plaintext)},
                             {"associated_data", "transaction"},
                             {"nonce", "abcdefghijkl"}}}};
    return signed_notification(boost::json::serialize(envelope));
  }

  static Notification signed_notification(std::string body, const crypto::KeyPair& key = keys().platform,
                                          std::int64_t age = 0) {
    const HttpReply signed_body = signed_reply(200, std::move(body), key, age);
    Notification out{.body = signed_body.body};
    for (const auto& [name, value] : signed_body.headers) {
      std::string lower = name;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out.headers[lower] = value;
    }
    return out;
  }

  static constexpr std::string_view kPaid =
      R"({"mchid":"1900007291","appid":"wxd678efh567hg6787","out_trade_no":"ord_1","transaction_id":"4200000001",)"
      R"("trade_type":"NATIVE","trade_state":"SUCCESS","success_time":"2026-01-01T20:00:00+08:00",)"
      R"("amount":{"total":3000,"payer_total":3000,"currency":"CNY","payer_currency":"CNY"}})";

  WechatSettings settings;
  FakeHttpClient http;
  std::int64_t now = kNow;
  std::unique_ptr<Provider> provider;
};

TEST_F(WechatProviderTest, CreateSendsASignedNativeOrderAndReturnsTheCodeUrl) {
  http.push(signed_reply(200, R"({"code_url":"weixin://wxpay/bizpayurl?pr=abc"})"));
  const auto start = provider->create(PaymentRequest{.order_id = "ord_1",
                                                     .amount = {3000, "CNY"},
                                                     .subject = "VIP 30 days",
                                                     .notify_url = "https://portal.example/api/payment/notify/wechat",
                                                     .expires_at = kNow + 480});
  ASSERT_TRUE(start.ok()) << start.error().message;
  EXPECT_EQ(start->payment_url, "weixin://wxpay/bizpayurl?pr=abc");
  EXPECT_EQ(start->qr_payload, "weixin://wxpay/bizpayurl?pr=abc");

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].method, "POST");
  EXPECT_EQ(calls[0].url, "https://api.example.test/v3/pay/transactions/native");
  EXPECT_EQ(calls[0].timeout, std::chrono::milliseconds(4000));
  EXPECT_EQ(header_of(calls[0], "Content-Type"), "application/json");
  expect_signed_request(calls[0], "/v3/pay/transactions/native");
  EXPECT_EQ(boost::json::parse(calls[0].body),
            boost::json::parse(R"({"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"VIP 30 days",)"
                               R"("out_trade_no":"ord_1","time_expire":"2026-01-01T20:08:00+08:00",)"
                               R"("notify_url":"https://portal.example/api/payment/notify/wechat",)"
                               R"("amount":{"total":3000,"currency":"CNY"}})"));
}

TEST_F(WechatProviderTest, CreateRefusesAnswersNotSignedByWechatPay) {
  const PaymentRequest request{.order_id = "ord_1", .amount = {3000, "CNY"}, .subject = "VIP"};
  const std::string body = R"({"code_url":"weixin://wxpay/bizpayurl?pr=evil"})";
  http.push(HttpReply{.status = 200, .body = body});  // no signature headers
  http.push(signed_reply(200, body, keys().stranger));
  http.push(signed_reply(200, body, keys().platform, 301));  // stale
  for (int i = 0; i < 3; ++i) {
    const auto start = provider->create(request);
    ASSERT_FALSE(start.ok()) << i;
    EXPECT_EQ(start.error().code, "INVALID_SIGNATURE") << i;
  }
}

TEST_F(WechatProviderTest, CreateRefusesOtherCurrenciesAndReportsRefusals) {
  auto usd = provider->create(PaymentRequest{.order_id = "ord_1", .amount = {500, "USD"}});
  ASSERT_FALSE(usd.ok());
  EXPECT_EQ(usd.error().code, "CURRENCY_MISMATCH");
  EXPECT_TRUE(http.calls().empty());

  http.reply_with(400, R"({"code":"PARAM_ERROR","message":"bad out_trade_no"})");
  auto refused = provider->create(PaymentRequest{.order_id = "ord_1", .amount = {500, "CNY"}});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, core::ErrorKind::unavailable);
  EXPECT_EQ(refused.error().details.at("provider_code"), "PARAM_ERROR");

  auto unreachable = provider->create(PaymentRequest{.order_id = "ord_1", .amount = {500, "CNY"}});
  ASSERT_FALSE(unreachable.ok());  // nothing scripted: the fake fails as the network would
  EXPECT_EQ(unreachable.error().code, "UPSTREAM_UNAVAILABLE");
}

TEST_F(WechatProviderTest, QueryAsksByOutTradeNoWithMchidAndReadsTheTransaction) {
  http.push(signed_reply(200, std::string(kPaid)));
  const auto payment = provider->query("ord_1", "");
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->state, ProviderState::paid);
  EXPECT_EQ(payment->order_id, "ord_1");
  EXPECT_EQ(payment->provider_ref, "4200000001");
  EXPECT_EQ(payment->amount, (Money{3000, "CNY"}));
  EXPECT_EQ(payment->merchant_id, "1900007291");
  EXPECT_EQ(payment->paid_at, kNow);
  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].method, "GET");
  EXPECT_EQ(calls[0].url, "https://api.example.test/v3/pay/transactions/out-trade-no/ord_1?mchid=1900007291");
  EXPECT_TRUE(calls[0].body.empty());
  expect_signed_request(calls[0], "/v3/pay/transactions/out-trade-no/ord_1?mchid=1900007291");
}

TEST_F(WechatProviderTest, QueryMapsEveryTradeState) {
  const std::pair<const char*, ProviderState> cases[] = {
      {"SUCCESS", ProviderState::paid},    {"NOTPAY", ProviderState::pending}, {"USERPAYING", ProviderState::pending},
      {"CLOSED", ProviderState::closed},   {"REVOKED", ProviderState::closed}, {"REFUND", ProviderState::refunded},
      {"PAYERROR", ProviderState::failed},
  };
  for (const auto& [trade_state, expected] : cases) {
    http.push(signed_reply(200, std::string(R"({"mchid":"1900007291","out_trade_no":"ord_1","trade_state":")") +
                                    trade_state + R"(","amount":{"total":3000,"currency":"CNY"}})"));
    const auto payment = provider->query("ord_1", "");
    ASSERT_TRUE(payment.ok()) << trade_state;
    EXPECT_EQ(payment->state, expected) << trade_state;
  }
}

TEST_F(WechatProviderTest, QueryOfAnUnknownOrderIsNotFound) {
  http.reply_with(404, R"({"code":"ORDER_NOT_EXIST","message":"order does not exist"})");
  const auto payment = provider->query("ord_1", "");
  ASSERT_FALSE(payment.ok());
  EXPECT_EQ(payment.error().code, "PROVIDER_PAYMENT_NOT_FOUND");
}

TEST_F(WechatProviderTest, CloseSendsMchidAndTakesNoContentOrAnUnknownOrder) {
  http.push(signed_reply(204, ""));
  ASSERT_TRUE(provider->close("ord_1", "").ok());
  http.reply_with(404, R"({"code":"ORDER_NOT_EXIST","message":"order does not exist"})");
  EXPECT_TRUE(provider->close("ord_2", "").ok());
  http.reply_with(500, R"({"code":"SYSTEM_ERROR","message":"busy"})");
  EXPECT_FALSE(provider->close("ord_3", "").ok());

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].method, "POST");
  EXPECT_EQ(calls[0].url, "https://api.example.test/v3/pay/transactions/out-trade-no/ord_1/close");
  EXPECT_EQ(calls[0].body, R"({"mchid":"1900007291"})");
  expect_signed_request(calls[0], "/v3/pay/transactions/out-trade-no/ord_1/close");
}

TEST_F(WechatProviderTest, RefundSendsAmountsAndReadsTheStatus) {
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678859","status":"PROCESSING"})"));
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678860","status":"SUCCESS"})"));
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678861","status":"ABNORMAL"})"));
  const RefundRequest request{.order_id = "ord_1",
                              .refund_id = "ref_1",
                              .amount = {1000, "CNY"},
                              .order_total = {3000, "CNY"},
                              .reason = "duplicate"};
  const auto processing = provider->refund(request);
  ASSERT_TRUE(processing.ok()) << processing.error().message;
  EXPECT_FALSE(processing->completed);
  EXPECT_EQ(processing->provider_refund_ref, "50000000382019052709732678859");
  const auto success = provider->refund(request);
  ASSERT_TRUE(success.ok());
  EXPECT_TRUE(success->completed);
  EXPECT_FALSE(provider->refund(request).ok());

  const auto calls = http.calls();
  EXPECT_EQ(calls[0].url, "https://api.example.test/v3/refund/domestic/refunds");
  expect_signed_request(calls[0], "/v3/refund/domestic/refunds");
  EXPECT_EQ(boost::json::parse(calls[0].body),
            boost::json::parse(R"({"out_trade_no":"ord_1","out_refund_no":"ref_1","reason":"duplicate",)"
                               R"("amount":{"refund":1000,"total":3000,"currency":"CNY"}})"));
}

TEST_F(WechatProviderTest, ARefundIsAskedAboutByItsOutRefundNo) {
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678859","out_refund_no":"ref_1",)"
                              R"("status":"PROCESSING"})"));
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678859","status":"SUCCESS"})"));
  http.push(signed_reply(200, R"({"refund_id":"50000000382019052709732678859","status":"ABNORMAL"})"));
  http.reply_with(404, R"({"code":"RESOURCE_NOT_EXISTS","message":"refund does not exist"})");
  const RefundQuery asked{.order_id = "ord_1", .refund_id = "ref_1"};
  const auto processing = provider->query_refund(asked);
  ASSERT_TRUE(processing.ok()) << processing.error().message;
  EXPECT_EQ(processing->state, RefundState::pending);
  EXPECT_EQ(processing->provider_refund_ref, "50000000382019052709732678859");
  EXPECT_EQ(provider->query_refund(asked)->state, RefundState::completed);
  EXPECT_EQ(provider->query_refund(asked)->state, RefundState::failed);  // the money could not go back
  EXPECT_EQ(provider->query_refund(asked)->state, RefundState::unknown);
  const auto calls = http.calls();
  EXPECT_EQ(calls[0].method, "GET");
  EXPECT_EQ(calls[0].url, "https://api.example.test/v3/refund/domestic/refunds/ref_1");
  expect_signed_request(calls[0], "/v3/refund/domestic/refunds/ref_1");
}

TEST_F(WechatProviderTest, AVerifiedNotificationIsDecryptedAndRead) {
  const auto payment = provider->verify_notification(notification(kPaid));
  ASSERT_TRUE(payment.ok()) << payment.error().code << " " << payment.error().message;
  EXPECT_EQ(payment->state, ProviderState::paid);
  EXPECT_EQ(payment->order_id, "ord_1");
  EXPECT_EQ(payment->provider_ref, "4200000001");
  EXPECT_EQ(payment->amount, (Money{3000, "CNY"}));
  EXPECT_EQ(payment->merchant_id, "1900007291");
  EXPECT_EQ(payment->paid_at, kNow);
  EXPECT_EQ(payment->event_id, "EV-2018052517021423");
  EXPECT_EQ(payment->event_type, "TRANSACTION.SUCCESS");
  EXPECT_TRUE(http.calls().empty());  // nothing to ask WeChat Pay
}

TEST_F(WechatProviderTest, ACertificateSerialSelectsThatCertificate) {
  settings.platform_public_key_id.clear();
  settings.platform_public_key_pem.clear();
  settings.platform_certificates_by_serial["5157F09EFDC096DE15EBE81A47057A7232F1B8E1"] =
      crypto::self_signed_certificate_pem(keys().platform, "Tenpay", "5157F09EFDC096DE15EBE81A47057A7232F1B8E1");
  provider = make_wechat_provider(
      settings, http, [this] { return now; }, [] { return std::string("N"); });
  auto signed_one = notification(kPaid);
  EXPECT_FALSE(provider->verify_notification(signed_one).ok());  // the public key id is no longer ours
  signed_one.headers["wechatpay-serial"] = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
  EXPECT_TRUE(provider->verify_notification(signed_one).ok());
}

TEST_F(WechatProviderTest, ForgedStaleTamperedAndUnsignedNotificationsAreRefusedBeforeReading) {
  const auto expect_refused = [this](const Notification& n, const char* what) {
    const auto payment = provider->verify_notification(n);
    ASSERT_FALSE(payment.ok()) << what;
    EXPECT_EQ(payment.error().code, "INVALID_SIGNATURE") << what;
  };
  const Notification good = notification(kPaid);
  expect_refused(signed_notification(good.body, keys().stranger), "signed with another key");
  expect_refused(signed_notification(good.body, keys().platform, 301), "older than 5 minutes");
  expect_refused(signed_notification(good.body, keys().platform, -301), "more than 5 minutes ahead");
  Notification tampered = good;
  tampered.body.replace(tampered.body.find("EV-"), 3, "EX-");
  expect_refused(tampered, "body changed");
  for (const char* header : {"wechatpay-timestamp", "wechatpay-nonce", "wechatpay-signature", "wechatpay-serial"}) {
    Notification missing = good;
    missing.headers.erase(header);
    expect_refused(missing, header);
  }
  // Signature probes: a signature that is not even base64.
  Notification probe = good;
  probe.headers["wechatpay-signature"] = "WECHATPAY/SIGNTEST/abc";
  expect_refused(probe, "probe");
}

TEST_F(WechatProviderTest, AResourceThatDoesNotDecryptIsRefused) {
  const auto wrong_key = provider->verify_notification(
      notification(kPaid, "TRANSACTION.SUCCESS", "transaction", "fedcba9876543210fedcba9876543210"));
  ASSERT_FALSE(wrong_key.ok());
  EXPECT_EQ(wrong_key.error().code, "DECRYPT_FAILED");
  const auto wrong_aad = provider->verify_notification(notification(kPaid, "TRANSACTION.SUCCESS", ""));
  ASSERT_FALSE(wrong_aad.ok());
  EXPECT_EQ(wrong_aad.error().code, "DECRYPT_FAILED");
  // Decrypts, but is no transaction.
  EXPECT_FALSE(provider->verify_notification(notification("[]")).ok());
  EXPECT_FALSE(provider->verify_notification(notification(R"({"trade_state":"SUCCESS"})")).ok());
}

TEST_F(WechatProviderTest, ARefundNotificationReadsAsRefunded) {
  const auto payment = provider->verify_notification(notification(
      R"({"mchid":"1900007291","out_trade_no":"ord_1","transaction_id":"4200000001","out_refund_no":"ref_1",)"
      R"("refund_id":"50000000382019052709732678859","refund_status":"SUCCESS",)"
      R"("success_time":"2026-01-02T10:00:00+08:00","amount":{"total":3000,"refund":3000,"payer_total":3000,)"
      R"("payer_refund":3000}})",
      "REFUND.SUCCESS"));
  ASSERT_TRUE(payment.ok()) << payment.error().message;
  EXPECT_EQ(payment->state, ProviderState::refunded);
  EXPECT_EQ(payment->amount, (Money{3000, "CNY"}));
  EXPECT_EQ(payment->event_type, "REFUND.SUCCESS");
}

TEST_F(WechatProviderTest, AnswersAreWhatWechatPayExpects) {
  EXPECT_EQ(provider->method(), Method::wechat);
  EXPECT_EQ(provider->accepted().status, 204);
  EXPECT_TRUE(provider->accepted().body.empty());
  const auto rejected = provider->rejected();
  EXPECT_EQ(rejected.status, 500);
  EXPECT_EQ(rejected.content_type, "application/json");
  EXPECT_EQ(boost::json::parse(rejected.body).at("code"), "FAIL");
}

TEST_F(WechatProviderTest, SettleReturnsThePaymentAsItIs) {
  const ProviderPayment paid{.order_id = "ord_1", .provider_ref = "42", .state = ProviderState::paid};
  const auto settled = provider->settle(paid);
  ASSERT_TRUE(settled.ok());
  EXPECT_EQ(settled->state, ProviderState::paid);
  EXPECT_TRUE(http.calls().empty());
}

}  // namespace
}  // namespace portal::payments::wechat
