#include "features/pracc/plugin_routes.hpp"

#include "features/pracc/plugin_dto.hpp"
#include "features/pracc/plugin_source.hpp"
#include "http/api_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <chrono>

namespace portal::pracc {

namespace {

using namespace std::chrono_literals;
using http::Request;
using http::Response;
namespace json = boost::json;

constexpr const char* kPluginLimit = "pracc.plugin";

Response settings(PluginService& service, const Request& request) {
  auto read = service.settings(request.principal->rental_server_id);
  if (!read) return http::error_response(read.error());
  json::array admins;
  for (const auto& id : read->admins) admins.push_back(json::value(id));
  auto response = http::json_response(
      json::object{{"instance_id", read->server_id}, {"sv_password", read->join_password}, {"admins", admins}});
  response.set_header("Cache-Control", "no-store");
  return response;
}

Response players(PluginService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::PlayersReport>(request);
  if (!body) return http::error_response(body.error());
  std::vector<SeenPlayer> seen;
  for (const auto& row : body->players) seen.push_back({*row.steamid, row.name ? **row.name : std::string()});
  auto reported = service.report_players(request.principal->rental_server_id, seen);
  if (!reported) return http::error_response(reported.error());
  return http::json_response(json::object{{"success", true}, {"players", seen.size()}});
}

Response source(const Request&) {
  auto response = http::json_response(json::object{{"files", json::object{{"CS2Portal.cs", plugin_source_code()},
                                                                          {"CS2Portal.csproj", plugin_project_file()},
                                                                          {"build.sh", plugin_build_script()}}}});
  response.set_header("Cache-Control", "no-store");
  return response;
}

}  // namespace

void register_plugin_routes(http::RouteTable& routes, PluginService& service) {
  using http::Access;
  using http::Method;
  PluginService* s = &service;
  routes.add({.method = Method::get,
              .pattern = "/api/plugin/rental/settings",
              .access = Access::game_server,
              .handler = [s](Request& r) { return settings(*s, r); },
              .summary = "A rented server's plugin reads its join password and admins",
              .rate_limit = kPluginLimit,
              .scope = http::KeyScope::rental});
  routes.add({.method = Method::post,
              .pattern = "/api/plugin/rental/players",
              .access = Access::game_server,
              .handler = [s](Request& r) { return players(*s, r); },
              .json_body = true,
              .summary = "A rented server's plugin reports the humans on the server (the owner's past teammates)",
              .rate_limit = kPluginLimit,
              .scope = http::KeyScope::rental});
  routes.add({.method = Method::get,
              .pattern = "/api/plugin/rental/plugin-source",
              .access = Access::game_server,
              .handler = [](Request& r) { return source(r); },
              .summary = "The portal plugin's source, which a rented server's bootstrap builds",
              .rate_limit = kPluginLimit,
              .scope = http::KeyScope::rental});
}

std::map<std::string, core::RateLimit, std::less<>> plugin_rate_limit_policies() {
  // A settings read at start and on each change, a report a minute: a host's servers share an address.
  return {{kPluginLimit, {600, 1min}}};
}

}  // namespace portal::pracc
