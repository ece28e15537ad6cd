#include "integrations/payments/wechat/signing.hpp"

#include "integrations/payments/crypto.hpp"
#include "integrations/payments/crypto_vectors_for_test.hpp"

#include <gtest/gtest.h>

namespace portal::payments::wechat {
namespace {

constexpr std::int64_t kTimestamp = 1554208460;
constexpr std::string_view kNonce = "593BEC0C930BF1AFEB40B4A08C8FB242";

WechatSettings official_merchant() {
  WechatSettings settings;
  settings.mchid = "1900007291";
  settings.merchant_serial_no = "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB";
  settings.merchant_private_key_pem = std::string(crypto::test::kWechatVectorPrivateKeyPem);
  return settings;
}

// protocols.md 5b, official vector 1: a GET's message ends in "\n\n" (empty body, still terminated).
TEST(WechatSigning, GetRequestMatchesTheOfficialVector) {
  EXPECT_EQ(request_message("GET", "/v3/refund/domestic/refunds/123123123123", kTimestamp, kNonce, ""),
            "GET\n/v3/refund/domestic/refunds/123123123123\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n");
  const auto header =
      authorization(official_merchant(), RequestToSign{.method = "GET",
                                                       .path_with_query = "/v3/refund/domestic/refunds/123123123123",
                                                       .body = "",
                                                       .timestamp = kTimestamp,
                                                       .nonce = kNonce});
  ASSERT_TRUE(header.ok()) << header.error().message;
  EXPECT_EQ(
      *header,
      "WECHATPAY2-SHA256-RSA2048 mchid=\"1900007291\",nonce_str=\"593BEC0C930BF1AFEB40B4A08C8FB242\","
      "signature=\"Lc9VXxmeonkdV8Xk9tmigQFLhl0vRWTerdmoRu01aAnYwIrD/5nsSwE1WlmZGLRlAFTNQ3QsMa0+VRDlJp1Wp5p0nO8EK68b5sJB"
      "bjouxaFciIfq1zfDWWz+jqhcMoKXI1A6dPm1AW7D4d30WsMTNzp6g23OXakIsh9LO3lUmwvTuE0BY8ncf6tNGk4wKmvXwERd/ZpoQY3MAVKz+"
      "Nakwc+2XBmzT66KcUehU5kr4IvGa/lEU5RZb/q00zP9VLdBhC/jQSX3X1UcJLCtEc4gTmib4tnmAT+bHF/e17ZAuxDNcx6rqT8gNEXqaJGG+"
      "1OflMSTU2tpyG65G4dMKdFcoA==\",timestamp=\"1554208460\",serial_no=\"408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB\"");
}

// Official vector 2: the body is signed byte for byte, UTF-8 included.
TEST(WechatSigning, PostRequestMatchesTheOfficialVector) {
  const std::string body =
      R"({"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"Image形象店-深圳腾大-QQ公仔",)"
      R"("out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php",)"
      R"("amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}})";
  const auto header = authorization(official_merchant(), RequestToSign{.method = "POST",
                                                                       .path_with_query = "/v3/pay/transactions/jsapi",
                                                                       .body = body,
                                                                       .timestamp = kTimestamp,
                                                                       .nonce = kNonce});
  ASSERT_TRUE(header.ok()) << header.error().message;
  EXPECT_NE(
      header->find("signature=\"jnks4dlrPw3ZX+ozVvSK39oa0t7OMBsg83BHAwd8BRdUFiVaQNTLTvci+wURgP1OQBbKYhFGvt7iqYpDSTQkp"
                   "7Uq1sltaQKyncCyrA1g88m5bsKERQfPyT0ahSwKTYJ1CAn9QiJuSJRq1QsQs07eehbU/k9BCS51jTyc1Jpsi2H77HF9f/"
                   "BnjXAOP3/sPObg6V5Ee4EzwLox684hhuMuIwHo7D8KFk3LIHOKDcNI4It1aCXydFWNpNK+SG86VUDe5kwoDpw4Ulqfu9z8OFD"
                   "GbDs9TCxEv8iqQzbpxOlEVoOe2kalSYM5kApQb3nZcxdUtoE0liJGW3RGUNE0t4v01A==\""),
      std::string::npos)
      << *header;
}

TEST(WechatSigning, AnUnusableMerchantKeyIsAnError) {
  auto settings = official_merchant();
  settings.merchant_private_key_pem = "not a key";
  EXPECT_FALSE(authorization(settings, RequestToSign{.method = "GET", .path_with_query = "/", .nonce = "n"}).ok());
}

TEST(WechatSigning, PathOfUrlKeepsQueryAndPrefix) {
  EXPECT_EQ(path_of_url("https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/o1?mchid=19"),
            "/v3/pay/transactions/out-trade-no/o1?mchid=19");
  EXPECT_EQ(path_of_url("http://127.0.0.1:8080/sim/wechat/v3/x"), "/sim/wechat/v3/x");
  EXPECT_EQ(path_of_url("https://host"), "/");
}

struct PlatformKeys {
  crypto::KeyPair key = crypto::generate_rsa_key_pair(2048);
  crypto::KeyPair other = crypto::generate_rsa_key_pair(2048);
};

const PlatformKeys& platform_keys() {
  static const PlatformKeys k;
  return k;
}

class WechatVerify : public ::testing::Test {
 protected:
  WechatVerify() {
    settings.platform_public_key_id = "PUB_KEY_ID_0112";
    settings.platform_public_key_pem = platform_keys().key.public_pem;
    settings.platform_certificates_by_serial["5157F09EFDC096DE15EBE81A47057A7232F1B8E1"] =
        crypto::self_signed_certificate_pem(platform_keys().key, "Tenpay", "5157F09EFDC096DE15EBE81A47057A7232F1B8E1");
  }

  static std::string sign(const crypto::KeyPair& key, std::string_view timestamp, std::string_view body) {
    return *crypto::rsa_sha256_sign_base64(key.private_pem, response_message(timestamp, "nonce-1", body));
  }

  core::Status check(std::string_view serial, std::string_view timestamp, std::string_view signature,
                     std::string_view body, std::int64_t now = 1767268800) {
    return verify_signed(settings,
                         SignedBy{.timestamp = timestamp, .nonce = "nonce-1", .signature = signature, .serial = serial},
                         body, now);
  }

  WechatSettings settings;
  std::string body = R"({"code_url":"weixin://wxpay/bizpayurl?pr=abc"})";
};

TEST_F(WechatVerify, AcceptsThePublicKeyAndTheCertificateModes) {
  const auto signature = sign(platform_keys().key, "1767268800", body);
  EXPECT_TRUE(check("PUB_KEY_ID_0112", "1767268800", signature, body).ok());
  EXPECT_TRUE(check("5157F09EFDC096DE15EBE81A47057A7232F1B8E1", "1767268800", signature, body).ok());
}

TEST_F(WechatVerify, RefusesForgedTamperedStaleAndUnknown) {
  const auto expect_refused = [](const core::Status& status) {
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code, "INVALID_SIGNATURE");
    EXPECT_EQ(status.error().kind, core::ErrorKind::unauthorized);
  };
  const auto signature = sign(platform_keys().key, "1767268800", body);
  expect_refused(
      check("PUB_KEY_ID_0112", "1767268800", sign(platform_keys().other, "1767268800", body), body));  // wrong key
  expect_refused(check("PUB_KEY_ID_0112", "1767268800", signature, body + " "));                       // tampered
  expect_refused(check("PUB_KEY_ID_0112", "1767268801", signature, body));   // timestamp changed
  expect_refused(check("PUB_KEY_ID_9999", "1767268800", signature, body));   // another key id
  expect_refused(check("0000", "1767268800", signature, body));              // unknown certificate
  expect_refused(check("", "1767268800", signature, body));                  // no serial
  expect_refused(check("PUB_KEY_ID_0112", "", signature, body));             // no timestamp
  expect_refused(check("PUB_KEY_ID_0112", "1767268800x", signature, body));  // not a number
  expect_refused(check("PUB_KEY_ID_0112", "1767268800", "", body));          // no signature
  expect_refused(check("PUB_KEY_ID_0112", "1767268800", "!!!", body));       // not base64
}

TEST_F(WechatVerify, AllowsFiveMinutesOfClockDifferenceAndNoMore) {
  const auto signature = sign(platform_keys().key, "1767268800", body);
  EXPECT_TRUE(check("PUB_KEY_ID_0112", "1767268800", signature, body, 1767268800 + 300).ok());
  EXPECT_TRUE(check("PUB_KEY_ID_0112", "1767268800", signature, body, 1767268800 - 300).ok());
  EXPECT_FALSE(check("PUB_KEY_ID_0112", "1767268800", signature, body, 1767268800 + 301).ok());
  EXPECT_FALSE(check("PUB_KEY_ID_0112", "1767268800", signature, body, 1767268800 - 301).ok());
}

}  // namespace
}  // namespace portal::payments::wechat
