#pragma once
// Who the payment stand-ins are: every key pair, certificate and account id of the merchant and of the
// three providers. Made fresh for each test; in demo mode kept in a file of the data directory, so the
// `portal orders refund` command signs with the keys the running portal's stand-ins expect, and a
// restart does not pay for five RSA key generations again.

#include "integrations/payments/crypto.hpp"

#include <filesystem>
#include <string>

namespace portal::sim::payments {

struct SandboxIdentity {
  portal::payments::crypto::KeyPair alipay_merchant;  // the merchant's app key (signs requests)
  portal::payments::crypto::KeyPair alipay;           // Alipay's (signs answers and notifications)
  std::string alipay_app_id;
  std::string alipay_seller_id;

  portal::payments::crypto::KeyPair wechat_merchant;  // the merchant's API key
  portal::payments::crypto::KeyPair wechat_platform;  // WeChat Pay's platform key
  std::string wechat_mchid;
  std::string wechat_appid;
  std::string wechat_merchant_serial;
  std::string wechat_api_v3_key;  // 32 bytes
  std::string wechat_platform_serial;
  std::string wechat_platform_certificate;

  portal::payments::crypto::KeyPair paypal;  // signs webhooks
  std::string paypal_client_id;
  std::string paypal_client_secret;
  std::string paypal_webhook_id;
  std::string paypal_merchant_id;
  std::string paypal_certificate_serial;
  std::string paypal_certificate;
};

SandboxIdentity generate_sandbox_identity(int rsa_bits);

// The identity stored in `file`; when there is none (or it cannot be read as one), a new one is made
// and written there, readable by the owner only. Throws std::runtime_error when it cannot be written.
SandboxIdentity load_or_create_sandbox_identity(const std::filesystem::path& file, int rsa_bits);

}  // namespace portal::sim::payments
