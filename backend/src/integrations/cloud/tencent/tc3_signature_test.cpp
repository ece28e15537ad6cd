#include "integrations/cloud/tencent/tc3_signature.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "integrations/cloud/tencent/digest.hpp"
#include "integrations/cloud/tencent/signing_vectors_for_test.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace portal::cloud::tencent {
namespace {

Tc3Request official_request() {
  return Tc3Request{.method = "POST",
                    .host = std::string(test::kTc3Host),
                    .content_type = "application/json; charset=utf-8",
                    .canonical_query = "",
                    .payload = std::string(test::kTc3Payload),
                    .service = "cvm",
                    .timestamp = test::kTc3Timestamp};
}

// The signing chain of protocols.md 6.1 step 3 for a given date, written out in the test.
std::string signature_for_date(std::string_view date, std::string_view string_to_sign) {
  const auto secret_date = hmac_sha256("TC3" + std::string(test::kTc3SecretKey), date);
  const auto secret_service = hmac_sha256(secret_date, "cvm");
  const auto secret_signing = hmac_sha256(secret_service, "tc3_request");
  return lower_hex(hmac_sha256(secret_signing, string_to_sign));
}

TEST(Tc3Signature, DateIsTheUtcDayOfTheTimestamp) {
  EXPECT_EQ(tc3_date(test::kTc3Timestamp), "2019-02-25");
  EXPECT_EQ(tc3_date(0), "1970-01-01");
  EXPECT_EQ(tc3_date(1551139199), "2019-02-25");  // 23:59:59 UTC
  EXPECT_EQ(tc3_date(1551139200), "2019-02-26");
  EXPECT_EQ(tc3_date(1709164800), "2024-02-29");  // leap day
}

TEST(Tc3Signature, HashedPayloadAndCanonicalRequestAreTheOfficialOnes) {
  const auto canonical = tc3_canonical_request(official_request());
  EXPECT_EQ(core::sha256_hex(test::kTc3Payload), test::kTc3HashedPayload);
  EXPECT_EQ(canonical, test::kTc3CanonicalRequest);
  EXPECT_EQ(core::sha256_hex(canonical), test::kTc3HashedCanonicalRequest);
}

TEST(Tc3Signature, StringToSignIsTheOfficialOne) {
  EXPECT_EQ(tc3_string_to_sign(official_request()), test::kTc3StringToSign);
}

TEST(Tc3Signature, DerivedKeysAreTheOnesComputedFromTheExample) {
  const auto secret_date = hmac_sha256("TC3" + std::string(test::kTc3SecretKey), "2019-02-25");
  const auto secret_service = hmac_sha256(secret_date, "cvm");
  const auto secret_signing = hmac_sha256(secret_service, "tc3_request");
  EXPECT_EQ(lower_hex(secret_date), "d1308c81fe71cfd4e06437bbc067b2b8a3d2d8c0e375d547f15c41d5214b395a");
  EXPECT_EQ(lower_hex(secret_service), "3c7cb7c7795393edc14fd2e0e6434a518564b4504b88e94f5d11bf59ba3e7050");
  EXPECT_EQ(lower_hex(secret_signing), "ac658d5dde49e9bfdd14e04e062f66b05d9f637d44b8a8d845327d4a77f666b1");
}

TEST(Tc3Signature, SignatureAndAuthorizationAreTheOfficialOnes) {
  EXPECT_EQ(tc3_signature(test::kTc3SecretKey, official_request()), test::kTc3Signature);
  EXPECT_EQ(tc3_authorization(test::kTc3SecretId, test::kTc3SecretKey, official_request()), test::kTc3Authorization);
}

TEST(Tc3Signature, ADateTakenInUtcPlus8GivesAnotherSignature) {
  // At 16:44 UTC it is already the next day in Beijing: the trap Tencent's documentation warns about.
  ASSERT_EQ(core::business_date(test::kTc3Timestamp), "2019-02-26");
  std::string local_string_to_sign(test::kTc3StringToSign);
  local_string_to_sign.replace(local_string_to_sign.find("2019-02-25"), 10, "2019-02-26");
  const auto local_signature = signature_for_date("2019-02-26", local_string_to_sign);
  EXPECT_NE(local_signature, test::kTc3Signature);
  EXPECT_EQ(signature_for_date("2019-02-25", test::kTc3StringToSign), test::kTc3Signature);
  EXPECT_EQ(tc3_signature(test::kTc3SecretKey, official_request()), test::kTc3Signature);
}

TEST(Tc3Signature, EveryInputChangesTheSignature) {
  const auto official = tc3_signature(test::kTc3SecretKey, official_request());
  auto charset_dropped = official_request();
  charset_dropped.content_type = "application/json";  // what a client that rewrites the header would send
  auto other_host = official_request();
  other_host.host = "127.0.0.1:8080";
  auto other_body = official_request();
  other_body.payload += " ";
  auto one_second_later = official_request();
  one_second_later.timestamp += 1;
  auto other_service = official_request();
  other_service.service = "cbs";
  for (const auto& changed : {charset_dropped, other_host, other_body, one_second_later, other_service}) {
    EXPECT_NE(tc3_signature(test::kTc3SecretKey, changed), official);
  }
  EXPECT_NE(tc3_signature("another key", official_request()), official);
}

TEST(Tc3Signature, HostWithPortIsSignedAsSent) {
  auto request = official_request();
  request.host = "127.0.0.1:18080";
  EXPECT_NE(tc3_canonical_request(request).find("\nhost:127.0.0.1:18080\n"), std::string::npos);
}

TEST(Tc3Signature, ParsesTheOfficialAuthorization) {
  const auto parsed = parse_tc3_authorization(test::kTc3Authorization);
  EXPECT_EQ(parsed.secret_id, test::kTc3SecretId);
  EXPECT_EQ(parsed.date, "2019-02-25");
  EXPECT_EQ(parsed.service, "cvm");
  EXPECT_EQ(parsed.signed_headers, "content-type;host");
  EXPECT_EQ(parsed.signature, test::kTc3Signature);
}

TEST(Tc3Signature, AuthorizationRoundTrips) {
  auto request = official_request();
  request.host = "127.0.0.1:18080";
  request.timestamp = 1'800'000'000;
  const auto parsed = parse_tc3_authorization(tc3_authorization("AKIDlocal", "local-key", request));
  EXPECT_EQ(parsed.secret_id, "AKIDlocal");
  EXPECT_EQ(parsed.date, tc3_date(1'800'000'000));
  EXPECT_EQ(parsed.service, "cvm");
  EXPECT_EQ(parsed.signed_headers, "content-type;host");
  EXPECT_EQ(parsed.signature, tc3_signature("local-key", request));
}

TEST(Tc3Signature, GarbageParsesToEmptyFields) {
  const std::string signature(test::kTc3Signature);
  const std::vector<std::string> headers{
      std::string{},
      std::string{"TC3-HMAC-SHA256"},
      std::string{"Bearer abc"},
      "TC3-HMAC-SHA1 Credential=a/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/tc3_request, SignedHeaders=host",
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/tc3_request, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/other, SignedHeaders=host, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm, SignedHeaders=host, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/x/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/tc3_request,SignedHeaders=host,Signature=" + signature,
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=",
      "TC3-HMAC-SHA256 Credential=a/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=ab, extra=1",
  };
  for (const auto& header : headers) {
    const auto parsed = parse_tc3_authorization(header);
    EXPECT_TRUE(parsed.secret_id.empty() && parsed.date.empty() && parsed.service.empty() &&
                parsed.signed_headers.empty() && parsed.signature.empty())
        << header;
  }
}

}  // namespace
}  // namespace portal::cloud::tencent
