#pragma once
// Demo mode only: the stand-ins for the community's external VIP pages, served by the portal itself
// so the VIP page works end to end on one machine (links.vip_pay_url and links.vip_store_url default
// to them in demo mode):
//   GET  /dev/vip-host?username=&steamid=&servername=&theme=light|dark  the checkout the self-pay dialog frames
//   POST /dev/vip-host/pay   {steamid, days, nonce} form: grants VIP through MembershipService::grant_vip
//                            (source "dev-vip-host", source_ref "dev-vip-host:<nonce>": a double submit
//                            pays once), then redirects back to the checkout showing the new VIP end
//   GET  /dev/vip-store      the VIP card store (sandbox: nothing is sold)
// The composition root registers them only in demo mode (app/wiring/vip).

#include "features/auth/membership_service.hpp"
#include "http/route.hpp"

#include <string>

namespace portal::sim {

inline constexpr const char* kDevVipHostPath = "/dev/vip-host";
inline constexpr const char* kDevVipStorePath = "/dev/vip-store";

void register_dev_vip_routes(http::RouteTable& routes, auth::MembershipService& memberships);

}  // namespace portal::sim
