#include "app/vip.hpp"

#include "app/demo_privileges.hpp"
#include "app/dev_vip_routes.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/plugin_members_routes.hpp"
#include "features/servers/service.hpp"
#include "features/vip/routes.hpp"

namespace portal::app {

Vip::Vip(const Config& config, db::Database& database, auth::MembershipService& memberships, servers::Service& servers)
    : demo_(config.mode == Mode::demo),
      memberships_(memberships),
      servers_(servers),
      repository_(database),
      service_(repository_, auth::system_now_unix) {
  if (demo_) seed_demo_privileges(service_);
}

void Vip::register_routes(http::RouteTable& routes) {
  vip::register_routes(routes, service_);
  auth::register_plugin_members_routes(routes, auth::PluginMembersDeps{
                                                   .memberships = memberships_,
                                                   .now = auth::system_now_unix,
                                               });
  if (demo_) register_dev_vip_routes(routes, memberships_);
}

std::map<std::string, core::RateLimit, std::less<>> vip_rate_limit_policies() {
  return auth::plugin_members_rate_limit_policies();
}

}  // namespace portal::app
