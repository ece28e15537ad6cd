#pragma once
// The providers behind the payment methods listed in [payments] methods. Production builds the real
// adapters from their settings, keys read from the PEM files the configuration names; demo mode builds
// the very same adapters pointed at the local stand-ins (sim/payments), which generated every key at
// start. Either way the engine sees only integrations/payments/provider.hpp.

#include "app/config/config.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/payments/provider.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace portal::sim::payments {
class PaymentSandbox;
struct SandboxSettings;
}  // namespace portal::sim::payments

namespace portal::app {

struct PaymentProviders {
  std::vector<std::shared_ptr<payments::Provider>> providers;
  // Who a payment must be made to, per method: a notification naming anyone else is held.
  std::map<payments::Method, std::string> merchant_ids;
};

// [payments] methods; in demo mode an empty list offers all three (through the stand-ins).
std::vector<std::string> effective_payment_methods(const Config& config);

// Throws ConfigError when a listed method's key file cannot be read.
PaymentProviders configured_payment_providers(const Config& config, integrations::HttpClient& http);
// The origin the providers reach the portal at ([payments] public_base_url, else the public URL), no
// trailing slash.
std::string payment_base_url(const Config& config);
// Demo mode: how the stand-ins behave ([payments.sandbox]) and where their keys are kept (the data
// directory), the same for `portal serve` and the `portal orders` command.
sim::payments::SandboxSettings demo_sandbox_settings(const Config& config);
PaymentProviders sandbox_payment_providers(const Config& config, const sim::payments::PaymentSandbox& sandbox,
                                           integrations::HttpClient& http);

}  // namespace portal::app
