#pragma once
// How the payment stand-ins behave, and what an adapter needs to talk to them. The timing knobs mirror
// what the real providers do to a notify_url (a delay before the first notification, now and then the
// same one twice, sometimes much later, retries until acknowledged); demo mode keeps the realistic
// defaults, tests set them to zero or one so that every run is the same and fast.

#include <cstdint>
#include <string>
#include <vector>

namespace portal::sim::payments {

struct SandboxSettings {
  // The stand-ins refuse to exist otherwise: anyone who reaches them can mark any order paid.
  bool demo_mode = false;
  // Origin the browser and the adapters reach the portal at (no trailing slash): the stand-ins' URLs
  // (gateway, checkout pages, PayPal cert_url) are built from it.
  std::string public_base_url = "http://127.0.0.1:8080";

  std::int64_t first_delay_ms = 1500;      // after pay/fail, before the first notification
  double late_probability = 0.1;           // chance that the first notification comes late ...
  std::int64_t late_delay_ms = 20'000;     // ... by this much more
  double duplicate_probability = 0.2;      // chance that an acknowledged notification is sent again ...
  std::int64_t duplicate_delay_ms = 3000;  // ... this long after the acknowledgement
  // Wait before attempt 2, 3, ...; the last value repeats. WeChat documents 15s/15s/30s/3m/10m/...;
  // shortened here so a demo sees the retries.
  std::vector<std::int64_t> retry_backoff_ms = {2000, 5000, 15'000, 30'000, 60'000};
  int max_attempts = 15;                // then the provider gives up (the portal's reconciliation must cope)
  std::int64_t send_timeout_ms = 5000;  // one notification POST (WeChat: answer within 5 s)
  // Where PayPal posts webhooks (PayPal keeps it with the webhook id, not per order); empty:
  // <public_base_url>/api/payment/notify/paypal.
  std::string paypal_webhook_url;
  int rsa_bits = 2048;  // the generated keys; tests may use 1024 to start faster
  // Where the stand-ins' keys and account ids are kept (sandbox_identity.hpp); empty: new ones at
  // every start. Demo mode keeps them in the data directory.
  std::string identity_file;
  std::uint32_t seed = 0;  // random choices above; 0 = a fresh seed each start
};

// What the Alipay adapter is configured with to talk to the stand-in (its AlipaySettings fields).
struct AlipaySandboxAccount {
  std::string gateway_url;  // <base>/dev/payments/alipay/gateway.do
  std::string app_id;
  std::string seller_id;              // the merchant's Alipay user id (2088...), echoed in notifications
  std::string app_private_key_pem;    // ours: signs requests
  std::string app_public_key_pem;     // ours: what the stand-in verifies with
  std::string alipay_public_key_pem;  // the stand-in's: verifies responses and notifications
};

// What the WeChat Pay adapter is configured with (its WechatSettings fields).
struct WechatSandboxAccount {
  std::string base_url;  // <base>/dev/payments/wechat (API paths /v3/... follow)
  std::string mchid;
  std::string appid;
  std::string merchant_serial_no;        // serial of our API certificate (Authorization serial_no)
  std::string merchant_private_key_pem;  // ours: signs requests
  std::string merchant_public_key_pem;
  std::string api_v3_key;                // 32 bytes: AES-256-GCM key of notification resources
  std::string platform_serial_no;        // Wechatpay-Serial of responses and notifications
  std::string platform_certificate_pem;  // the stand-in's platform certificate (verifies them)
  std::string platform_public_key_pem;   // the same key as a bare public key
};

// What the PayPal adapter is configured with (its PaypalSettings fields).
struct PaypalSandboxAccount {
  std::string base_url;  // <base>/dev/payments/paypal (API paths /v1/..., /v2/... follow)
  std::string client_id;
  std::string client_secret;
  std::string webhook_id;
  std::string webhook_url;      // where the stand-in posts webhooks (PayPal keeps it with the webhook id)
  std::string merchant_id;      // payee.merchant_id of our orders
  std::string cert_url;         // PAYPAL-CERT-URL of the stand-in's webhooks
  std::string certificate_pem;  // what cert_url serves: verifies webhooks offline
};

}  // namespace portal::sim::payments
