#pragma once
// The two places Steam (or the demo provider) sends the browser back to: verify the OpenID assertion,
// then log in or bind, and name the web page to continue on with a token or one of the spec's error
// codes (spec 000 sections 4.2 and 8).

#include "features/auth/session_repository.hpp"
#include "features/auth/steam_accounts.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/steam/nonce_store.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace portal::auth {

struct SteamCallbackUrls {
  std::string op_endpoint;  // the configured provider
  std::string login_return_to;
  std::string bind_return_to;
  std::string web_origin;  // where the web's callback pages live
};

// Accepted nonces go to the database, so a replay is refused by every instance and after a restart.
class DbNonceStore final : public integrations::steam::NonceStore {
 public:
  explicit DbNonceStore(SessionRepository& sessions) : sessions_(sessions) {}
  bool remember_once(const std::string& nonce, std::chrono::system_clock::time_point seen_at) override;

 private:
  SessionRepository& sessions_;
};

class SteamCallbacks {
 public:
  SteamCallbacks(SteamAccounts& accounts, integrations::HttpClient& http, integrations::steam::NonceStore& nonces,
                 std::function<SteamCallbackUrls()> urls)
      : accounts_(accounts), http_(http), nonces_(nonces), urls_(std::move(urls)) {}

  // Both answer the absolute URL of the web page to redirect to.
  std::string login(std::string_view raw_query, const std::string& ip) const;
  std::string bind(std::string_view raw_query, const std::string& ip) const;
  // Where to send the browser when the callback was refused before it ran (too many from one address).
  std::string login_refused(std::string_view error_code) const;
  std::string bind_refused(std::string_view error_code) const;

 private:
  SteamAccounts& accounts_;
  integrations::HttpClient& http_;
  integrations::steam::NonceStore& nonces_;
  std::function<SteamCallbackUrls()> urls_;
};

}  // namespace portal::auth
