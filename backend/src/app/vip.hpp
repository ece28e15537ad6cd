#pragma once
// Builds the VIP feature: the privilege table behind GET /api/privileges (seeded in demo mode), the
// member list game-server plugins poll (GET /api/plugin/members: memberships from the accounts
// feature, plugin keys from the servers feature), and in demo mode the sandbox VIP checkout and
// card store pages (app/dev_vip_routes).

#include "app/config.hpp"
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

class Vip {
 public:
  Vip(const Config& config, db::Database& database, auth::MembershipService& memberships, servers::Service& servers);

  void register_routes(http::RouteTable& routes);

 private:
  bool demo_;
  auth::MembershipService& memberships_;
  servers::Service& servers_;
  vip::PrivilegeRepository repository_;
  vip::PrivilegeService service_;
};

// Per-address budgets of the routes above, for the dispatcher.
std::map<std::string, core::RateLimit, std::less<>> vip_rate_limit_policies();

}  // namespace portal::app
