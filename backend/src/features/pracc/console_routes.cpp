#include "features/pracc/console_routes.hpp"

#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "features/pracc/console_dto.hpp"
#include "features/pracc/rental_rules.hpp"
#include "http/api_error.hpp"
#include "http/console_params.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

namespace portal::pracc {

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

constexpr std::size_t kMaxQueryBytes = 64;

Response error(const core::Error& e) { return http::error_response(e); }

std::string actor_of(const Request& request) { return "op:" + request.principal->steam_id; }
std::string id_param(const Request& request) { return std::string(request.path_param("id")); }

json::object server_json(const RentalServer& s) {
  json::array admins;
  for (const auto& a : s.admins) admins.push_back(json::object{{"steam_id", a.steam_id}, {"note", a.note}});
  return {{"id", s.id},
          {"name", s.name},
          {"owner", json::object{{"user_id", s.owner_user_id}, {"steam_id", s.owner_steam_id}}},
          {"status", web_status(s)},
          {"phase", to_string(s.phase)},
          {"phase_since", s.phase_since},
          {"region", s.region},
          {"tier", to_string(s.tier)},
          {"relocatable", s.relocatable()},
          {"expires_at", s.expires_at},
          {"created_at", s.created_at},
          {"order_id", s.order_id},
          {"relocated_from", s.relocated_from},
          {"instance", json::object{{"cloud_instance_id", s.cloud_instance_id},
                                    {"cloud_state", s.cloud_state},
                                    {"public_ip", s.public_ip},
                                    {"game_port", s.game_port},
                                    {"launch_attempts", s.launch_attempts},
                                    {"next_launch_at", s.next_launch_at}}},
          {"maintenance", json::object{{"on", s.maintenance}, {"text", s.maintenance_text}}},
          {"admins", admins}};
}

Response answer(const core::Result<RentalServer>& server) {
  if (!server) return error(server.error());
  return http::json_response(server_json(*server));
}

// q is a SteamID64 (the owner), a server id or its start (srv_...), a cloud instance id (ins-...) or a
// part of the server's name.
core::Status read_q(const Request& request, RentalSearchFilter& filter) {
  const std::string q(core::trim_text(request.query_param("q").value_or("")));
  if (q.empty()) return core::Ok{};
  if (q.size() > kMaxQueryBytes) return core::validation_failed("q", "q must be at most 64 bytes");
  if (core::is_steam_id64(q)) {
    filter.owner_steam_id = q;
  } else if (q.starts_with("srv_")) {
    filter.id_prefix = q;
  } else if (q.starts_with("ins-")) {
    filter.instance_id = q;
  } else {
    filter.name_part = q;
  }
  return core::Ok{};
}

core::Result<RentalSearchFilter> filter_of(const Request& request, const std::vector<OperatorRegion>& regions) {
  RentalSearchFilter filter;
  if (auto ok = read_q(request, filter); !ok) return ok.error();
  auto status = http::one_of(request, "status",
                             {"creating", "running", "restarting", "updating", "verifying", "switching", "expired",
                              "starting", "terminating", "terminated", "failed", "relocated"});
  if (!status) return status.error();
  if (!status->empty()) filter.phase = phase_from(*status);
  filter.region = std::string(request.query_param("region").value_or(""));
  if (!filter.region.empty()) {
    bool offered = false;
    for (const auto& region : regions) offered = offered || region.code == filter.region;
    if (!offered) return core::validation_failed("region", "region must be one of the offered regions");
  }
  auto maintenance = http::one_of(request, "maintenance", {"true", "false"});
  if (!maintenance) return maintenance.error();
  if (!maintenance->empty()) filter.maintenance = *maintenance == "true";
  auto query = http::list_query(request, {"expires_at", "created_at"});
  if (!query) return query.error();
  filter.sort_by_created = query->sort == "created_at";
  filter.descending = query->descending;
  filter.offset = query->offset();
  filter.limit = query->page_size;
  return filter;
}

Response list(const RentalOperations& operations, const RentalSearch& search, const Request& request) {
  auto filter = filter_of(request, operations.regions());
  if (!filter) return error(filter.error());
  auto query = http::list_query(request, {"expires_at", "created_at"});
  const auto page = search.search(*filter);
  json::array items;
  for (const auto& server : page.items) items.push_back(server_json(server));
  return http::json_response(http::list_json(std::move(items), page.total, *query));
}

template <typename Body>
core::Result<std::pair<Body, std::string>> body_and_reason(const Request& request) {
  auto body = http::dto::parse_body<Body>(request);
  if (!body) return body.error();
  auto reason = http::checked_reason(*body->reason);
  if (!reason) return reason.error();
  return std::pair<Body, std::string>{std::move(*body), std::move(*reason)};
}

Response maintenance(RentalOperations& operations, const Request& request) {
  auto parsed = body_and_reason<dto::MaintenanceBody>(request);
  if (!parsed) return error(parsed.error());
  const auto& [body, reason] = *parsed;
  if (body.on && !body.text) return error(core::validation_failed("text", "text is required to turn maintenance on"));
  const std::string text = body.text ? **body.text : std::string();
  return answer(operations.maintenance(id_param(request), body.on, text, reason, actor_of(request)));
}

Response extend(RentalOperations& operations, const Request& request) {
  auto parsed = body_and_reason<dto::ExtendBody>(request);
  if (!parsed) return error(parsed.error());
  return answer(operations.extend(id_param(request), parsed->first.hours, parsed->second, actor_of(request)));
}

Response end(RentalOperations& operations, const Request& request) {
  auto parsed = body_and_reason<dto::ReasonBody>(request);
  if (!parsed) return error(parsed.error());
  return answer(operations.end(id_param(request), parsed->second, actor_of(request)));
}

Response retry(RentalOperations& operations, const Request& request) {
  auto parsed = body_and_reason<dto::ReasonBody>(request);
  if (!parsed) return error(parsed.error());
  return answer(operations.retry(id_param(request), parsed->second, actor_of(request)));
}

json::object region_json(const OperatorRegion& r) {
  return {{"code", r.code},
          {"available", r.available},
          {"recommended", r.recommended},
          {"active_servers", r.active_servers}};
}

Response regions(const RentalOperations& operations) {
  json::array items;
  for (const auto& region : operations.regions()) items.push_back(region_json(region));
  return http::json_response(json::object{{"items", items}});
}

Response set_region(RentalOperations& operations, const Request& request) {
  auto body = http::dto::parse_body<dto::RegionFlagsBody>(request);
  if (!body) return error(body.error());
  auto region = operations.set_region(std::string(request.path_param("code")), body->available, body->recommended,
                                      actor_of(request));
  if (!region) return error(region.error());
  return http::json_response(region_json(*region));
}

}  // namespace

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps) {
  using http::Access;
  using http::Method;
  RentalOperations& operations = deps.operations;
  const RentalSearch& search = deps.search;

  routes.add({.method = Method::get,
              .pattern = "/api/console/rentals",
              .access = Access::op,
              .handler = [&operations, &search](Request& r) { return list(operations, search, r); },
              .summary = "Console: every rented server, filtered, sorted and paged"});
  const auto change = [&](const char* pattern, Response (*handler)(RentalOperations&, const Request&),
                          const char* summary) {
    routes.add({.method = Method::post,
                .pattern = pattern,
                .access = Access::op,
                .handler = [&operations, handler](Request& r) { return handler(operations, r); },
                .json_body = true,
                .summary = summary});
  };
  change("/api/console/rentals/{id}/maintenance", maintenance,
         "Console: a rented server's maintenance overlay on (with its text) or off");
  change("/api/console/rentals/{id}/extend", extend, "Console: add hours to a rented server (compensation)");
  change("/api/console/rentals/{id}/end", end, "Console: end a rented server's time now");
  change("/api/console/rentals/{id}/retry", retry, "Console: launch a server whose provisioning failed again");
  routes.add({.method = Method::get,
              .pattern = "/api/console/regions",
              .access = Access::op,
              .handler = [&operations](Request&) { return regions(operations); },
              .summary = "Console: the offered regions with the operator's flags"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/regions/{code}",
              .access = Access::op,
              .handler = [&operations](Request& r) { return set_region(operations, r); },
              .json_body = true,
              .summary = "Console: offer a region or not, recommend it or not"});
}

}  // namespace portal::pracc
