#include "features/auth/membership_routes.hpp"

#include "http/api_error.hpp"

namespace portal::auth {

namespace {

boost::json::value date_or_null(const std::optional<std::int64_t>& unix_seconds) {
  if (!unix_seconds) return nullptr;
  return boost::json::value(business_date(*unix_seconds));
}

http::Response vip_status(const MembershipService& service, const http::Request& request) {
  auto status = service.status(request.path_param("steamId"));
  http::Response response =
      status ? http::json_response(status_json(status.value())) : http::error_response(status.error());
  // Changes with every grant and payment: never served from a cache.
  response.set_header("Cache-Control", "no-store");
  return response;
}

}  // namespace

boost::json::object status_json(const MembershipStatus& status) {
  boost::json::array groups;
  for (const auto& grant : status.groups) {
    groups.push_back({{"group", to_string(grant.group)}, {"expireDate", date_or_null(grant.expires_at)}});
  }
  return {{"steamId", status.steam_id},
          {"type", to_string(status.type)},
          {"expireDate", date_or_null(status.expires_at)},
          {"vipExpireDate", date_or_null(status.vip_expires_at)},
          {"groups", std::move(groups)}};
}

void register_membership_routes(http::RouteTable& routes, MembershipService& service) {
  // Reads the database: on the worker pool.
  routes.add(http::Route{.method = http::Method::get,
                         .pattern = "/api/auth/vip-status/{steamId}",
                         .access = http::Access::public_access,
                         .exec = http::Exec::worker,
                         .handler = [&service](http::Request& r) { return vip_status(service, r); },
                         .summary = "Membership tier and VIP status of a SteamID64"});
}

}  // namespace portal::auth
