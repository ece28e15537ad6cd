#pragma once
// PayPal Orders v2 with webhooks: the Provider the payment engine uses for "paypal". The buyer approves
// on PayPal's page, then we capture (on the browser's return or the CHECKOUT.ORDER.APPROVED webhook,
// whichever comes first: the capture is idempotent). Webhooks are verified by PayPal itself
// (verify-webhook-signature) before anything in them is read (protocols.md 5c).

#include "integrations/http/http_client.hpp"
#include "integrations/payments/paypal/settings.hpp"
#include "integrations/payments/provider.hpp"

#include <cstdint>
#include <functional>
#include <memory>

namespace portal::payments::paypal {

// `now`: unix seconds, for the OAuth token's lifetime. Thread-safe: one provider serves every pool thread.
std::unique_ptr<Provider> make_paypal_provider(PaypalSettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now);

}  // namespace portal::payments::paypal
