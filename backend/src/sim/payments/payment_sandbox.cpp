#include "sim/payments/payment_sandbox.hpp"

#include "core/crypto.hpp"
#include "http/api_error.hpp"
#include "http/form_body.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/steam/openid.hpp"
#include "sim/payments/checkout_page.hpp"
#include "sim/payments/sandbox_identity.hpp"
#include "sim/payments/sandbox_text.hpp"

#include <stdexcept>

namespace portal::sim::payments {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;

namespace {

constexpr std::string_view kAlipayPrefix = "/dev/payments/alipay";

AlipaySandboxAccount make_alipay(const SandboxSettings& settings, const SandboxIdentity& id) {
  return {.gateway_url = settings.public_base_url + std::string(kAlipayPrefix) + "/gateway.do",
          .app_id = id.alipay_app_id,
          .seller_id = id.alipay_seller_id,
          .app_private_key_pem = id.alipay_merchant.private_pem,
          .app_public_key_pem = id.alipay_merchant.public_pem,
          .alipay_public_key_pem = id.alipay.public_pem};
}

WechatSandboxAccount make_wechat(const SandboxSettings& settings, const SandboxIdentity& id) {
  return {.base_url = settings.public_base_url + std::string(kWechatPrefix),
          .mchid = id.wechat_mchid,
          .appid = id.wechat_appid,
          .merchant_serial_no = id.wechat_merchant_serial,
          .merchant_private_key_pem = id.wechat_merchant.private_pem,
          .merchant_public_key_pem = id.wechat_merchant.public_pem,
          .api_v3_key = id.wechat_api_v3_key,
          .platform_serial_no = id.wechat_platform_serial,
          .platform_certificate_pem = id.wechat_platform_certificate,
          .platform_public_key_pem = id.wechat_platform.public_pem};
}

PaypalSandboxAccount make_paypal(const SandboxSettings& settings, const SandboxIdentity& id) {
  const auto base = settings.public_base_url + std::string(kPaypalPrefix);
  return {
      .base_url = base,
      .client_id = id.paypal_client_id,
      .client_secret = id.paypal_client_secret,
      .webhook_id = id.paypal_webhook_id,
      .webhook_url = settings.paypal_webhook_url.empty() ? settings.public_base_url + "/api/payment/notify/paypal"
                                                         : settings.paypal_webhook_url,
      .merchant_id = id.paypal_merchant_id,
      .cert_url = base + "/v1/notifications/certs/CERT-360caa42-fca2a594-" + id.paypal_certificate_serial.substr(0, 8),
      .certificate_pem = id.paypal_certificate};
}

SandboxIdentity identity_for(const SandboxSettings& settings) {
  if (settings.identity_file.empty()) return generate_sandbox_identity(settings.rsa_bits);
  return load_or_create_sandbox_identity(settings.identity_file, settings.rsa_bits);
}

SandboxSettings require_demo(SandboxSettings settings) {
  if (!settings.demo_mode) throw std::logic_error("the payment sandbox runs in demo mode only");
  while (settings.public_base_url.ends_with('/')) settings.public_base_url.pop_back();
  return settings;
}

http::Response redirect(std::string location) {
  auto response = http::empty_response(302);
  response.set_header("Location", std::move(location));
  response.set_header("Cache-Control", "no-store");
  return response;
}

std::string with_query(const std::string& url, const integrations::steam::QueryParams& params) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + integrations::steam::encode_params(params);
}

}  // namespace

std::optional<BuyerAction> buyer_action_from(std::string_view name) {
  if (name == "pay") return BuyerAction::pay;
  if (name == "fail") return BuyerAction::fail;
  if (name == "abandon") return BuyerAction::abandon;
  return std::nullopt;
}

PaymentSandbox::PaymentSandbox(SandboxSettings settings, integrations::HttpClient& http, core::UnixClock now)
    : settings_(require_demo(std::move(settings))), now_(std::move(now)) {
  notifier_ = std::make_unique<Notifier>(http, settings_);
  const SandboxIdentity id = identity_for(settings_);
  alipay_ = std::make_unique<AlipayGateway>(make_alipay(settings_, id), id.alipay, ledger_, *notifier_, now_);
  wechat_ = std::make_unique<WechatApi>(make_wechat(settings_, id), id.wechat_platform, ledger_, *notifier_, now_);
  paypal_ = std::make_unique<PaypalApi>(make_paypal(settings_, id), id.paypal, ledger_, *notifier_, now_);
}

portal::payments::alipay::AlipaySettings PaymentSandbox::alipay_settings() const {
  const auto& account = alipay_->account();
  return {.app_id = account.app_id,
          .gateway_url = account.gateway_url,
          .private_key_pem = account.app_private_key_pem,
          .alipay_public_key_pem = account.alipay_public_key_pem,
          .seller_id = account.seller_id};
}

portal::payments::wechat::WechatSettings PaymentSandbox::wechat_settings() const {
  const auto& account = wechat_->account();
  return {.base_url = account.base_url,
          .mchid = account.mchid,
          .appid = account.appid,
          .merchant_serial_no = account.merchant_serial_no,
          .merchant_private_key_pem = account.merchant_private_key_pem,
          .api_v3_key = account.api_v3_key,
          .platform_certificates_by_serial = {{account.platform_serial_no, account.platform_certificate_pem}}};
}

portal::payments::paypal::PaypalSettings PaymentSandbox::paypal_settings() const {
  const auto& account = paypal_->account();
  return {.base_url = account.base_url,
          .client_id = account.client_id,
          .client_secret = account.client_secret,
          .webhook_id = account.webhook_id,
          .merchant_id = account.merchant_id};
}

std::string PaymentSandbox::state_name(const SandboxPayment& payment) {
  switch (payment.method) {
    case Method::alipay:
      return alipay_state_name(payment.stage);
    case Method::wechat:
      return wechat_state_name(payment);
    case Method::paypal:
      break;
  }
  return paypal_order_status(payment);
}

std::string PaymentSandbox::wechat_scan_url(std::string_view code_url) const {
  const auto pr = code_url.find("pr=");
  const std::string token(pr == std::string_view::npos ? code_url : code_url.substr(pr + 3));
  return settings_.public_base_url + std::string(kWechatPrefix) +
         "/pay?pr=" + integrations::steam::percent_encode(token);
}

core::Result<SandboxPayment> PaymentSandbox::act(const std::string& order_id, BuyerAction action) {
  auto found = ledger_.latest_for_order(order_id);
  if (!found) {
    return core::Error::make(core::ErrorKind::not_found, "NOT_FOUND", "No provider has seen this order");
  }
  const auto method = found->method;
  const auto now = now_();
  ledger_.close_if_expired(method, order_id, now);
  bool not_payable = false;
  bool changed = false;
  SandboxPayment after;
  ledger_.update(
      method, order_id,
      [&](SandboxPayment& entry) {
        if (action == BuyerAction::abandon) return;  // the buyer walks away: the provider sees nothing
        if (entry.stage != Stage::open) {
          // A second press on a paid or approved payment changes nothing; a closed one cannot be paid.
          not_payable = entry.stage == Stage::closed || (entry.stage == Stage::failed && method != Method::paypal);
          return;
        }
        changed = true;
        if (method == Method::paypal) {
          entry.stage = Stage::approved;
          entry.decline_capture = action == BuyerAction::fail;
          return;
        }
        if (action == BuyerAction::pay) {
          entry.stage = Stage::paid;
          entry.paid_at = now;
          if (method == Method::wechat) entry.provider_ref = "42000" + random_digits(23);
        } else if (method == Method::alipay) {
          entry.stage = Stage::closed;  // Alipay: a failed page payment ends as TRADE_CLOSED
          entry.closed_at = now;
        } else {
          entry.stage = Stage::failed;  // WeChat: PAYERROR
        }
      },
      &after);
  if (not_payable) {
    return core::Error::make(core::ErrorKind::conflict, "PAYMENT_NOT_PAYABLE", "The payment is " + state_name(after),
                             {{"state", state_name(after)}});
  }
  if (changed) {
    switch (method) {
      case Method::alipay:
        alipay_->notify(after);
        break;
      case Method::wechat:
        wechat_->notify(after);
        break;
      case Method::paypal:
        paypal_->notify_approved(after);
        break;
    }
  }
  return after;
}

http::Response PaymentSandbox::dev_action(const http::Request& request) {
  const auto action = buyer_action_from(request.path_param("action"));
  if (!action) return http::error_response(http::errors::not_found(request.path));
  auto payment = act(std::string(request.path_param("orderId")), *action);
  if (!payment) return http::error_response(payment.error());
  json::object body{{"orderId", payment->order_id},
                    {"method", portal::payments::to_string(payment->method)},
                    {"action", request.path_param("action")},
                    {"state", state_name(*payment)},
                    {"providerRef", payment->provider_ref}};
  if (payment->method == Method::paypal && !payment->return_url.empty()) {
    body["returnUrl"] =
        with_query(payment->return_url, {{"token", payment->provider_ref}, {"PayerID", "SANDBOXPAYER01"}});
  }
  auto response = http::json_response(body);
  response.set_header("Cache-Control", "no-store");
  return response;
}

http::Response PaymentSandbox::checkout_post(const http::Request& request) {
  auto form = http::parse_form_body(request.body);
  if (!form) return http::error_response(form.error());
  const auto lang = page_lang(http::form_value(*form, "lang").value_or(""));
  const std::string order_id(http::form_value(*form, "order").value_or(""));
  const auto action = buyer_action_from(http::form_value(*form, "action").value_or(""));
  SandboxPayment unknown;
  unknown.order_id = order_id;
  if (!action) return result_page(unknown, lang, "无效的操作", "Unknown action", 400);
  auto payment = act(order_id, *action);
  if (!payment) {
    return result_page(unknown, lang, "该交易已关闭，无法付款", "This payment is closed and cannot be paid", 409);
  }
  switch (payment->method) {
    case Method::alipay:
      if (*action == BuyerAction::pay && !payment->return_url.empty())
        return redirect(alipay_->return_redirect(*payment));
      if (*action == BuyerAction::abandon && !payment->return_url.empty()) return redirect(payment->return_url);
      break;
    case Method::paypal:
      if (*action == BuyerAction::abandon && !payment->cancel_url.empty()) {
        return redirect(with_query(payment->cancel_url, {{"token", payment->provider_ref}}));
      }
      if (*action != BuyerAction::abandon && !payment->return_url.empty()) {
        return redirect(
            with_query(payment->return_url, {{"token", payment->provider_ref}, {"PayerID", "SANDBOXPAYER01"}}));
      }
      break;
    case Method::wechat:
      break;
  }
  if (*action == BuyerAction::pay) return result_page(*payment, lang, "支付成功", "Payment successful");
  if (*action == BuyerAction::fail) return result_page(*payment, lang, "支付失败", "Payment failed");
  return result_page(*payment, lang, "已放弃付款", "Payment abandoned");
}

http::Response PaymentSandbox::wechat_scan(const http::Request& request) {
  const auto lang = page_lang(request.query_param("lang").value_or(""));
  const auto payment = wechat_->scanned(std::string(request.query_param("pr").value_or("")));
  if (!payment) return result_page({}, lang, "二维码已失效", "This QR code is not valid", 404);
  if (payment->stage != Stage::open) return result_page(*payment, lang, "该订单已结束", "This order is over");
  return checkout_page(*payment, lang, "weixin://wxpay/bizpayurl?pr=" + payment->code_token);
}

http::Response PaymentSandbox::paypal_approve_page(const http::Request& request) {
  const auto lang = page_lang(request.query_param("lang").value_or(""));
  const auto payment = paypal_->order_for_token(std::string(request.query_param("token").value_or("")));
  if (!payment) return result_page({}, lang, "找不到该订单", "This order could not be found", 404);
  if (payment->stage != Stage::open)
    return result_page(*payment, lang, "该订单已处理", "This order was already handled");
  return checkout_page(*payment, lang);
}

void PaymentSandbox::register_routes(http::RouteTable& routes) {
  // Memory and one RSA operation each: inline on the I/O thread, like the dev OpenID provider, so an
  // adapter calling over loopback from a pool never waits for a free worker of that pool.
  const auto add = [&routes](http::Method method, std::string pattern, std::string summary, http::Handler handler) {
    routes.add(http::Route{.method = method,
                           .pattern = std::move(pattern),
                           .access = http::Access::public_access,
                           .exec = http::Exec::inline_io,
                           .handler = std::move(handler),
                           .json_body = false,
                           .summary = "Demo mode: payment sandbox " + std::move(summary)});
  };
  using M = http::Method;
  const std::string alipay(kAlipayPrefix);
  const std::string wechat(kWechatPrefix);
  const std::string paypal(kPaypalPrefix);
  add(M::get, alipay + "/gateway.do", "Alipay gateway (page pay)",
      [this](http::Request& r) { return alipay_->gateway(r); });
  add(M::post, alipay + "/gateway.do", "Alipay gateway", [this](http::Request& r) { return alipay_->gateway(r); });

  add(M::post, wechat + "/v3/pay/transactions/native", "WeChat Pay Native order",
      [this](http::Request& r) { return wechat_->create_native(r); });
  add(M::get, wechat + "/v3/pay/transactions/out-trade-no/{outTradeNo}", "WeChat Pay query",
      [this](http::Request& r) { return wechat_->query(r); });
  add(M::post, wechat + "/v3/pay/transactions/out-trade-no/{outTradeNo}/close", "WeChat Pay close",
      [this](http::Request& r) { return wechat_->close(r); });
  add(M::post, wechat + "/v3/refund/domestic/refunds", "WeChat Pay refund",
      [this](http::Request& r) { return wechat_->refund(r); });
  add(M::get, wechat + "/v3/refund/domestic/refunds/{outRefundNo}", "WeChat Pay refund query",
      [this](http::Request& r) { return wechat_->query_refund(r); });
  add(M::get, wechat + "/pay", "WeChat Pay scanned code (checkout page)",
      [this](http::Request& r) { return wechat_scan(r); });

  add(M::post, paypal + "/v1/oauth2/token", "PayPal OAuth token",
      [this](http::Request& r) { return paypal_->token(r); });
  add(M::post, paypal + "/v2/checkout/orders", "PayPal create order",
      [this](http::Request& r) { return paypal_->create_order(r); });
  add(M::get, paypal + "/v2/checkout/orders/{orderId}", "PayPal show order",
      [this](http::Request& r) { return paypal_->get_order(r); });
  add(M::post, paypal + "/v2/checkout/orders/{orderId}/capture", "PayPal capture",
      [this](http::Request& r) { return paypal_->capture(r); });
  add(M::post, paypal + "/v2/payments/captures/{captureId}/refund", "PayPal refund",
      [this](http::Request& r) { return paypal_->refund(r); });
  add(M::get, paypal + "/v2/payments/refunds/{refundId}", "PayPal show refund",
      [this](http::Request& r) { return paypal_->show_refund(r); });
  add(M::get, paypal + "/v2/payments/captures/{captureId}", "PayPal show capture",
      [this](http::Request& r) { return paypal_->show_capture(r); });
  add(M::post, paypal + "/v1/notifications/verify-webhook-signature", "PayPal verify webhook signature",
      [this](http::Request& r) { return paypal_->verify_webhook_signature(r); });
  add(M::get, paypal + "/v1/notifications/certs/{name}", "PayPal webhook certificate",
      [this](http::Request& r) { return paypal_->certificate(r); });
  add(M::get, paypal + "/checkoutnow", "PayPal approve page",
      [this](http::Request& r) { return paypal_approve_page(r); });

  add(M::post, std::string(kCheckoutActionPath), "checkout buttons",
      [this](http::Request& r) { return checkout_post(r); });
  add(M::post, "/api/dev/payments/{orderId}/{action}", "pay, fail or abandon an order without a browser",
      [this](http::Request& r) { return dev_action(r); });
}

}  // namespace portal::sim::payments
