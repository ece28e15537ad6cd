#pragma once
// Builds the accounts feature (features/auth) from the config: token signing key, password hasher,
// repositories, the mailer (SMTP, or the outbox in demo mode), Steam OpenID (Steam, or the development
// provider in demo mode), the services, the bearer-token authenticator, the mail queue and the jobs
// ("auth.purge", hourly, and "mail.deliver", every 5 s, each on one instance).

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "core/jobs/scheduler.hpp"
#include "core/rate_limiter.hpp"
#include "db/budgets.hpp"
#include "db/database.hpp"
#include "features/auth/binding_repository.hpp"
#include "features/auth/credential_repository.hpp"
#include "features/auth/email_accounts.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/password_hasher.hpp"
#include "features/auth/routes.hpp"
#include "features/auth/session_repository.hpp"
#include "features/auth/sessions.hpp"
#include "features/auth/steam_accounts.hpp"
#include "features/auth/steam_callbacks.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/mail/delivery.hpp"
#include "features/mail/queue_repository.hpp"
#include "http/route.hpp"
#include "integrations/http/http_client.hpp"
#include "integrations/mail/mailer.hpp"
#include "integrations/steam/profiles.hpp"

#include <memory>

namespace portal::mail {
class OutboxMailer;
}
namespace portal::sim {
class DevOpenIdProvider;
}
namespace portal::servers {
class Service;
}

namespace portal::app {

// Where the web sends players to sign in with Steam: Steam itself, or in demo mode the portal's own
// development provider (never Steam).
std::string steam_openid_endpoint(const Config& config);
// Where the provider sends the browser back to: the login and the binding callbacks.
std::string steam_login_return_url(const Config& config);
std::string steam_bind_return_url(const Config& config);

class Accounts final : public Module {
 public:
  // Throws ConfigError when production lacks a signing key.
  Accounts(const Config& config, db::Database& database, servers::Service& servers);
  ~Accounts() override;

  std::string_view name() const override { return "accounts"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void contribute_settings(content::PublicSettings& settings) const override;
  const http::Authenticator& authenticator() const { return *authenticator_; }
  auth::MembershipService& memberships() { return memberships_; }
  // For features acting for a logged-in user (inventory): the users, and the Steam profile lookup the
  // Steam login uses (the Web API, the dev provider in demo mode; null when none is configured).
  auth::UserRepository& users() { return users_; }
  integrations::steam::SteamProfiles* steam_profiles() const { return profiles_; }
  // Mail for features that write to their users when nobody waits on a screen: queued, and handed to
  // SMTP (the outbox in demo mode) by the job mail.deliver, again later while SMTP is down.
  mail_queue::MailDelivery& mail_queue() { return *mail_delivery_; }

  // The hourly purge of expired tokens, codes and nonces, and the mail queue's delivery; the scheduler
  // must stop before this object goes.
  void add_jobs(core::jobs::Scheduler& jobs) override;

 private:
  void purge_expired();

  const Config& config_;
  servers::Service& servers_;
  auth::UserRepository users_;
  auth::CredentialRepository credentials_;
  auth::SessionRepository sessions_repo_;
  auth::BindingRepository bindings_;
  auth::MembershipRepository membership_repo_;
  auth::MembershipService memberships_;
  std::unique_ptr<auth::TokenService> tokens_;
  std::unique_ptr<auth::PasswordHasher> hasher_;
  db::Budgets budgets_;  // per-account limits, in the database so every instance shares them
  std::unique_ptr<mail::Mailer> mailer_;
  mail::OutboxMailer* outbox_ = nullptr;  // demo mode: the mailer, listed at /api/dev/mail
  mail_queue::QueueRepository mail_queue_repo_;
  std::unique_ptr<mail_queue::MailDelivery> mail_delivery_;
  std::unique_ptr<integrations::HttpClient> http_;
  std::unique_ptr<sim::DevOpenIdProvider> dev_provider_;  // demo mode
  std::unique_ptr<integrations::steam::SteamProfiles> web_api_profiles_;
  integrations::steam::SteamProfiles* profiles_ = nullptr;  // one of the two above, or null
  std::unique_ptr<auth::DbNonceStore> nonces_;
  std::unique_ptr<auth::EmailAccounts> email_;
  std::unique_ptr<auth::Sessions> sessions_;
  std::unique_ptr<auth::SteamAccounts> steam_;
  std::unique_ptr<auth::SteamCallbacks> callbacks_;
  std::unique_ptr<auth::SessionAuthenticator> authenticator_;
};

}  // namespace portal::app
