#pragma once
// PayPal's OAuth2 client-credentials token (POST /v1/oauth2/token with HTTP Basic), shared by every
// call of the adapter and kept until shortly before it expires. The adapter is called from several
// pool threads at once: one of them fetches, the others wait for it instead of asking PayPal too.

#include "core/result.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/payments/paypal/settings.hpp"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace portal::payments::paypal {

// A token is refreshed this long before PayPal says it expires, so that none expires in flight.
inline constexpr std::int64_t kTokenRefreshMarginSeconds = 60;

class AccessTokens {
 public:
  AccessTokens(const PaypalSettings& settings, integrations::HttpClient& http, std::function<std::int64_t()> now)
      : settings_(settings), http_(http), now_(std::move(now)) {}

  // The cached token, or a fresh one. UPSTREAM_* when PayPal cannot be reached or refuses.
  core::Result<std::string> get();
  // PayPal refused `token` (401): forget it so the next get() asks again, unless a newer one is cached.
  void forget(const std::string& token);

 private:
  const PaypalSettings& settings_;
  integrations::HttpClient& http_;
  std::function<std::int64_t()> now_;
  std::mutex mutex_;  // held while fetching: concurrent callers wait for the one request
  std::string token_;
  std::int64_t refresh_at_ = 0;
};

}  // namespace portal::payments::paypal
