#include "features/inventory/routes.hpp"

#include "core/steam_id.hpp"
#include "http/api_error.hpp"
#include "http/json_body.hpp"

#include <boost/json/object.hpp>

#include <ctime>

namespace portal::inventory {

namespace {

using namespace std::chrono_literals;
using http::Access;
using http::Request;
using http::Response;

constexpr const char* kSignInLimit = "inventory.sign_in";
constexpr const char* kSyncLimit = "inventory.sync";

// The SteamID64 in `field` of the JSON body: required, a string, a SteamID64 (422 naming the field).
core::Result<std::string> steam_id_field(const Request& request, std::string_view field) {
  auto body = http::parse_json_object(request);
  if (!body) return body.error();
  std::optional<core::Error> error;
  auto value = http::string_field(*body, field, 32, error);
  if (error) return *error;
  if (!value) return http::field_error(field, std::string(field) + " is required");
  if (!core::is_steam_id64(*value)) return http::field_error(field, std::string(field) + " must be a SteamID64");
  return std::move(*value);
}

std::int64_t user_id_of(const Request& request) { return std::stoll(request.principal->user_id); }

std::string iso8601(std::int64_t unix_seconds) {
  const std::time_t seconds = static_cast<std::time_t>(unix_seconds);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  const std::size_t size = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text, size);
}

Response no_store(Response response) {
  response.set_header("Cache-Control", "no-store");
  return response;
}

Response sync_user(const InventoryService& service, Request& request) {
  auto steam_id = steam_id_field(request, "steamid");
  if (!steam_id) return http::error_response(steam_id.error());
  auto synced = service.sync_user(user_id_of(request), *steam_id);
  if (!synced) return http::error_response(synced.error());
  const Account& a = synced->account;
  return no_store(http::json_response({{"steamId", a.steam_id},
                                       {"username", a.username.empty() ? a.steam_id : a.username},
                                       {"avatar", a.avatar},
                                       {"syncedAt", iso8601(synced->synced_at)}}));
}

Response sign_in(const InventoryService& service, Request& request) {
  auto steam_id = steam_id_field(request, "steamId");
  if (!steam_id) return http::error_response(steam_id.error());
  auto issued = service.sign_in(user_id_of(request), *steam_id);
  if (!issued) return http::error_response(issued.error());
  return no_store(http::json_response(
      {{"token", issued->token}, {"expiresIn", issued->claims.expires_at - issued->claims.issued_at}}));
}

}  // namespace

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() {
  return {
      {kSignInLimit, {30, 1min}},  // each answers a token for the inventory site
      {kSyncLimit, {30, 1min}},    // each may cost a round trip to Steam
  };
}

void register_routes(http::RouteTable& routes, InventoryService& service) {
  routes.post_json(
      "/api/database/im-update-user", Access::logged_in, [&service](Request& r) { return sync_user(service, r); },
      kSyncLimit, http::Exec::outbound);  // asks Steam for the name and avatar
  routes.post_json(
      "/api/auth/inventory/sign-in", Access::logged_in, [&service](Request& r) { return sign_in(service, r); },
      kSignInLimit);
}

}  // namespace portal::inventory
