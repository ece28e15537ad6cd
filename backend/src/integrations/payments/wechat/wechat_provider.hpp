#pragma once
// WeChat Pay API v3, Native pay (a QR code the buyer scans): the Provider the payment engine uses for
// "wechat". Every request is signed with our merchant key, every answer and notification is checked
// against WeChat Pay's key before anything in it is read (protocols.md 5b).

#include "integrations/http/http_client.hpp"
#include "integrations/payments/provider.hpp"
#include "integrations/payments/wechat/settings.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace portal::payments::wechat {

// `now`: unix seconds (request timestamps, signature freshness); `nonce`: a fresh random string per
// request (32 characters is what WeChat Pay's own SDKs send).
std::unique_ptr<Provider> make_wechat_provider(WechatSettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now, std::function<std::string()> nonce);

}  // namespace portal::payments::wechat
