#include "app/wiring/vip.hpp"

#include "core/clock.hpp"
#include "app/demo/demo_privileges.hpp"
#include "sim/vip_store/dev_vip_routes.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/plugin_members_routes.hpp"
#include "features/servers/service.hpp"
#include "features/vip/console_routes.hpp"
#include "features/vip/routes.hpp"
#include "http/response_policy.hpp"

namespace portal::app {

Vip::Vip(const Config& config, db::Database& database, auth::MembershipService& memberships, servers::Service& servers)
    : config_(config),
      demo_(config.mode == Mode::demo),
      memberships_(memberships),
      servers_(servers),
      repository_(database),
      service_(repository_, core::system_unix_now) {
  if (demo_) seed_demo_privileges(service_);
}

void Vip::register_routes(http::RouteTable& routes) {
  vip::register_routes(routes, service_);
  vip::register_console_routes(routes, service_);
  auth::register_plugin_members_routes(routes, auth::PluginMembersDeps{
                                                   .memberships = memberships_,
                                                   .now = core::system_unix_now,
                                               });
  if (demo_) sim::register_dev_vip_routes(routes);
}

RateLimitPolicies Vip::rate_limit_policies() const { return auth::plugin_members_rate_limit_policies(); }

void Vip::contribute_settings(content::PublicSettings& settings) const {
  settings.vip_store = effective_vip_store_url(config_);
  settings.vip_pay = effective_vip_pay_url(config_);
}

// The self-pay dialog frames the checkout.
std::vector<std::string> Vip::frame_origins() const { return {http::origin_of(config_.links.vip_pay_url)}; }

// Without an external checkout the VIP page sells VIP through the portal's own (features/payments),
// demo mode included (its providers are the stand-ins of sim/payments).
std::string effective_vip_pay_url(const Config& config) { return config.links.vip_pay_url; }

std::string effective_vip_store_url(const Config& config) {
  if (!config.links.vip_store_url.empty() || config.mode != Mode::demo) return config.links.vip_store_url;
  return config.public_url() + sim::kDevVipStorePath;
}

}  // namespace portal::app
