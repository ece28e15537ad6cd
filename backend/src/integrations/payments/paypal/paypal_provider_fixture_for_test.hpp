#pragma once
// What the PayPal adapter's tests share: the settings, a token endpoint that answers, canned answers by
// URL suffix, a webhook as PayPal posts it, and the calls the adapter made.

#include "integrations/payments/paypal/paypal_provider.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/payments/paypal/resources.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace portal::payments::paypal::paypal_test {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

inline std::string header_of(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

inline constexpr std::string_view kToken = R"({"access_token":"TOKEN-1","token_type":"Bearer","expires_in":32400})";

inline constexpr std::string_view kCaptured =
    R"({"id":"5O190127TN364715T","status":"COMPLETED","purchase_units":[{"reference_id":"ord_1","custom_id":"ord_1",)"
    R"("invoice_id":"ord_1","amount":{"currency_code":"USD","value":"10.00"},"payee":{"merchant_id":"MERCH1"},)"
    R"("payments":{"captures":[{"id":"3C679366HH908993F","status":"COMPLETED","amount":{"currency_code":"USD",)"
    R"("value":"10.00"},"create_time":"2026-01-01T12:00:00Z","update_time":"2026-01-01T12:00:01Z"}]}}]})";

class PaypalProviderTest : public ::testing::Test {
 protected:
  PaypalProviderTest() {
    settings.base_url = "https://api-m.example.test";
    settings.client_id = "CLIENT";
    settings.client_secret = "SECRET";
    settings.webhook_id = "1JE4291016473214C";
    settings.timeout_ms = 3000;
    provider = make_paypal_provider(settings, http, [this] { return now.load(); });
  }

  // Answers the token call, and everything else from `answers` by URL suffix.
  void respond(std::vector<std::pair<std::string, HttpReply>> answers) {
    http.set_responder([this, answers = std::move(answers)](const RecordedCall& call) -> core::Result<HttpReply> {
      if (call.url.ends_with("/v1/oauth2/token")) {
        ++token_calls;
        return HttpReply{.status = 200, .body = std::string(kToken)};
      }
      for (const auto& [suffix, reply] : answers) {
        if (call.url.ends_with(suffix)) return reply;
      }
      return HttpReply{.status = 404, .body = R"({"name":"RESOURCE_NOT_FOUND"})"};
    });
  }

  std::vector<RecordedCall> api_calls() const {
    std::vector<RecordedCall> out;
    for (auto& call : http.calls()) {
      if (!call.url.ends_with("/v1/oauth2/token")) out.push_back(call);
    }
    return out;
  }

  Notification webhook(std::string body) {
    return Notification{.headers = {{"paypal-auth-algo", "SHA256withRSA"},
                                    {"paypal-cert-url", "https://api.paypal.com/v1/notifications/certs/CERT-1"},
                                    {"paypal-transmission-id", "69cd13f0-d67a-11e5-baa3-778b53f4ae55"},
                                    {"paypal-transmission-sig", "c2lnbmF0dXJl"},
                                    {"paypal-transmission-time", "2016-02-18T20:01:35Z"}},
                        .body = std::move(body)};
  }

  PaypalSettings settings;
  FakeHttpClient http;
  std::atomic<std::int64_t> now{1767268800};
  std::atomic<int> token_calls{0};
  std::unique_ptr<Provider> provider;
};

}  // namespace portal::payments::paypal::paypal_test
