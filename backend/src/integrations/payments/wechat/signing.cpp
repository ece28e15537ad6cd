#include "integrations/payments/wechat/signing.hpp"

#include "integrations/payments/crypto.hpp"

#include <charconv>

namespace portal::payments::wechat {

namespace {

core::Error invalid_signature(std::string reason) {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SIGNATURE", "WeChat Pay signature refused",
                           {{"provider", "wechat"}, {"reason", reason}});
}

// The key that signed: the WeChat Pay public key when the serial is its id, else the platform
// certificate of that serial. Empty when we hold none for it.
std::string_view key_for(const WechatSettings& settings, std::string_view serial) {
  if (serial.starts_with(kPublicKeySerialPrefix)) {
    return serial == settings.platform_public_key_id ? std::string_view(settings.platform_public_key_pem)
                                                     : std::string_view{};
  }
  const auto found = settings.platform_certificates_by_serial.find(std::string(serial));
  return found == settings.platform_certificates_by_serial.end() ? std::string_view{} : std::string_view(found->second);
}

}  // namespace

std::string request_message(std::string_view method, std::string_view path_with_query, std::int64_t timestamp,
                            std::string_view nonce, std::string_view body) {
  std::string message;
  message.reserve(method.size() + path_with_query.size() + nonce.size() + body.size() + 32);
  message.append(method).append("\n");
  message.append(path_with_query).append("\n");
  message.append(std::to_string(timestamp)).append("\n");
  message.append(nonce).append("\n");
  message.append(body).append("\n");
  return message;
}

core::Result<std::string> authorization(const WechatSettings& settings, const RequestToSign& request) {
  auto signature = crypto::rsa_sha256_sign_base64(
      settings.merchant_private_key_pem,
      request_message(request.method, request.path_with_query, request.timestamp, request.nonce, request.body));
  if (!signature) return signature.error();
  std::string header = "WECHATPAY2-SHA256-RSA2048 mchid=\"";
  header.append(settings.mchid)
      .append("\",nonce_str=\"")
      .append(request.nonce)
      .append("\",signature=\"")
      .append(*signature)
      .append("\",timestamp=\"")
      .append(std::to_string(request.timestamp))
      .append("\",serial_no=\"")
      .append(settings.merchant_serial_no)
      .append("\"");
  return header;
}

std::string response_message(std::string_view timestamp, std::string_view nonce, std::string_view body) {
  std::string message;
  message.reserve(timestamp.size() + nonce.size() + body.size() + 3);
  message.append(timestamp).append("\n").append(nonce).append("\n").append(body).append("\n");
  return message;
}

core::Status verify_signed(const WechatSettings& settings, const SignedBy& headers, std::string_view body,
                           std::int64_t now) {
  if (headers.timestamp.empty() || headers.nonce.empty() || headers.signature.empty() || headers.serial.empty()) {
    return invalid_signature("missing Wechatpay-* header");
  }
  std::int64_t timestamp = 0;
  const auto* end = headers.timestamp.data() + headers.timestamp.size();
  const auto parsed = std::from_chars(headers.timestamp.data(), end, timestamp);
  if (parsed.ec != std::errc{} || parsed.ptr != end) return invalid_signature("timestamp is not a number");
  if (timestamp > now + kMaxSignatureAgeSeconds || timestamp < now - kMaxSignatureAgeSeconds) {
    return invalid_signature("timestamp too far from now");
  }
  const std::string_view key = key_for(settings, headers.serial);
  if (key.empty()) return invalid_signature("unknown Wechatpay-Serial");
  if (!crypto::rsa_sha256_verify_base64(key, response_message(headers.timestamp, headers.nonce, body),
                                        headers.signature)) {
    return invalid_signature("signature does not verify");
  }
  return core::Ok{};
}

std::string path_of_url(std::string_view url) {
  const auto scheme_end = url.find("://");
  const auto host_start = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  const auto path_start = url.find('/', host_start);
  if (path_start == std::string_view::npos) {
    // "https://host?x=1" asks for "/?x=1".
    const auto query = url.find('?', host_start);
    return query == std::string_view::npos ? std::string("/") : "/" + std::string(url.substr(query));
  }
  return std::string(url.substr(path_start));
}

}  // namespace portal::payments::wechat
