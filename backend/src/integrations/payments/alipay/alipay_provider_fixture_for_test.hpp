#pragma once
// What the Alipay adapter's tests share: the keys (made once per test program), the adapter's settings,
// a signed notification and a signed gateway answer, and reading back what the adapter sent.

#include "integrations/payments/alipay/alipay_provider.hpp"

#include "http/form_body.hpp"
#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/crypto_vectors_for_test.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::payments::alipay::alipay_test {

using integrations::test::FakeHttpClient;

inline constexpr std::int64_t kNow = 1'800'000'000;  // 2027-01-15 16:00:00 GMT+8
inline constexpr std::string_view kGateway = "https://alipay.test/gateway.do";

// Our app's key and "Alipay's" key, made once for the file (generation is the slow part).
inline const crypto::KeyPair& app_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(2048);
  return keys;
}
inline const crypto::KeyPair& alipay_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(2048);
  return keys;
}
inline const crypto::KeyPair& stranger_keys() {
  static const auto keys = crypto::generate_rsa_key_pair(1024);
  return keys;
}

inline AlipaySettings settings() {
  return AlipaySettings{.app_id = "2021000000000000",
                        .gateway_url = std::string(kGateway),
                        .private_key_pem = app_keys().private_pem,
                        .alipay_public_key_pem = alipay_keys().public_pem,
                        .seller_id = "",
                        .timeout_ms = 4000};
}

inline Params decode(std::string_view encoded) {
  auto fields = http::parse_form_body(encoded, http::FormLimits{.max_fields = 64, .max_value_bytes = 16384});
  EXPECT_TRUE(fields.ok());
  Params params;
  if (fields) {
    for (auto& [name, value] : *fields) params.emplace(name, value);
  }
  return params;
}

// What the gateway received: URL query and form body together, as the gateway reads them.
inline Params request_params(const integrations::test::RecordedCall& call) {
  const auto question = call.url.find('?');
  Params params = decode(std::string_view(call.url).substr(question + 1));
  params.merge(decode(call.body));
  return params;
}

inline boost::json::object biz_of(const Params& params) {
  return boost::json::parse(params.at("biz_content")).as_object();
}

// A notification as Alipay posts it, signed with `signer` over the notification rules.
inline std::string notification_body(Params params, const std::string& signer) {
  params["sign"] = *crypto::rsa_sha256_sign_base64(signer, notification_sign_content(params));
  params["sign_type"] = "RSA2";
  return encode_params(params);
}

inline Params paid_notification() {
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
inline std::string answer(std::string_view node_name, std::string_view node, const std::string& signer) {
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

}  // namespace portal::payments::alipay::alipay_test
