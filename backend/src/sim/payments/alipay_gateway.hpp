#pragma once
// The stand-in for Alipay's OpenAPI 2.0 gateway (reference/protocols.md 5a): gateway.do checks the
// RSA2 signature over the sorted parameters with the merchant's public key on every call, then serves
// alipay.trade.page.pay (the browser's checkout page), alipay.trade.query, alipay.trade.close and
// alipay.trade.refund, answering with JSON signed by the stand-in's own Alipay key, exactly the shape
// the real gateway signs (`{"<method>_response":{...},"sign":"..."}`). After the buyer pays or the trade
// closes it posts Alipay's trade_status_sync form to the notify_url until the answer is "success".

#include "core/clock.hpp"
#include "http/message.hpp"
#include "integrations/payments/crypto.hpp"
#include "sim/payments/notifier.hpp"
#include "sim/payments/payment_ledger.hpp"
#include "sim/payments/sandbox_settings.hpp"

#include <boost/json/object.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::payments {

using Params = std::map<std::string, std::string, std::less<>>;

// Alipay's string-to-sign: every parameter but `excluded`, empty values dropped, sorted by key, joined
// as k=v with '&', values raw.
std::string alipay_sign_content(const Params& params, std::initializer_list<std::string_view> excluded);
std::string alipay_state_name(Stage stage);  // WAIT_BUYER_PAY / TRADE_SUCCESS / TRADE_CLOSED

class AlipayGateway {
 public:
  AlipayGateway(AlipaySandboxAccount account, portal::payments::crypto::KeyPair alipay_keys, PaymentLedger& ledger,
                Notifier& notifier, core::UnixClock now);

  // GET or POST <base>/dev/payments/alipay/gateway.do
  http::Response gateway(const http::Request& request);

  // The buyer's decision on the checkout page was applied to the ledger: notify as Alipay does.
  void notify(const SandboxPayment& payment);
  // Where the browser goes after paying: return_url with Alipay's signed synchronous parameters.
  std::string return_redirect(const SandboxPayment& payment) const;

  const AlipaySandboxAccount& account() const { return account_; }

 private:
  http::Response api_answer(std::string_view method, const boost::json::object& body, bool sign) const;
  http::Response page_pay(const Params& params, const http::Request& request);
  boost::json::object trade_query(const boost::json::object& biz);
  boost::json::object trade_close(const boost::json::object& biz);
  boost::json::object trade_refund(const boost::json::object& biz);
  boost::json::object refund_query(const boost::json::object& biz);
  std::optional<SandboxPayment> find_trade(const boost::json::object& biz);
  std::string sign(std::string_view content) const;

  AlipaySandboxAccount account_;
  portal::payments::crypto::KeyPair alipay_keys_;
  PaymentLedger& ledger_;
  Notifier& notifier_;
  core::UnixClock now_;
};

}  // namespace portal::sim::payments
