#include "features/pracc/routes.hpp"

#include "features/pracc/dto.hpp"
#include "features/pracc/rental_rules.hpp"
#include "http/api_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <charconv>
#include <chrono>

namespace portal::pracc {

namespace {

using namespace std::chrono_literals;
using http::Request;
using http::Response;
namespace json = boost::json;

constexpr const char* kActionLimit = "pracc.action";  // changes that reach a game server or the cloud

Response error(const core::Error& e) {
  // The game server or the cloud failing is a bad gateway, not the portal being busy.
  if (e.code == "CONSOLE_UNAVAILABLE" || e.code.starts_with("CLOUD_")) return http::error_response(e, 502);
  return http::error_response(e);
}

Response ok(json::object body = {}) {
  body["success"] = true;
  return http::json_response(body);
}

Caller caller_of(const Request& request) {
  Caller caller;
  const auto& principal = *request.principal;
  std::from_chars(principal.user_id.data(), principal.user_id.data() + principal.user_id.size(), caller.user_id);
  caller.steam_id = principal.steam_id;
  return caller;
}

std::string id_param(const Request& request) { return std::string(request.path_param("id")); }

json::array admins_json(const std::vector<ServerAdmin>& admins, const std::string& server_name) {
  json::array out;
  for (const auto& a : admins)
    out.push_back(json::object{{"steamid", a.steam_id}, {"name", a.note}, {"servername", server_name}});
  return out;
}

// One server as the web reads it (spec 001 section 3 "Server"), with both namings of the record.
json::object server_json(const ServerView& view) {
  const RentalServer& s = view.server;
  const std::string address = s.public_ip.empty() ? "" : s.public_ip + ":" + std::to_string(s.game_port);
  const std::string connect = address.empty() ? "" : "connect " + address + "; password " + s.join_password;
  json::array admin_rows;
  for (const auto& a : s.admins) admin_rows.push_back(json::object{{"steamid", a.steam_id}, {"name", a.note}});
  return {{"instance_id", s.id},
          {"instance_name", s.name},
          {"region", s.region},
          {"public_ip", s.public_ip},
          {"expiredate", gmt8_datetime(s.expires_at)},
          {"timestamp", s.expires_at},
          {"isOwner", view.is_owner},
          {"isExpired", view.expired},
          {"admin_list", json::serialize(admin_rows)},
          {"connect_url", connect},
          {"sv_password", s.join_password},
          {"server_port", s.game_port},
          {"ip", address},
          {"status", web_status(s)},
          {"maintenance_status", s.maintenance ? 1 : 0},
          {"maintenance_text", s.maintenance_text},
          {"relocatable", s.relocatable() ? 1 : 0},
          {"relocated", s.phase == Phase::relocated ? 1 : 0},
          {"tier", std::string(to_string(s.tier))},
          {"id", s.id},
          {"name", s.name},
          {"location", s.region}};
}

Response user_servers(RentalService& service, const Request& request) {
  json::array out;
  for (const auto& view : service.list(caller_of(request))) out.push_back(server_json(view));
  auto response = http::json_response(out);
  response.set_header("Cache-Control", "no-store");
  return response;
}

Response change_password(RentalService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::ChangePassword>(request);
  if (!body) return error(body.error());
  auto changed = service.change_password(caller_of(request), body->instance_id, body->password);
  if (!changed) return error(changed.error());
  return ok();
}

Response get_admins(RentalService& service, const Request& request) {
  const std::string id = id_param(request);
  auto listed = service.admins(caller_of(request), id);
  if (!listed) return error(listed.error());
  return http::json_response(
      json::object{{"admins", admins_json(listed->admins, listed->server_name)}, {"isOwner", listed->is_owner}});
}

Response put_admins(RentalService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::PutAdmins>(request);
  if (!body) return error(body.error());
  std::vector<ServerAdmin> admins;
  for (const auto& row : body->admins) admins.push_back({*row.steamid, row.name ? **row.name : std::string()});
  auto saved = service.set_admins(caller_of(request), id_param(request), std::move(admins));
  if (!saved) return error(saved.error());
  return ok({{"admins", admins_json(saved->admins, saved->server_name)}});
}

Response teammates(RentalService& service, const Request& request) {
  auto listed = service.teammates(caller_of(request), id_param(request));
  if (!listed) return error(listed.error());
  json::array out;
  for (const auto& mate : *listed) out.push_back(json::object{{"steamid", mate.steam_id}, {"name", mate.name}});
  return http::json_response(json::object{{"teammates", out}});
}

Response demos(RentalService& service, const Request& request) {
  auto listed = service.demos(caller_of(request), id_param(request));
  if (!listed) return error(listed.error());
  json::array out;
  for (const auto& demo : *listed) {
    out.push_back(json::object{{"name", demo.name}, {"size", demo.size}, {"modifiedAt", demo.modified_at}});
  }
  return ok({{"data", json::object{{"demos", out}}}});
}

Response demo_download(RentalService& service, const Request& request) {
  auto link = service.demo_link(caller_of(request), id_param(request), std::string(request.path_param("name")));
  if (!link) return error(link.error());
  auto response = ok({{"data", json::object{{"download_url", *link}}}});
  response.set_header("Cache-Control", "no-store");
  return response;
}

Response regions(RentalService& service, const Request& request) {
  const auto relocatable = request.query_param("relocatable");
  const bool premium = relocatable && (*relocatable == "1" || *relocatable == "true");
  auto listed = service.regions(premium ? cloud::Tier::premium : cloud::Tier::basic);
  if (!listed) return error(listed.error());
  json::array out;
  for (const auto& r : *listed) {
    out.push_back(json::object{{"region", r.region}, {"available", r.available}, {"recommended", r.recommended}});
  }
  return ok({{"regions", out}});
}

Response switch_region(RentalService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::SwitchRegion>(request);
  if (!body) return error(body.error());
  auto next = service.switch_region(caller_of(request), id_param(request), body->targetRegion);
  if (!next) return error(next.error());
  return ok({{"instance_id", *next}});
}

Response restart(RentalService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::InstanceRef>(request);
  if (!body) return error(body.error());
  auto restarted = service.restart(caller_of(request), body->instance_id);
  if (!restarted) return error(restarted.error());
  return ok({{"lockSeconds", kRestartLockSeconds}});
}

Response maintain(RentalService& service, const Request& request, RentalService::Maintenance what) {
  auto done = service.maintain(caller_of(request), id_param(request), what);
  if (!done) return error(done.error());
  return ok();
}

}  // namespace

void register_routes(http::RouteTable& routes, RentalService& service) {
  using http::Access;
  using http::Exec;
  using http::Method;
  RentalService* s = &service;
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/getUserServers",
              .access = Access::logged_in,
              .handler = [s](Request& r) { return user_servers(*s, r); },
              .summary = "The caller's rented servers: owned, or listing the caller as an admin"});
  routes.add({.method = Method::post,
              .pattern = "/api/scrim/change-password",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return change_password(*s, r); },
              .json_body = true,
              .summary = "Change a server's join password (owner; applied through RCON)",
              .rate_limit = kActionLimit});
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/server/{id}/admins",
              .access = Access::logged_in,
              .handler = [s](Request& r) { return get_admins(*s, r); },
              .summary = "A server's admins, and whether the caller owns it"});
  routes.add({.method = Method::put,
              .pattern = "/api/scrim/server/{id}/admins",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return put_admins(*s, r); },
              .json_body = true,
              .summary = "Replace a server's admins (owner; 1 to 7; applied through RCON)",
              .rate_limit = kActionLimit});
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/server/{id}/past-teammates",
              .access = Access::logged_in,
              .handler = [s](Request& r) { return teammates(*s, r); },
              .summary = "Players seen on the owner's servers and earlier admins"});
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/server/{id}/demos",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return demos(*s, r); },
              .summary = "A server's demo recordings, newest first"});
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/server/{id}/demos/{name}/download",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return demo_download(*s, r); },
              .summary = "A pre-signed download link of one recording, valid for minutes"});
  routes.add({.method = Method::get,
              .pattern = "/api/scrim/available-regions",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return regions(*s, r); },
              .summary = "Regions, each available or not and recommended or not"});
  routes.add({.method = Method::post,
              .pattern = "/api/scrim/server/{id}/switch-region",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return switch_region(*s, r); },
              .json_body = true,
              .summary = "Move a relocatable server to another region (owner; 2 per day, GMT+8)",
              .rate_limit = kActionLimit});
  routes.add({.method = Method::post,
              .pattern = "/api/scrim/restart-server",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return restart(*s, r); },
              .json_body = true,
              .summary = "Restart a server (owner or member; locked for 40 s after)",
              .rate_limit = kActionLimit});
  routes.add({.method = Method::post,
              .pattern = "/api/scrim/server/{id}/verify",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return maintain(*s, r, RentalService::Maintenance::verify); },
              .summary = "Verify the game files (owner; the server restarts, about 15 minutes)",
              .rate_limit = kActionLimit});
  routes.add({.method = Method::post,
              .pattern = "/api/scrim/server/{id}/update",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [s](Request& r) { return maintain(*s, r, RentalService::Maintenance::update); },
              .summary = "Update the game (owner; the server restarts)",
              .rate_limit = kActionLimit});
}

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() { return {{kActionLimit, {60, 10min}}}; }

}  // namespace portal::pracc
