#pragma once
// Demo mode only: the stand-in for the community's external VIP card store, served by the portal
// itself so the VIP page's store link works on one machine (links.vip_store_url defaults to it in
// demo mode):
//   GET  /dev/vip-store      the VIP card store (sandbox: nothing is sold)
// VIP itself is bought inside the portal through the payment engine and sim/payments. The composition
// root registers this only in demo mode (app/wiring/vip).

#include "http/route.hpp"

namespace portal::sim {

inline constexpr const char* kDevVipStorePath = "/dev/vip-store";

void register_dev_vip_routes(http::RouteTable& routes);

}  // namespace portal::sim
