#pragma once
// WeChat Pay API v3 signatures (protocols.md 5b). Our requests: SHA256withRSA with the merchant key over
// "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n", sent in the WECHATPAY2-SHA256-RSA2048 Authorization
// header. WeChat Pay's answers and notifications: Wechatpay-* headers over "TIMESTAMP\nNONCE\nBODY\n",
// checked with WeChat Pay's key chosen by the serial, and refused when the timestamp is stale.

#include "core/result.hpp"
#include "integrations/payments/wechat/settings.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::payments::wechat {

// WeChat Pay's own limit for a signed answer or notification: older ones may be replays.
inline constexpr std::int64_t kMaxSignatureAgeSeconds = 5 * 60;
inline constexpr std::string_view kPublicKeySerialPrefix = "PUB_KEY_ID_";

std::string request_message(std::string_view method, std::string_view path_with_query, std::int64_t timestamp,
                            std::string_view nonce, std::string_view body);

struct RequestToSign {
  std::string_view method;
  std::string_view path_with_query;  // after the host: "/v3/pay/transactions/native", with "?mchid=…" if any
  std::string_view body;             // the exact bytes sent; empty for GET
  std::int64_t timestamp = 0;
  std::string_view nonce;
};

// The Authorization header value; INVALID_KEY when the merchant key is unusable.
core::Result<std::string> authorization(const WechatSettings& settings, const RequestToSign& request);

std::string response_message(std::string_view timestamp, std::string_view nonce, std::string_view body);

// The Wechatpay-* headers of an answer or a notification.
struct SignedBy {
  std::string_view timestamp;
  std::string_view nonce;
  std::string_view signature;
  std::string_view serial;
};

// INVALID_SIGNATURE (401) when a header is missing, the serial names no key we hold, the timestamp is
// more than kMaxSignatureAgeSeconds away from `now`, or the signature does not verify.
core::Status verify_signed(const WechatSettings& settings, const SignedBy& headers, std::string_view body,
                           std::int64_t now);

// The path (with query) a URL asks for, as the request signature covers it: everything from the
// first '/' after the host ("/" when there is none).
std::string path_of_url(std::string_view url);

}  // namespace portal::payments::wechat
