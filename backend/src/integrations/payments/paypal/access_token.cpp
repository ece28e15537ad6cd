#include "integrations/payments/paypal/access_token.hpp"

#include "integrations/payments/crypto.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <chrono>

namespace portal::payments::paypal {

core::Result<std::string> AccessTokens::get() {
  std::lock_guard lock(mutex_);
  const std::int64_t now = now_();
  if (!token_.empty() && now < refresh_at_) return token_;

  auto reply = http_.send(integrations::HttpRequest{
      .method = "POST",
      .url = settings_.base_url + "/v1/oauth2/token",
      .headers = {{"Authorization",
                   "Basic " + crypto::base64_encode(settings_.client_id + ":" + settings_.client_secret)},
                  {"Content-Type", "application/x-www-form-urlencoded"},
                  {"Accept", "application/json"}},
      .body = "grant_type=client_credentials",
      .timeout = std::chrono::milliseconds(settings_.timeout_ms)});
  if (!reply) return reply.error();
  if (reply->status != 200) {
    auto failure = integrations::upstream_unavailable("PayPal refused our client credentials");
    failure.details["provider"] = "paypal";
    failure.details["status"] = reply->status;
    return failure;
  }
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(reply->body, error);
  const auto* token = !error && root.is_object() ? root.as_object().if_contains("access_token") : nullptr;
  const auto* expires_in = !error && root.is_object() ? root.as_object().if_contains("expires_in") : nullptr;
  if (!token || !token->is_string() || token->as_string().empty()) {
    return integrations::upstream_unavailable("PayPal sent no access_token");
  }
  token_ = std::string(token->as_string());
  const std::int64_t lifetime = expires_in && expires_in->is_int64() ? expires_in->as_int64() : 0;
  // A short-lived token (never seen in practice) is kept for half its life rather than not at all.
  refresh_at_ = now + std::max<std::int64_t>(lifetime - kTokenRefreshMarginSeconds, lifetime / 2);
  return token_;
}

void AccessTokens::forget(const std::string& token) {
  std::lock_guard lock(mutex_);
  if (token_ == token) {
    token_.clear();
    refresh_at_ = 0;
  }
}

}  // namespace portal::payments::paypal
