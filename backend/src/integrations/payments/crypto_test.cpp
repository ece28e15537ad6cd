#include "integrations/payments/crypto.hpp"

#include "integrations/payments/crypto_vectors_for_test.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::payments::crypto {
namespace {

using namespace test;

// One key pair for the whole file: RSA generation is the slow part of these tests.
const KeyPair& test_keys() {
  static const KeyPair keys = generate_rsa_key_pair(2048);
  return keys;
}

std::string pem_wrap(std::string_view body, std::string_view label) {
  std::string out = "-----BEGIN " + std::string(label) + "-----\n";
  for (std::size_t i = 0; i < body.size(); i += 64) out += std::string(body.substr(i, 64)) + "\n";
  return out + "-----END " + std::string(label) + "-----\n";
}

// The base64 body of the first PEM block in `pem` (what Alipay's console shows).
std::string pem_body(std::string_view pem) {
  std::string body;
  const auto start = pem.find('\n') + 1;
  const auto end = pem.find("-----END");
  for (char c : pem.substr(start, end - start)) {
    if (c != '\n') body.push_back(c);
  }
  return body;
}

// --- base64 ---

TEST(PaymentsBase64, EncodesRfc4648Vectors) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("foob"), "Zm9vYg==");
  EXPECT_EQ(base64_encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_encode(std::string("\xff\xfe\x00", 3)), "//4A");
}

TEST(PaymentsBase64, DecodesWithAndWithoutPadding) {
  EXPECT_EQ(base64_decode("Zm9vYg=="), "foob");
  EXPECT_EQ(base64_decode("Zm9vYg"), "foob");
  EXPECT_EQ(base64_decode("Zm9vYmE="), "fooba");
  EXPECT_EQ(base64_decode("Zm9vYmFy"), "foobar");
  EXPECT_EQ(base64_decode(""), "");
  EXPECT_EQ(base64_decode("//4A"), std::string("\xff\xfe\x00", 3));
}

TEST(PaymentsBase64, RefusesMalformedText) {
  EXPECT_FALSE(base64_decode("Zm9v YmFy"));  // whitespace
  EXPECT_FALSE(base64_decode("Zm9v-mFy"));   // URL-safe alphabet
  EXPECT_FALSE(base64_decode("Zm9vY"));      // a lone 6-bit group
  EXPECT_FALSE(base64_decode("Zm9vYg="));    // wrong padding length
  EXPECT_FALSE(base64_decode("Zm9v="));      // padding where none belongs
  EXPECT_FALSE(base64_decode("Zm9vYh=="));   // non-zero leftover bits
  EXPECT_FALSE(base64_decode("Zg==Zg=="));   // padding in the middle
}

TEST(PaymentsBase64, RoundTripsEveryByte) {
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  for (std::size_t n = 0; n < 8; ++n) {
    const std::string part = all.substr(0, all.size() - n);
    EXPECT_EQ(base64_decode(base64_encode(part)), part);
  }
}

// --- RSA-SHA256: official vectors ---

TEST(PaymentsRsa, VerifiesTheAlipayNotifyVectorWithTheBareKeyBody) {
  EXPECT_TRUE(rsa_sha256_verify_base64(kAlipayVectorPublicKeyBody, kAlipayVectorMessage, kAlipayVectorSign));
}

TEST(PaymentsRsa, VerifiesTheAlipayNotifyVectorWithThePemKey) {
  EXPECT_TRUE(rsa_sha256_verify_base64(pem_wrap(kAlipayVectorPublicKeyBody, "PUBLIC KEY"), kAlipayVectorMessage,
                                       kAlipayVectorSign));
}

TEST(PaymentsRsa, RefusesTheAlipayVectorWithSignTypeIncluded) {
  std::string with_sign_type(kAlipayVectorMessage);
  const auto at = with_sign_type.find("&subject=");
  ASSERT_NE(at, std::string::npos);
  with_sign_type.insert(at, "&sign_type=RSA2");  // sorted: seller_id < sign_type < subject
  EXPECT_FALSE(rsa_sha256_verify_base64(kAlipayVectorPublicKeyBody, with_sign_type, kAlipayVectorSign));
}

TEST(PaymentsRsa, RefusesTheAlipayVectorTampered) {
  std::string tampered(kAlipayVectorMessage);
  tampered.replace(tampered.find("total_amount=0.10"), 17, "total_amount=0.01");
  EXPECT_FALSE(rsa_sha256_verify_base64(kAlipayVectorPublicKeyBody, tampered, kAlipayVectorSign));
  std::string bad_sign(kAlipayVectorSign);
  bad_sign[10] = bad_sign[10] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(rsa_sha256_verify_base64(kAlipayVectorPublicKeyBody, kAlipayVectorMessage, bad_sign));
  EXPECT_FALSE(rsa_sha256_verify_base64(kAlipayVectorPublicKeyBody, kAlipayVectorMessage, "not base64!"));
  EXPECT_FALSE(rsa_sha256_verify_base64(test_keys().public_pem, kAlipayVectorMessage, kAlipayVectorSign));
}

TEST(PaymentsRsa, SignsTheWechatGetVector) {
  const auto signature = rsa_sha256_sign_base64(
      kWechatVectorPrivateKeyPem,
      "GET\n/v3/refund/domestic/refunds/123123123123\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n");
  ASSERT_TRUE(signature.ok()) << signature.error().message;
  EXPECT_EQ(
      *signature,
      "Lc9VXxmeonkdV8Xk9tmigQFLhl0vRWTerdmoRu01aAnYwIrD/5nsSwE1WlmZGLRlAFTNQ3QsMa0+VRDlJp1Wp5p0nO8EK68b5sJBbjouxaF"
      "ciIfq1zfDWWz+jqhcMoKXI1A6dPm1AW7D4d30WsMTNzp6g23OXakIsh9LO3lUmwvTuE0BY8ncf6tNGk4wKmvXwERd/ZpoQY3MAVKz+Nakwc"
      "+2XBmzT66KcUehU5kr4IvGa/lEU5RZb/q00zP9VLdBhC/jQSX3X1UcJLCtEc4gTmib4tnmAT+bHF/e17ZAuxDNcx6rqT8gNEXqaJGG+1Ofl"
      "MSTU2tpyG65G4dMKdFcoA==");
}

TEST(PaymentsRsa, SignsTheWechatPostVector) {
  const auto signature = rsa_sha256_sign_base64(
      kWechatVectorPrivateKeyPem,
      "POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n"
      R"({"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"Image形象店-深圳腾大-QQ公仔",)"
      R"("out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php",)"
      R"("amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}})"
      "\n");
  ASSERT_TRUE(signature.ok()) << signature.error().message;
  EXPECT_EQ(
      *signature,
      "jnks4dlrPw3ZX+ozVvSK39oa0t7OMBsg83BHAwd8BRdUFiVaQNTLTvci+wURgP1OQBbKYhFGvt7iqYpDSTQkp7Uq1sltaQKyncCyrA1g88m"
      "5bsKERQfPyT0ahSwKTYJ1CAn9QiJuSJRq1QsQs07eehbU/k9BCS51jTyc1Jpsi2H77HF9f/BnjXAOP3/sPObg6V5Ee4EzwLox684hhuMuIw"
      "Ho7D8KFk3LIHOKDcNI4It1aCXydFWNpNK+SG86VUDe5kwoDpw4Ulqfu9z8OFDGbDs9TCxEv8iqQzbpxOlEVoOe2kalSYM5kApQb3nZcxdUt"
      "oE0liJGW3RGUNE0t4v01A==");
}

TEST(PaymentsRsa, SignsAndVerifiesWithPkcs1Keys) {
  constexpr std::string_view kMessage =
      "GET\n/v3/refund/domestic/refunds/123123123123\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n";
  const auto pkcs8 = rsa_sha256_sign_base64(kWechatVectorPrivateKeyPem, kMessage);
  const auto pkcs1 = rsa_sha256_sign_base64(kWechatVectorPrivateKeyPkcs1Pem, kMessage);
  ASSERT_TRUE(pkcs8.ok());
  ASSERT_TRUE(pkcs1.ok()) << pkcs1.error().message;
  EXPECT_EQ(*pkcs1, *pkcs8);
  EXPECT_TRUE(rsa_sha256_verify_base64(kWechatVectorPublicKeyPkcs1Pem, kMessage, *pkcs1));
  EXPECT_FALSE(rsa_sha256_verify_base64(kWechatVectorPublicKeyPkcs1Pem, "GET\n", *pkcs1));
}

// --- RSA-SHA256: round trips, key formats, tampering ---

TEST(PaymentsRsa, GeneratedKeysAreTheDocumentedPemKinds) {
  EXPECT_EQ(test_keys().private_pem.rfind("-----BEGIN PRIVATE KEY-----", 0), 0U);
  EXPECT_EQ(test_keys().public_pem.rfind("-----BEGIN PUBLIC KEY-----", 0), 0U);
  EXPECT_NE(generate_rsa_key_pair(1024).public_pem, test_keys().public_pem);
}

TEST(PaymentsRsa, SignsAndVerifiesRoundTrip) {
  const auto signature = rsa_sha256_sign_base64(test_keys().private_pem, "hello 世界");
  ASSERT_TRUE(signature.ok());
  EXPECT_TRUE(rsa_sha256_verify_base64(test_keys().public_pem, "hello 世界", *signature));
  EXPECT_FALSE(rsa_sha256_verify_base64(test_keys().public_pem, "hello 世界!", *signature));
  EXPECT_FALSE(rsa_sha256_verify_base64(generate_rsa_key_pair(1024).public_pem, "hello 世界", *signature));
}

TEST(PaymentsRsa, AcceptsBareBase64KeyBodiesOnBothSides) {
  const auto signature = rsa_sha256_sign_base64(pem_body(test_keys().private_pem), "m");
  ASSERT_TRUE(signature.ok()) << signature.error().message;
  EXPECT_TRUE(rsa_sha256_verify_base64(pem_body(test_keys().public_pem), "m", *signature));
}

TEST(PaymentsRsa, AcceptsThePublicKeyOfACertificate) {
  const std::string certificate = self_signed_certificate_pem(test_keys(), "PayPal stand-in", "1A2B3C");
  EXPECT_EQ(certificate.rfind("-----BEGIN CERTIFICATE-----", 0), 0U);
  const auto signature = rsa_sha256_sign_base64(test_keys().private_pem, "webhook");
  ASSERT_TRUE(signature.ok());
  EXPECT_TRUE(rsa_sha256_verify_base64(certificate, "webhook", *signature));
  EXPECT_FALSE(rsa_sha256_verify_base64(certificate, "webhooK", *signature));
}

TEST(PaymentsRsa, RefusesAnInvalidPrivateKey) {
  for (std::string_view bad :
       {std::string_view{""}, std::string_view{"not a key"}, std::string_view{test_keys().public_pem},
        std::string_view{"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"}}) {
    const auto signature = rsa_sha256_sign_base64(bad, "m");
    ASSERT_FALSE(signature.ok()) << bad;
    EXPECT_EQ(signature.error().code, "INVALID_KEY");
  }
}

TEST(PaymentsRsa, RefusesWithAnInvalidPublicKey) {
  const auto signature = rsa_sha256_sign_base64(test_keys().private_pem, "m");
  ASSERT_TRUE(signature.ok());
  EXPECT_FALSE(rsa_sha256_verify_base64("", "m", *signature));
  EXPECT_FALSE(rsa_sha256_verify_base64("garbage", "m", *signature));
  EXPECT_FALSE(
      rsa_sha256_verify_base64("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", "m", *signature));
  EXPECT_FALSE(rsa_sha256_verify_base64(test_keys().public_pem, "m", ""));
}

TEST(PaymentsCertificate, RefusesABadSerial) {
  EXPECT_THROW(self_signed_certificate_pem(test_keys(), "x", "not-hex"), std::invalid_argument);
  EXPECT_THROW(self_signed_certificate_pem(test_keys(), "x", ""), std::invalid_argument);
}

// --- AES-256-GCM (WeChat Pay v3 resources) ---

constexpr std::string_view kGcmKey = "0123456789abcdef0123456789abcdef";
constexpr std::string_view kGcmNonce = "abcdefghijkl";
constexpr std::string_view kGcmCiphertext =
    "Eu6k3KOMCfFZPsMoOqloD2sDgi6brE06bs5X+PBm7J0UrJbLFjGUy39Mp8hppbDlqXeQltQrAqSqjS4pyfLmKu7Jq/"
    "zIwVF6MGs2WBha1AzOxdxEm6w"
    "VOuJiRuoRjkIXna2HyJjGOW/DuwHwFO8JyymA3moZYkFKzxSnY4h8fTrhKAY9Oc9ehP5StzrONejKuNZTjqukOEmwjqi0iN04NLmrdNBDncH1njl0J"
    "BHp5UHYNnQmqLyG/X+g9IC4dYutjmMbF+B0H/I6lMCUHBHUhq4RCPfA779VU94om+362mnrZFdKMXACWkP2bRTuqu/"
    "AMA1JANrsXImj5lTbVGVt46gu"
    "yrWb/Az6SFTA9iPwwKfQqTiJu5W5wQrPxmRetqxVDLxqQeqDhnrUFCuvfVwOlgxPO9yv6Z9xYJ8RS1KcDLruTaFnOj0yVDFNCg==";
constexpr std::string_view kGcmPlaintext =
    R"({"mchid":"1900007291","appid":"wxd678efh567hg6787","out_trade_no":"1217752501201407033233368018",)"
    R"("transaction_id":"4200000000000000000000000000","trade_type":"NATIVE","trade_state":"SUCCESS",)"
    R"("success_time":"2026-01-01T12:00:00+08:00","amount":{"total":100,"payer_total":100,"currency":"CNY",)"
    R"("payer_currency":"CNY"}})";

TEST(PaymentsAesGcm, DecryptsTheVector) {
  const auto plain = aes256gcm_decrypt(kGcmKey, kGcmNonce, "transaction", kGcmCiphertext);
  ASSERT_TRUE(plain.ok()) << plain.error().message;
  EXPECT_EQ(*plain, kGcmPlaintext);
}

TEST(PaymentsAesGcm, EncryptsToTheVector) {
  // GCM is deterministic for a given key and nonce, so the inverse reproduces the vector exactly.
  EXPECT_EQ(aes256gcm_encrypt_base64(kGcmKey, kGcmNonce, "transaction", kGcmPlaintext), kGcmCiphertext);
}

TEST(PaymentsAesGcm, RefusesAFlippedCiphertextByte) {
  std::string sealed = *base64_decode(kGcmCiphertext);
  for (std::size_t at : {std::size_t{0}, sealed.size() / 2, sealed.size() - 1}) {  // data start, middle, tag
    std::string flipped = sealed;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x01);
    const auto plain = aes256gcm_decrypt(kGcmKey, kGcmNonce, "transaction", base64_encode(flipped));
    ASSERT_FALSE(plain.ok()) << at;
    EXPECT_EQ(plain.error().code, "DECRYPT_FAILED");
  }
}

TEST(PaymentsAesGcm, RefusesAnotherAadKeyOrNonce) {
  EXPECT_FALSE(aes256gcm_decrypt(kGcmKey, kGcmNonce, "", kGcmCiphertext).ok());
  EXPECT_FALSE(aes256gcm_decrypt("0123456789abcdef0123456789abcdeF", kGcmNonce, "transaction", kGcmCiphertext).ok());
  EXPECT_FALSE(aes256gcm_decrypt(kGcmKey, "abcdefghijkL", "transaction", kGcmCiphertext).ok());
}

TEST(PaymentsAesGcm, RefusesMalformedInput) {
  EXPECT_FALSE(aes256gcm_decrypt("short", kGcmNonce, "transaction", kGcmCiphertext).ok());
  EXPECT_FALSE(aes256gcm_decrypt(kGcmKey, "", "transaction", kGcmCiphertext).ok());
  EXPECT_FALSE(aes256gcm_decrypt(kGcmKey, kGcmNonce, "transaction", "not base64!").ok());
  EXPECT_FALSE(aes256gcm_decrypt(kGcmKey, kGcmNonce, "transaction", base64_encode("too short")).ok());
}

TEST(PaymentsAesGcm, RoundTripsIncludingEmptyTextAndAad) {
  for (std::string_view text : {std::string_view{""}, std::string_view{"x"}, kGcmPlaintext}) {
    for (std::string_view aad : {std::string_view{""}, std::string_view{"certificate"}}) {
      const std::string sealed = aes256gcm_encrypt_base64(kGcmKey, "0123456789ab", aad, text);
      const auto plain = aes256gcm_decrypt(kGcmKey, "0123456789ab", aad, sealed);
      ASSERT_TRUE(plain.ok());
      EXPECT_EQ(*plain, text);
    }
  }
  EXPECT_THROW(aes256gcm_encrypt_base64("short", kGcmNonce, "", "x"), std::invalid_argument);
}

// --- CRC-32 (PayPal webhook signature string) ---

TEST(PaymentsCrc32, MatchesThePaypalVector) {
  EXPECT_EQ(crc32(R"({"id":"WH-TEST","event_type":"PAYMENT.CAPTURE.COMPLETED"})"), 3391999205U);
  EXPECT_EQ(std::to_string(crc32(R"({"id":"WH-TEST","event_type":"PAYMENT.CAPTURE.COMPLETED"})")), "3391999205");
  EXPECT_EQ(crc32("hello world"), 222957957U);
  EXPECT_EQ(crc32("123456789"), 0xCBF43926U);  // the CRC-32/ISO-HDLC check value
  EXPECT_EQ(crc32(""), 0U);
}

}  // namespace
}  // namespace portal::payments::crypto
