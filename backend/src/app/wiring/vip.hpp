#pragma once
// Builds the VIP feature: the privilege table behind GET /api/privileges (seeded in demo mode), the
// member list game-server plugins poll (GET /api/plugin/members: memberships from the accounts
// feature, plugin keys from the servers feature), and in demo mode the sandbox VIP card store page
// (sim/vip_store). VIP itself is bought through the payment engine (app/wiring/payments).

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "core/rate_limiter.hpp"
#include "db/database.hpp"
#include "features/vip/privilege_repository.hpp"
#include "features/vip/privileges.hpp"
#include "http/route.hpp"

#include <map>
#include <string>

namespace portal::auth {
class MembershipService;
}
namespace portal::servers {
class Service;
}

namespace portal::app {

class Vip final : public Module {
 public:
  Vip(const Config& config, db::Database& database, auth::MembershipService& memberships, servers::Service& servers);

  std::string_view name() const override { return "vip"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void contribute_settings(content::PublicSettings& settings) const override;
  std::vector<std::string> frame_origins() const override;

 private:
  const Config& config_;
  bool demo_;
  auth::MembershipService& memberships_;
  servers::Service& servers_;
  vip::PrivilegeRepository repository_;
  vip::PrivilegeService service_;
};

// links.vip_pay_url and links.vip_store_url as the web gets them: the configured URL; the store
// link in demo mode when empty is the portal's own sandbox page (sim/vip_store). An empty pay URL
// means the portal's own checkout.
std::string effective_vip_pay_url(const Config& config);
std::string effective_vip_store_url(const Config& config);

}  // namespace portal::app
