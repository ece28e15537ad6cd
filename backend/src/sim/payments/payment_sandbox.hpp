#pragma once
// Demo mode and tests: the local stand-ins for Alipay, WeChat Pay v3 and PayPal in one object. It
// generates every key at start (the merchant's and each provider's), hands the real adapters their
// settings pointing at /dev/payments/..., and registers the stand-ins' routes:
//   /dev/payments/alipay/gateway.do                          GET|POST: page pay (checkout page),
//   trade.query/close/refund /dev/payments/wechat/v3/pay/transactions/native          POST
//   /dev/payments/wechat/v3/pay/transactions/out-trade-no/{outTradeNo}        GET (query), .../close POST
//   /dev/payments/wechat/v3/refund/domestic/refunds          POST, GET .../{outRefundNo}
//   /dev/payments/wechat/pay?pr=...                          the phone that scanned the code_url (checkout page)
//   /dev/payments/paypal/v1/oauth2/token, /v2/checkout/orders[/{id}[/capture]], /v2/payments/captures/{id}/refund,
//   /dev/payments/paypal/v1/notifications/verify-webhook-signature, .../certs/{name}, /checkoutnow?token=
//   /dev/payments/checkout                                   POST: the checkout pages' Pay / Fail / Abandon
//   /api/dev/payments/{orderId}/{pay|fail|abandon}           POST: the same without a browser (scripts, tests)
// Refuses to be built unless SandboxSettings::demo_mode: whoever reaches it can mark any order paid.

#include "core/clock.hpp"
#include "core/result.hpp"
#include "http/route.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/payments/alipay/settings.hpp"
#include "integrations/payments/paypal/settings.hpp"
#include "integrations/payments/wechat/settings.hpp"
#include "sim/payments/alipay_gateway.hpp"
#include "sim/payments/notifier.hpp"
#include "sim/payments/payment_ledger.hpp"
#include "sim/payments/paypal_api.hpp"
#include "sim/payments/sandbox_settings.hpp"
#include "sim/payments/wechat_api.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace portal::sim::payments {

enum class BuyerAction { pay, fail, abandon };
std::optional<BuyerAction> buyer_action_from(std::string_view name);

class PaymentSandbox {
 public:
  // `http` sends the notifications (the portal's outbound client in demo mode; a fake in tests).
  PaymentSandbox(SandboxSettings settings, integrations::HttpClient& http, core::UnixClock now = core::system_unix_now);

  portal::payments::alipay::AlipaySettings alipay_settings() const;
  portal::payments::wechat::WechatSettings wechat_settings() const;
  portal::payments::paypal::PaypalSettings paypal_settings() const;
  const AlipaySandboxAccount& alipay_account() const { return alipay_->account(); }
  const WechatSandboxAccount& wechat_account() const { return wechat_->account(); }
  const PaypalSandboxAccount& paypal_account() const { return paypal_->account(); }

  void register_routes(http::RouteTable& routes);

  // What the checkout buttons and POST /api/dev/payments/{orderId}/{action} do to the latest payment
  // of our order id: NOT_FOUND when no provider has seen it, PAYMENT_NOT_PAYABLE (409) when it is
  // closed. Paying twice is a no-op that answers the payment as it is.
  core::Result<SandboxPayment> act(const std::string& order_id, BuyerAction action);
  // The provider's state name of a payment (TRADE_SUCCESS, NOTPAY, APPROVED...).
  static std::string state_name(const SandboxPayment& payment);
  // The checkout page of a WeChat code_url (weixin://wxpay/bizpayurl?pr=...): what "scanning" opens.
  std::string wechat_scan_url(std::string_view code_url) const;

  PaymentLedger& ledger() { return ledger_; }
  Notifier& notifier() { return *notifier_; }
  AlipayGateway& alipay() { return *alipay_; }
  WechatApi& wechat() { return *wechat_; }
  PaypalApi& paypal() { return *paypal_; }

 private:
  http::Response checkout_post(const http::Request& request);
  http::Response wechat_scan(const http::Request& request);
  http::Response paypal_approve_page(const http::Request& request);
  http::Response dev_action(const http::Request& request);

  SandboxSettings settings_;
  core::UnixClock now_;
  PaymentLedger ledger_;
  std::unique_ptr<Notifier> notifier_;
  std::unique_ptr<AlipayGateway> alipay_;
  std::unique_ptr<WechatApi> wechat_;
  std::unique_ptr<PaypalApi> paypal_;
};

}  // namespace portal::sim::payments
