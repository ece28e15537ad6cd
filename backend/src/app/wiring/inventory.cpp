#include "app/wiring/inventory.hpp"

#include "core/clock.hpp"
#include "app/wiring/accounts.hpp"
#include "sim/inventory_site/dev_inventory_routes.hpp"
#include "core/crypto.hpp"
#include "core/steam_id.hpp"
#include "features/inventory/routes.hpp"
#include "http/response_policy.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace portal::app {

namespace {

// Production must be given the secret shared with the inventory site; demo mode makes one up at each
// start (its tokens live a minute, and the only site that checks them is the portal's own demo page).
std::string token_secret(const Config& config) {
  if (!config.inventory.token_secret.empty()) return config.inventory.token_secret;
  if (config.mode == Mode::demo) return core::random_token(32);
  throw ConfigError(
      "Setting \"inventory.token_secret\" must be set when \"features.inventory.enabled\" is true: the secret shared "
      "with the inventory site, at least 32 characters (set PORTAL_INVENTORY__TOKEN_SECRET, e.g. to the output of "
      "`openssl rand -hex 32`), or turn the page off with PORTAL_FEATURES__INVENTORY__ENABLED=false.");
}

inventory::Account account_of(const auth::User& user) {
  return {.user_id = user.id, .steam_id = user.steam_id, .username = user.username, .avatar = user.avatar};
}

}  // namespace

std::string inventory_sign_in_url(const Config& config) {
  if (!config.inventory.sign_in_url.empty() || config.mode != Mode::demo) return config.inventory.sign_in_url;
  return config.public_url() + "/dev/inventory/sign-in";
}

Inventory::Inventory(const Config& config, Accounts& accounts) : config_(config) {
  if (!config.features.inventory_enabled) return;
  const std::string sign_in_url = inventory_sign_in_url(config);
  if (sign_in_url.empty()) {
    throw ConfigError(
        "Setting \"inventory.sign_in_url\" must be set when \"features.inventory.enabled\" is true: the inventory "
        "site's sign-in callback (set PORTAL_INVENTORY__SIGN_IN_URL), or turn the page off with "
        "PORTAL_FEATURES__INVENTORY__ENABLED=false.");
  }
  const std::string secret = token_secret(config);
  const std::string audience = http::origin_of(sign_in_url);
  issuer_ = std::make_unique<inventory::InventoryTokenIssuer>(inventory::InventoryTokenSettings{
      .secret = secret,
      .issuer = config.public_url(),
      .audience = audience,
      .ttl = std::chrono::seconds(config.inventory.token_ttl_s),
  });
  if (config.mode == Mode::demo) {
    // The stand-in site lives at the portal's own origin and checks what a real site would.
    verifier_ = std::make_unique<inventory::InventoryTokenVerifier>(secret, config.public_url(),
                                                                    http::origin_of(config.public_url()));
  }

  auth::UserRepository& users = accounts.users();
  integrations::steam::SteamProfiles* profiles = accounts.steam_profiles();
  service_ = std::make_unique<inventory::InventoryService>(inventory::InventoryDeps{
      .account_of = [&users](std::int64_t user_id) -> std::optional<inventory::Account> {
        auto user = users.find_by_id(user_id);
        if (!user) return std::nullopt;
        return account_of(*user);
      },
      // The lookup the Steam login uses; Steam being down keeps the stored name and avatar.
      .steam_profile_of = [profiles](const std::string& steam_id) -> std::optional<inventory::SteamProfile> {
        const auto id = core::parse_steam_id64(steam_id);
        if (profiles == nullptr || !id) return std::nullopt;
        auto profile = profiles->fetch(*id);
        if (!profile) {
          spdlog::warn("steam profile of {} unavailable for the user sync: {}", steam_id, profile.error().message);
          return std::nullopt;
        }
        if (!profile->has_value()) return std::nullopt;
        return inventory::SteamProfile{(*profile)->persona_name, (*profile)->avatar_url};
      },
      // Empty fields keep the stored values (the repository's rule for Steam logins too).
      .save_profile =
          [&users](const std::string& steam_id, const inventory::SteamProfile& profile) {
            return account_of(
                users.upsert_steam_user(steam_id, profile.username, profile.avatar, core::system_unix_now()));
          },
      .issuer = *issuer_,
      .now = core::system_unix_now,
  });
}

Inventory::~Inventory() = default;

void Inventory::register_routes(http::RouteTable& routes) {
  if (!service_) return;
  inventory::register_routes(routes, *service_);
  if (verifier_) sim::register_dev_inventory_routes(routes, *verifier_, core::system_unix_now);
}

RateLimitPolicies Inventory::rate_limit_policies() const { return inventory::rate_limit_policies(); }

void Inventory::contribute_settings(content::PublicSettings& settings) const {
  settings.inventory_enabled = config_.features.inventory_enabled;
  settings.inventory = config_.links.inventory_url;
  settings.inventory_sign_in = inventory_sign_in_url(config_);
}

// The inventory page frames the inventory site's sign-in.
std::vector<std::string> Inventory::frame_origins() const {
  return {http::origin_of(config_.links.inventory_url), http::origin_of(inventory_sign_in_url(config_))};
}

}  // namespace portal::app
