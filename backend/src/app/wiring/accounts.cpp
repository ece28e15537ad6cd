#include "app/wiring/accounts.hpp"

#include "core/clock.hpp"
#include "sim/mail/dev_mail_routes.hpp"
#include "sim/steam/dev_openid_routes.hpp"
#include "core/crypto.hpp"
#include "db/advisory_locks.hpp"
#include "features/auth/membership_routes.hpp"
#include "features/servers/service.hpp"
#include "http/api_error.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "integrations/mail/mail_text.hpp"
#include "integrations/mail/outbox_mailer.hpp"
#include "integrations/mail/smtp_mailer.hpp"
#include "sim/steam/dev_openid_provider.hpp"

#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>

namespace portal::app {

namespace {

// Production must be given a key; demo mode keeps a generated one in the data folder so that tokens
// survive a restart of `make run`.
std::string signing_key(const Config& config) {
  const std::string weakness = core::secret_weakness(config.auth.jwt_secret);
  if (weakness.empty()) return config.auth.jwt_secret;
  if (!config.auth.jwt_secret.empty() || config.mode != Mode::demo) {
    throw ConfigError("Setting \"auth.jwt_secret\" " + weakness +
                      " (set PORTAL_AUTH__JWT_SECRET, e.g. to the output of `openssl rand -hex 32`).");
  }
  const auto file = config.data_dir / "jwt-secret";
  std::string key;
  if (std::ifstream in(file); in) std::getline(in, key);
  if (key.size() < 32) {
    std::filesystem::create_directories(config.data_dir);
    key = core::random_token(32);
    std::ofstream(file, std::ios::trunc) << key << "\n";
    ::chmod(file.c_str(), 0600);
  }
  return key;
}

// Production without an SMTP server: say so at every send instead of pretending.
class UnconfiguredMailer final : public mail::Mailer {
 public:
  core::Status send(const mail::MailMessage&) override {
    return mail::mail_failed("no SMTP server is configured (mail.smtp_url)");
  }
};

}  // namespace

std::string steam_openid_endpoint(const Config& config) {
  return config.mode == Mode::demo ? config.public_url() + "/api/dev/openid/login" : config.steam.openid_endpoint;
}

std::string steam_login_return_url(const Config& config) {
  return config.steam.return_url.empty() ? config.public_url() + "/api/auth/steam/callback" : config.steam.return_url;
}

std::string steam_bind_return_url(const Config& config) {
  return config.public_url() + "/api/auth/steam/bind/callback";
}

Accounts::Accounts(const Config& config, db::Database& database, servers::Service& servers)
    : config_(config),
      servers_(servers),
      users_(database),
      credentials_(database),
      sessions_repo_(database),
      bindings_(database),
      membership_repo_(database),
      memberships_(membership_repo_, core::system_unix_now),
      budgets_(database),
      mail_queue_repo_(database) {
  const std::string key = signing_key(config);
  tokens_ = std::make_unique<auth::TokenService>(key);
  hasher_ = std::make_unique<auth::PasswordHasher>(auth::PasswordCost{
      static_cast<std::size_t>(config.auth.password_memory_kib), static_cast<unsigned>(config.auth.password_passes)});

  const mail::MailIdentity from{config.mail.from_name, config.mail.from_address};
  const bool outbox =
      config.mail.transport == "outbox" || (config.mail.transport == "auto" && config.mode == Mode::demo);
  if (outbox) {
    auto mailer = std::make_unique<mail::OutboxMailer>(config.data_dir / "outbox", from, config.mode == Mode::demo);
    outbox_ = mailer.get();
    mailer_ = std::move(mailer);
  } else if (!config.mail.smtp_url.empty()) {
    mailer_ = std::make_unique<mail::SmtpMailer>(mail::SmtpSettings{
        .url = config.mail.smtp_url,
        .username = config.mail.username,
        .password = config.mail.password,
        .from = from,
        .timeout = std::chrono::seconds(config.mail.timeout_s),
        .ca_file = config.mail.ca_file,
    });
  } else {
    spdlog::warn("mail.smtp_url is empty: registration codes and reset links cannot be sent");
    mailer_ = std::make_unique<UnconfiguredMailer>();
  }

  http_ = std::make_unique<integrations::CurlHttpClient>();
  integrations::steam::SteamProfiles* profiles = nullptr;
  if (config.mode == Mode::demo) {
    dev_provider_ = std::make_unique<sim::DevOpenIdProvider>(steam_openid_endpoint(config));
    profiles = dev_provider_.get();
  } else if (!config.steam.web_api_key.empty()) {
    web_api_profiles_ = std::make_unique<integrations::steam::WebApiProfiles>(config.steam.web_api_key, *http_);
    profiles = web_api_profiles_.get();
  }
  profiles_ = profiles;
  mail_delivery_ = std::make_unique<mail_queue::MailDelivery>(
      mail_queue::MailDeliveryDeps{.queue = mail_queue_repo_, .mailer = *mailer_, .now_unix = core::system_unix_now});
  nonces_ = std::make_unique<auth::DbNonceStore>(sessions_repo_);

  email_ = std::make_unique<auth::EmailAccounts>(auth::EmailAccountsDeps{
      .users = users_,
      .credentials = credentials_,
      .sessions = sessions_repo_,
      .hasher = *hasher_,
      .tokens = *tokens_,
      .mailer = *mailer_,
      .budgets = budgets_,
      .now = core::system_unix_now,
      .public_url = [base = config.public_url()] { return base; },
      .site_name = "CS2 Community",
      .code_pepper = core::sha256_hex("email-code|" + key),
  });
  sessions_ = std::make_unique<auth::Sessions>(users_, sessions_repo_, *tokens_, core::system_unix_now);
  steam_ = std::make_unique<auth::SteamAccounts>(auth::SteamAccountsDeps{
      .users = users_,
      .sessions = sessions_repo_,
      .bindings = bindings_,
      .tokens = *tokens_,
      .profiles = profiles,
      .budgets = budgets_,
      .now = core::system_unix_now,
  });
  const std::string base = config.public_url();
  const auth::SteamCallbackUrls urls{
      .op_endpoint = steam_openid_endpoint(config),
      .login_return_to = steam_login_return_url(config),
      .bind_return_to = steam_bind_return_url(config),
      .web_origin = base,
  };
  callbacks_ = std::make_unique<auth::SteamCallbacks>(*steam_, *http_, *nonces_, [urls] { return urls; });
  authenticator_ = std::make_unique<auth::SessionAuthenticator>(*sessions_, [this](const std::string& steam_id) {
    auto status = memberships_.status(steam_id);
    if (!status) return false;
    for (const auto& grant : status->groups) {
      if (grant.group == auth::Tier::op) return true;
    }
    return false;
  });
}

Accounts::~Accounts() = default;

void Accounts::register_routes(http::RouteTable& routes) {
  auth::register_routes(routes, auth::AuthRoutesDeps{
                                    .email = *email_,
                                    .sessions = *sessions_,
                                    .steam = *steam_,
                                    .callbacks = *callbacks_,
                                    .tokens = *tokens_,
                                    .now = core::system_unix_now,
                                    .player_on_server =
                                        [this](std::int64_t server_id, const std::string& steam_id) {
                                          return servers_.player_on_server(server_id, steam_id);
                                        },
                                });
  auth::register_membership_routes(routes, memberships_);
  if (dev_provider_) sim::register_dev_openid_routes(routes, *dev_provider_);
  if (outbox_) sim::register_dev_mail_routes(routes, *outbox_);
}

void Accounts::add_jobs(core::jobs::Scheduler& jobs) {
  jobs.add(core::jobs::Job{
      .name = "auth.purge",
      .interval = std::chrono::hours(1),
      .work = [this] { purge_expired(); },
      .lock_key = db::advisory_locks::kJobAuthPurge,
  });
  jobs.add(core::jobs::Job{
      .name = "mail.deliver",
      .interval = std::chrono::seconds(5),
      .work = [this] { mail_delivery_->deliver_due(); },
      .lock_key = db::advisory_locks::kJobMailDeliver,
  });
}

void Accounts::purge_expired() {
  sessions_repo_.purge(core::system_unix_now());
  budgets_.purge(core::system_unix_now());
}

RateLimitPolicies Accounts::rate_limit_policies() const { return auth::rate_limit_policies(); }

void Accounts::contribute_settings(content::PublicSettings& settings) const {
  settings.steam_openid_endpoint = steam_openid_endpoint(config_);
  settings.steam_realm = config_.steam.realm.empty() ? config_.public_url() : config_.steam.realm;
  settings.steam_return_url = steam_login_return_url(config_);
  settings.steam_bind_return_url = steam_bind_return_url(config_);
}

}  // namespace portal::app
