#include "app/wiring/payment_providers.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "integrations/payments/alipay/alipay_provider.hpp"
#include "integrations/payments/paypal/paypal_provider.hpp"
#include "integrations/payments/wechat/wechat_provider.hpp"
#include "sim/payments/payment_sandbox.hpp"

#include <fstream>
#include <sstream>

namespace portal::app {

namespace {

std::string read_key_file(const std::string& path, std::string_view setting) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw ConfigError("Setting \"" + std::string(setting) + "\" names the key file \"" + path +
                      "\", which cannot be read.");
  }
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

bool listed(const Config& config, payments::Method method) {
  for (const auto& name : effective_payment_methods(config)) {
    if (payments::method_from(name) == method) return true;
  }
  return false;
}

// WeChat Pay's SDKs send 32 random characters per request.
std::string wechat_nonce() { return core::random_token(16); }

void add_alipay(PaymentProviders& out, payments::alipay::AlipaySettings settings, integrations::HttpClient& http) {
  out.merchant_ids[payments::Method::alipay] = settings.app_id;
  out.providers.push_back(payments::alipay::make_alipay_provider(std::move(settings), http, core::system_unix_now));
}

void add_wechat(PaymentProviders& out, payments::wechat::WechatSettings settings, integrations::HttpClient& http) {
  out.merchant_ids[payments::Method::wechat] = settings.mchid;
  out.providers.push_back(
      payments::wechat::make_wechat_provider(std::move(settings), http, core::system_unix_now, wechat_nonce));
}

void add_paypal(PaymentProviders& out, payments::paypal::PaypalSettings settings, integrations::HttpClient& http) {
  if (!settings.merchant_id.empty()) out.merchant_ids[payments::Method::paypal] = settings.merchant_id;
  out.providers.push_back(payments::paypal::make_paypal_provider(std::move(settings), http, core::system_unix_now));
}

}  // namespace

std::vector<std::string> effective_payment_methods(const Config& config) {
  if (config.mode == Mode::demo && config.payments.methods.empty()) return {"alipay", "wechat", "paypal"};
  return config.payments.methods;
}

PaymentProviders configured_payment_providers(const Config& config, integrations::HttpClient& http) {
  PaymentProviders out;
  const PaymentsConfig& p = config.payments;
  if (listed(config, payments::Method::alipay)) {
    add_alipay(out,
               payments::alipay::AlipaySettings{
                   .app_id = p.alipay.app_id,
                   .gateway_url = p.alipay.gateway,
                   .private_key_pem = read_key_file(p.alipay.private_key_file, "payments.alipay.private_key_file"),
                   .alipay_public_key_pem = read_key_file(p.alipay.public_key_file, "payments.alipay.public_key_file"),
               },
               http);
  }
  if (listed(config, payments::Method::wechat)) {
    payments::wechat::WechatSettings settings{
        .base_url = p.wechat.base_url,
        .mchid = p.wechat.mchid,
        .appid = p.wechat.appid,
        .merchant_serial_no = p.wechat.serial_no,
        .merchant_private_key_pem = read_key_file(p.wechat.private_key_file, "payments.wechat.private_key_file"),
        .api_v3_key = p.wechat.api_v3_key,
    };
    const std::string platform_key =
        read_key_file(p.wechat.platform_public_key_file, "payments.wechat.platform_public_key_file");
    // A public key id (PUB_KEY_ID_...) means WeChat Pay's public key; otherwise the file is the
    // platform certificate, keyed by the serial WeChat Pay sends in Wechatpay-Serial.
    if (!p.wechat.platform_public_key_id.empty()) {
      settings.platform_public_key_id = p.wechat.platform_public_key_id;
      settings.platform_public_key_pem = platform_key;
    } else {
      settings.platform_certificates_by_serial[p.wechat.serial_no] = platform_key;
    }
    add_wechat(out, std::move(settings), http);
  }
  if (listed(config, payments::Method::paypal)) {
    add_paypal(out,
               payments::paypal::PaypalSettings{
                   .base_url = p.paypal.base_url,
                   .client_id = p.paypal.client_id,
                   .client_secret = p.paypal.client_secret,
                   .webhook_id = p.paypal.webhook_id,
                   .merchant_id = p.paypal.merchant_id,
               },
               http);
  }
  return out;
}

PaymentProviders sandbox_payment_providers(const Config& config, const sim::payments::PaymentSandbox& sandbox,
                                           integrations::HttpClient& http) {
  PaymentProviders out;
  if (listed(config, payments::Method::alipay)) add_alipay(out, sandbox.alipay_settings(), http);
  if (listed(config, payments::Method::wechat)) add_wechat(out, sandbox.wechat_settings(), http);
  if (listed(config, payments::Method::paypal)) add_paypal(out, sandbox.paypal_settings(), http);
  return out;
}

std::string payment_base_url(const Config& config) {
  std::string base = config.payments.public_base_url.empty() ? config.public_url() : config.payments.public_base_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base;
}

sim::payments::SandboxSettings demo_sandbox_settings(const Config& config) {
  const PaymentSandboxConfig& knobs = config.payments.sandbox;
  sim::payments::SandboxSettings sandbox{.demo_mode = config.mode == Mode::demo,
                                         .public_base_url = payment_base_url(config)};
  sandbox.first_delay_ms = knobs.first_delay_ms;
  sandbox.late_probability = knobs.late_percent / 100.0;
  sandbox.duplicate_probability = knobs.duplicate_percent / 100.0;
  sandbox.identity_file = (config.data_dir / "payment-sandbox.json").string();
  return sandbox;
}

}  // namespace portal::app
