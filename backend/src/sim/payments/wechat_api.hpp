#pragma once
// The stand-in for WeChat Pay API v3, Native pay (reference/protocols.md 5b), under
// <base>/dev/payments/wechat/v3/...: every call must carry a WECHATPAY2-SHA256-RSA2048 Authorization
// signed with the merchant's API key (401 SIGN_ERROR otherwise), and every answer is signed with the
// platform key (Wechatpay-* headers), as the real API does. After the buyer pays it posts a
// TRANSACTION.SUCCESS notification whose resource is AES-256-GCM encrypted with the APIv3 key, until
// the portal answers 200 or 204. Like WeChat, it notifies successes only: a failed or abandoned
// payment is seen by querying.

#include "core/clock.hpp"
#include "http/message.hpp"
#include "integrations/payments/crypto.hpp"
#include "sim/payments/notifier.hpp"
#include "sim/payments/payment_ledger.hpp"
#include "sim/payments/sandbox_settings.hpp"

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::payments {

inline constexpr std::string_view kWechatPrefix = "/dev/payments/wechat";
// How long a refund stays PROCESSING before its query says SUCCESS.
inline constexpr std::int64_t kRefundProcessingSeconds = 2;

std::string wechat_state_name(const SandboxPayment& payment);  // NOTPAY / SUCCESS / CLOSED / PAYERROR / REFUND
// `ts\nnonce\nbody\n`: what Wechatpay-Signature signs on answers and notifications.
std::string wechat_answer_message(std::string_view timestamp, std::string_view nonce, std::string_view body);

class WechatApi {
 public:
  WechatApi(WechatSandboxAccount account, portal::payments::crypto::KeyPair platform_keys, PaymentLedger& ledger,
            Notifier& notifier, core::UnixClock now);

  http::Response create_native(const http::Request& request);
  http::Response query(const http::Request& request);  // {outTradeNo}
  http::Response close(const http::Request& request);  // {outTradeNo}
  http::Response refund(const http::Request& request);
  http::Response query_refund(const http::Request& request);  // {outRefundNo}

  void notify(const SandboxPayment& payment);
  // The buyer "scanned" the code: the payment whose code_url carries `code_token`.
  std::optional<SandboxPayment> scanned(const std::string& code_token);
  const WechatSandboxAccount& account() const { return account_; }

 private:
  // nullopt when the Authorization verifies; else the 401 to send.
  std::optional<http::Response> refuse_signature(const http::Request& request) const;
  http::Response answer(int status, std::string body) const;
  http::Response error(int status, std::string_view code, std::string_view message) const;
  boost::json::object transaction_of(const SandboxPayment& payment) const;
  std::optional<SandboxPayment> current(const std::string& order_id);

  WechatSandboxAccount account_;
  portal::payments::crypto::KeyPair platform_keys_;
  PaymentLedger& ledger_;
  Notifier& notifier_;
  core::UnixClock now_;
};

}  // namespace portal::sim::payments
