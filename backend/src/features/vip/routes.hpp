#pragma once
// Route of the VIP page (spec 000 §2.8, §7): GET /api/privileges?language=zh|en, public.

#include "features/vip/privileges.hpp"
#include "http/route.hpp"

#include <boost/json/array.hpp>

#include <vector>

namespace portal::vip {

void register_routes(http::RouteTable& routes, PrivilegeService& service);

// The answer's body: [{id, key, content, detail, order, normal, vip, pro, kol, op}] in the given order,
// texts in `language`.
boost::json::array privileges_json(const std::vector<Privilege>& privileges, Language language);

}  // namespace portal::vip
