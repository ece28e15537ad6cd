#include "sim/payments/sandbox_identity.hpp"

#include "core/crypto.hpp"
#include "core/private_file.hpp"
#include "sim/payments/sandbox_text.hpp"

#include <boost/json.hpp>

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace portal::sim::payments {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;

namespace {

constexpr int kFormat = 1;

std::string hex_serial() {
  auto serial = core::random_token(20);
  for (auto& c : serial) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  serial[0] = '4';  // a positive serial, as certificate serials are
  return serial;
}

json::object key_json(const crypto::KeyPair& key) { return {{"private", key.private_pem}, {"public", key.public_pem}}; }

crypto::KeyPair key_from(const json::object& object, std::string_view name) {
  const auto& key = object.at(name).as_object();
  return {std::string(key.at("private").as_string()), std::string(key.at("public").as_string())};
}

std::string required_text(const json::object& object, std::string_view name) {
  return std::string(object.at(name).as_string());
}

json::object to_json(const SandboxIdentity& id) {
  return {{"format", kFormat},
          {"alipayMerchant", key_json(id.alipay_merchant)},
          {"alipay", key_json(id.alipay)},
          {"alipayAppId", id.alipay_app_id},
          {"alipaySellerId", id.alipay_seller_id},
          {"wechatMerchant", key_json(id.wechat_merchant)},
          {"wechatPlatform", key_json(id.wechat_platform)},
          {"wechatMchid", id.wechat_mchid},
          {"wechatAppid", id.wechat_appid},
          {"wechatMerchantSerial", id.wechat_merchant_serial},
          {"wechatApiV3Key", id.wechat_api_v3_key},
          {"wechatPlatformSerial", id.wechat_platform_serial},
          {"wechatPlatformCertificate", id.wechat_platform_certificate},
          {"paypal", key_json(id.paypal)},
          {"paypalClientId", id.paypal_client_id},
          {"paypalClientSecret", id.paypal_client_secret},
          {"paypalWebhookId", id.paypal_webhook_id},
          {"paypalMerchantId", id.paypal_merchant_id},
          {"paypalCertificateSerial", id.paypal_certificate_serial},
          {"paypalCertificate", id.paypal_certificate}};
}

// Any missing or mistyped member throws (boost::json at()/as_*): the caller makes a new identity.
SandboxIdentity from_json(const json::object& o) {
  if (o.at("format").to_number<int>() != kFormat) throw std::runtime_error("another format");
  return {.alipay_merchant = key_from(o, "alipayMerchant"),
          .alipay = key_from(o, "alipay"),
          .alipay_app_id = required_text(o, "alipayAppId"),
          .alipay_seller_id = required_text(o, "alipaySellerId"),
          .wechat_merchant = key_from(o, "wechatMerchant"),
          .wechat_platform = key_from(o, "wechatPlatform"),
          .wechat_mchid = required_text(o, "wechatMchid"),
          .wechat_appid = required_text(o, "wechatAppid"),
          .wechat_merchant_serial = required_text(o, "wechatMerchantSerial"),
          .wechat_api_v3_key = required_text(o, "wechatApiV3Key"),
          .wechat_platform_serial = required_text(o, "wechatPlatformSerial"),
          .wechat_platform_certificate = required_text(o, "wechatPlatformCertificate"),
          .paypal = key_from(o, "paypal"),
          .paypal_client_id = required_text(o, "paypalClientId"),
          .paypal_client_secret = required_text(o, "paypalClientSecret"),
          .paypal_webhook_id = required_text(o, "paypalWebhookId"),
          .paypal_merchant_id = required_text(o, "paypalMerchantId"),
          .paypal_certificate_serial = required_text(o, "paypalCertificateSerial"),
          .paypal_certificate = required_text(o, "paypalCertificate")};
}

std::optional<SandboxIdentity> read_identity(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  auto parsed = json::parse(text.str(), ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  try {
    return from_json(parsed.as_object());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Owner-only, through a temporary file and a rename: a portal and a command starting at the same
// moment never read half a file, and the keys are never readable by others.
void write_identity(const std::filesystem::path& file, const SandboxIdentity& identity) {
  core::write_private_file(file, json::serialize(to_json(identity)));
}

}  // namespace

SandboxIdentity generate_sandbox_identity(int rsa_bits) {
  SandboxIdentity id;
  id.alipay_merchant = crypto::generate_rsa_key_pair(rsa_bits);
  id.alipay = crypto::generate_rsa_key_pair(rsa_bits);
  id.alipay_app_id = "9021000" + random_digits(9);
  id.alipay_seller_id = "2088" + random_digits(12);

  id.wechat_merchant = crypto::generate_rsa_key_pair(rsa_bits);
  id.wechat_platform = crypto::generate_rsa_key_pair(rsa_bits);
  id.wechat_mchid = "19" + random_digits(8);
  id.wechat_appid = "wx" + core::random_token(8);
  id.wechat_merchant_serial = hex_serial();
  id.wechat_api_v3_key = core::random_token(16);  // 32 hex characters: the 32-byte key WeChat expects
  id.wechat_platform_serial = hex_serial();
  id.wechat_platform_certificate =
      crypto::self_signed_certificate_pem(id.wechat_platform, "Tenpay.com Root CA sandbox", id.wechat_platform_serial);

  id.paypal = crypto::generate_rsa_key_pair(rsa_bits);
  id.paypal_client_id = "SB-" + core::random_token(16);
  id.paypal_client_secret = core::random_token(24);
  id.paypal_webhook_id = random_alnum_upper(17);
  id.paypal_merchant_id = random_alnum_upper(13);
  id.paypal_certificate_serial = hex_serial();
  id.paypal_certificate = crypto::self_signed_certificate_pem(id.paypal, "messageverificationcerts.sandbox.paypal.com",
                                                              id.paypal_certificate_serial);
  return id;
}

SandboxIdentity load_or_create_sandbox_identity(const std::filesystem::path& file, int rsa_bits) {
  if (auto stored = read_identity(file)) return std::move(*stored);
  auto made = generate_sandbox_identity(rsa_bits);
  write_identity(file, made);
  // Two processes that both found no file each wrote one; the last rename won. Answer what is stored,
  // so both use the same keys.
  if (auto stored = read_identity(file)) return std::move(*stored);
  return made;
}

}  // namespace portal::sim::payments
