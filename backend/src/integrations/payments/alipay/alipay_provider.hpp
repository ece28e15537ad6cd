#pragma once
// Alipay through the OpenAPI 2.0 gateway with RSA2 (protocols.md 5a): the Provider the payment engine
// uses for "alipay". Page pay (the browser is sent to a signed gateway URL), asynchronous notifications
// checked against Alipay's key before anything in them is read, and signed server-side calls for
// query, close and refund whose answers are checked the same way.

#include "integrations/http/http_client.hpp"
#include "integrations/payments/alipay/settings.hpp"
#include "integrations/payments/provider.hpp"

#include <cstdint>
#include <functional>
#include <memory>

namespace portal::payments::alipay {

// `now`: unix seconds, for the requests' timestamp (sent in GMT+8).
std::unique_ptr<Provider> make_alipay_provider(AlipaySettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now);

}  // namespace portal::payments::alipay
