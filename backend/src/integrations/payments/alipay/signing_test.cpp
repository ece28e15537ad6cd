#include "integrations/payments/alipay/signing.hpp"

#include "integrations/payments/crypto.hpp"
#include "integrations/payments/crypto_vectors_for_test.hpp"

#include <gtest/gtest.h>

namespace portal::payments::alipay {
namespace {

// The vector's string-to-sign back as the fields Alipay posted (values as decoded by the form parser).
Params vector_params() {
  Params params;
  std::string_view rest = crypto::test::kAlipayVectorMessage;
  while (!rest.empty()) {
    const auto amp = rest.find("&", 1);
    const std::string_view pair = rest.substr(0, amp);
    const auto eq = pair.find('=');
    params.emplace(std::string(pair.substr(0, eq)), std::string(pair.substr(eq + 1)));
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
  }
  params["sign"] = std::string(crypto::test::kAlipayVectorSign);
  params["sign_type"] = "RSA2";
  return params;
}

TEST(AlipaySigning, RequestContentMatchesTheSdkExample) {
  // protocols.md 5a: what alipay-sdk 4.14.0 signs (sign left out, sign_type kept, sorted, raw values).
  const Params params{{"app_id", "2021000000000000"},
                      {"biz_content", R"({"out_trade_no":"T123","total_amount":"0.01","subject":"VIP"})"},
                      {"charset", "utf-8"},
                      {"method", "alipay.trade.precreate"},
                      {"notify_url", "https://example.com/notify"},
                      {"sign_type", "RSA2"},
                      {"timestamp", "2026-11-21 13:08:51"},
                      {"version", "1.0"},
                      {"sign", "ignored"},
                      {"return_url", ""}};  // empty: never sent, never signed
  EXPECT_EQ(request_sign_content(params),
            R"(app_id=2021000000000000&biz_content={"out_trade_no":"T123","total_amount":"0.01","subject":"VIP"})"
            "&charset=utf-8&method=alipay.trade.precreate&notify_url=https://example.com/notify&sign_type=RSA2"
            "&timestamp=2026-11-21 13:08:51&version=1.0");
}

TEST(AlipaySigning, NotificationContentIsTheOfficialVectorString) {
  EXPECT_EQ(notification_sign_content(vector_params()), crypto::test::kAlipayVectorMessage);
}

TEST(AlipaySigning, VerifiesTheOfficialNotificationVector) {
  EXPECT_TRUE(verify_notification_sign(vector_params(), crypto::test::kAlipayVectorPublicKeyBody).ok());
}

TEST(AlipaySigning, RefusesTheVectorTamperedUnsignedOrWithAnotherSignType) {
  auto tampered = vector_params();
  tampered["total_amount"] = "100.00";
  auto unsigned_params = vector_params();
  unsigned_params.erase("sign");
  auto rsa1 = vector_params();
  rsa1["sign_type"] = "RSA";
  auto extra = vector_params();
  extra["passback_params"] = "x";  // a field added on the way is not covered by the signature
  for (const auto& params : {tampered, unsigned_params, rsa1, extra}) {
    const auto verified = verify_notification_sign(params, crypto::test::kAlipayVectorPublicKeyBody);
    ASSERT_FALSE(verified.ok());
    EXPECT_EQ(verified.error().code, "INVALID_SIGNATURE");
    EXPECT_EQ(verified.error().kind, core::ErrorKind::unauthorized);
  }
  EXPECT_FALSE(verify_notification_sign(vector_params(), crypto::generate_rsa_key_pair(1024).public_pem).ok());
}

TEST(AlipaySigning, SignRequestAddsAVerifiableSign) {
  const auto keys = crypto::generate_rsa_key_pair(2048);
  Params params{{"app_id", "2021"}, {"method", "alipay.trade.query"}, {"sign_type", "RSA2"}, {"sign", "stale"}};
  ASSERT_TRUE(sign_request(params, keys.private_pem).ok());
  EXPECT_TRUE(crypto::rsa_sha256_verify_base64(keys.public_pem, "app_id=2021&method=alipay.trade.query&sign_type=RSA2",
                                               params.at("sign")));
  Params other{{"app_id", "2021"}};
  const auto refused = sign_request(other, "not a key");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "INVALID_KEY");
}

TEST(AlipaySigning, RawMemberTextIsTheValueAsSent) {
  const std::string_view json =
      R"({"alipay_trade_query_response":{"code":"10000","msg":"Success","note":"a } and a \" inside",)"
      R"("list":[{"a":1},{"b":"]"}]},"sign":"abc=="})";
  EXPECT_EQ(raw_member_text(json, "alipay_trade_query_response"),
            R"({"code":"10000","msg":"Success","note":"a } and a \" inside","list":[{"a":1},{"b":"]"}]})");
  EXPECT_EQ(raw_member_text(json, "sign"), R"("abc==")");
  EXPECT_EQ(raw_member_text(json, "code"), std::nullopt);  // only top-level members count
  EXPECT_EQ(raw_member_text(" { \"n\" : 12 , \"o\" : { } } ", "n"), "12");
  EXPECT_EQ(raw_member_text(" { \"n\" : 12 , \"o\" : { } } ", "o"), "{ }");
  EXPECT_EQ(raw_member_text(R"({"x":"alipay_trade_query_response"})", "alipay_trade_query_response"), std::nullopt);
  EXPECT_EQ(raw_member_text("[1]", "a"), std::nullopt);
  EXPECT_EQ(raw_member_text(R"({"a":{"b":1)", "a"), std::nullopt);  // unterminated
}

TEST(AlipaySigning, PercentEncodesLikeRawurlencode) {
  EXPECT_EQ(percent_encode("a-b.c_d~e"), "a-b.c_d~e");
  EXPECT_EQ(percent_encode("2026-11-21 13:08:51"), "2026-11-21%2013%3A08%3A51");
  EXPECT_EQ(percent_encode(R"({"a":"+/="})"), "%7B%22a%22%3A%22%2B%2F%3D%22%7D");
  EXPECT_EQ(percent_encode("语"), "%E8%AF%AD");
  EXPECT_EQ(encode_params(Params{{"b", "2 3"}, {"a", "1&"}}), "a=1%26&b=2%203");
}

TEST(AlipaySigning, FormatsAndParsesGmt8Time) {
  EXPECT_EQ(gmt8_time(0), "1970-01-01 08:00:00");
  EXPECT_EQ(gmt8_time(1'800'000'000), "2027-01-15 16:00:00");
  EXPECT_EQ(gmt8_time(1'565'855'784), "2019-08-15 15:56:24");  // the vector's gmt_payment
  EXPECT_EQ(parse_gmt8_time("2019-08-15 15:56:24"), 1'565'855'784);
  EXPECT_EQ(parse_gmt8_time("1970-01-01 08:00:00"), 0);
  for (std::int64_t t : {std::int64_t{951'782'400}, std::int64_t{1'709'164'799}, std::int64_t{4'102'444'800}}) {
    EXPECT_EQ(parse_gmt8_time(gmt8_time(t)), t);
  }
  EXPECT_EQ(parse_gmt8_time("2019-02-30 00:00:00"), std::nullopt);
  EXPECT_EQ(parse_gmt8_time("2019-08-15T15:56:24"), std::nullopt);
  EXPECT_EQ(parse_gmt8_time("2019-08-15 24:00:00"), std::nullopt);
  EXPECT_EQ(parse_gmt8_time("2019-08-15 15:56"), std::nullopt);
  EXPECT_EQ(parse_gmt8_time(""), std::nullopt);
}

TEST(AlipaySigning, YuanTextHasTwoDecimals) {
  EXPECT_EQ(yuan_text(8888), "88.88");
  EXPECT_EQ(yuan_text(1), "0.01");
  EXPECT_EQ(yuan_text(10), "0.10");
  EXPECT_EQ(yuan_text(3000), "30.00");
  EXPECT_EQ(yuan_text(0), "0.00");
}

TEST(AlipaySigning, ParsesYuanStrictly) {
  EXPECT_EQ(parse_yuan("88.88"), 8888);
  EXPECT_EQ(parse_yuan("0.10"), 10);
  EXPECT_EQ(parse_yuan("0.1"), 10);
  EXPECT_EQ(parse_yuan("30"), 3000);
  for (std::string_view bad :
       {"", ".5", "1.", "1.234", "-1.00", "+1", "1e2", "1,00", " 1.00", "1.0a", "9999999999999999.00"}) {
    EXPECT_EQ(parse_yuan(bad), std::nullopt) << bad;
  }
}

}  // namespace
}  // namespace portal::payments::alipay
