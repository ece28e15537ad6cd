#pragma once
// Builds the inventory feature: the token issuer signed with the [inventory] secret, the service behind
// the user sync and the sign-in, and in demo mode the local stand-in for the inventory site's sign-in
// page. Accounts (users, the Steam profile lookup) come from the accounts feature.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "features/inventory/inventory_token.hpp"
#include "features/inventory/service.hpp"
#include "http/route.hpp"

#include <memory>
#include <string>

namespace portal::app {

class Accounts;

// The sign-in URL the inventory page frames: inventory.sign_in_url, or in demo mode when that is empty
// <public URL>/dev/inventory/sign-in. Empty in production when not configured.
std::string inventory_sign_in_url(const Config& config);

class Inventory final : public Module {
 public:
  // Nothing is built when features.inventory.enabled is off. Throws ConfigError when production with
  // the feature on lacks inventory.token_secret or inventory.sign_in_url.
  Inventory(const Config& config, Accounts& accounts);
  ~Inventory() override;

  std::string_view name() const override { return "inventory"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void contribute_settings(content::PublicSettings& settings) const override;
  std::vector<std::string> frame_origins() const override;

 private:
  const Config& config_;
  std::unique_ptr<inventory::InventoryTokenIssuer> issuer_;
  std::unique_ptr<inventory::InventoryTokenVerifier> verifier_;  // the demo sign-in page's
  std::unique_ptr<inventory::InventoryService> service_;
};

}  // namespace portal::app
