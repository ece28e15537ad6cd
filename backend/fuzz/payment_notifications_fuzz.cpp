// What arrives at /api/payment/notify/{provider} before anything is trusted: an Alipay form (parsed,
// its sign content built, its RSA2 signature checked against a key), WeChat Pay's AES-256-GCM resource
// and the transaction or refund inside it, PayPal's webhook event and order; amounts and times.
#include "http/form_body.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/paypal/resources.hpp"
#include "integrations/payments/wechat/transaction.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// Any RSA public key will do: no fuzzed input may verify against it.
constexpr std::string_view kPublicKey = R"(-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0HZ/71AKD0NFO6X+Ni5U
QYnu+GFST2HlZVhjnIrkSLEelM7rJOqgF5I/F7oYIG7krurEPvDnZdKfZtp8RwbV
iFvn+GC6MCGbpxklfkzuF9LyFcYTImOM+vXE2yqjTAV4MA/yY+kW+8D2jAvyXkbH
amS5VYZJC2Ie1+oAi3TBRpqUFiybBXYjiGah4rt7Q1Q+5nQ6J7ysKwoKtXWXKJ2B
Jz1KZ65DQ48fcMCd33tO0A4o+QHu3qQE2K2SKRAioznMrmeRgPhFIg19D7ckcz3l
2BhICbkAjR/h9S5cdzfuT5yZ7Hw56X6t+nwYASwwgwTeb0d0wlWg/ecHtV9Djiyp
bQIDAQAB
-----END PUBLIC KEY-----)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  using namespace portal::payments;
  if (auto fields = portal::http::parse_form_body(input)) {
    alipay::Params params(fields->begin(), fields->end());
    if (alipay::verify_notification_sign(params, kPublicKey)) __builtin_trap();  // nothing forged verifies
    (void)alipay::parse_yuan(input);
    (void)alipay::parse_gmt8_time(input);
  }
  (void)alipay::raw_member_text(input, "alipay_trade_query_response");
  const std::string_view key = "0123456789abcdef0123456789abcdef";
  if (crypto::aes256gcm_decrypt(key, input.substr(0, 12), "transaction", input)) __builtin_trap();
  (void)wechat::read_transaction(input);
  (void)wechat::read_refund(input);
  (void)paypal::read_event(input);
  (void)paypal::read_order(input);
  (void)paypal::minor_units(input, "USD");
  return 0;
}
