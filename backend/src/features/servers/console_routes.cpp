#include "features/servers/console_routes.hpp"

#include "features/servers/errors.hpp"
#include "http/api_error.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <charconv>
#include <optional>

namespace portal::servers {

namespace dto {

using http::dto::Int;
using http::dto::List;
using http::dto::Text;

struct ServerBody {
  std::optional<Text<64>> ip;
  std::optional<Int<1, 65535>> port;
  std::optional<Text<256>> name;
  std::optional<Text<256>> name_display;
  std::optional<Text<64>> category;
  std::optional<Text<64>> region;
  std::optional<Int<0, 1000000>> ontop;
  std::optional<Int<0, 1000000>> star;
  std::optional<bool> enabled;
  std::optional<Text<128>> rcon_password;  // empty removes it
};
BOOST_DESCRIBE_STRUCT(ServerBody, (),
                      (ip, port, name, name_display, category, region, ontop, star, enabled, rcon_password))

struct EnabledBody {
  bool enabled = false;
};
BOOST_DESCRIBE_STRUCT(EnabledBody, (), (enabled))

struct KeyBody {
  List<Text<16>, 8> scopes;
};
BOOST_DESCRIBE_STRUCT(KeyBody, (), (scopes))

struct RconBody {
  Text<kMaxRconCommandBytes> command;
};
BOOST_DESCRIBE_STRUCT(RconBody, (), (command))

}  // namespace dto

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

std::string actor_of(const Request& request) { return "op:" + request.principal->steam_id; }

std::optional<std::int64_t> id_of(const Request& request) {
  const auto text = request.path_param("id");
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

Response error(const core::Error& e) {
  if (e.code == "RCON_UNAVAILABLE") return http::error_response(e, 502);
  return http::error_response(e);
}

json::object server_json(const GameServer& s) {
  json::array scopes;
  if (!s.plugin_key_hash.empty()) {
    std::string_view rest = s.plugin_key_scopes;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      scopes.emplace_back(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
  }
  return {{"id", s.id},
          {"ip", s.ip},
          {"port", s.port},
          {"name", s.name},
          {"name_display", s.name_display},
          {"category", s.category},
          {"region", s.region},
          {"ontop", s.ontop},
          {"star", s.star},
          {"enabled", s.enabled},
          {"has_rcon_password", !s.rcon_password.empty()},
          {"has_key", !s.plugin_key_hash.empty()},
          {"key_scopes", std::move(scopes)}};
}

GameServerChanges changes_of(const dto::ServerBody& b) {
  GameServerChanges c;
  if (b.ip) c.ip = b.ip->value;
  if (b.port) c.port = static_cast<int>(b.port->value);
  if (b.name) c.name = b.name->value;
  if (b.name_display) c.name_display = b.name_display->value;
  if (b.category) c.category = b.category->value;
  if (b.region) c.region = b.region->value;
  if (b.ontop) c.ontop = static_cast<int>(b.ontop->value);
  if (b.star) c.star = static_cast<int>(b.star->value);
  c.enabled = b.enabled;
  if (b.rcon_password) c.rcon_password = b.rcon_password->value;
  return c;
}

Response list(const Service& service) {
  json::array items;
  for (const auto& server : service.all()) items.push_back(server_json(server));
  const auto total = static_cast<std::int64_t>(items.size());
  return http::json_response(json::object{{"items", std::move(items)}, {"total", total}});
}

Response add(Service& service, const Request& request) {
  auto body = http::dto::parse_body<dto::ServerBody>(request);
  if (!body) return error(body.error());
  for (const auto& [present, field] :
       {std::pair{body->ip.has_value(), "ip"}, std::pair{body->port.has_value(), "port"},
        std::pair{body->name.has_value(), "name"}, std::pair{body->category.has_value(), "category"},
        std::pair{body->region.has_value(), "region"}}) {
    if (!present) return error(core::validation_failed(field, std::string(field) + " is required"));
  }
  GameServer server;
  apply(changes_of(*body), server);
  auto added = service.add(server, actor_of(request));
  if (!added) return error(added.error());
  return http::json_response(server_json(*added), 201);
}

Response edit(Service& service, const Request& request, const GameServerChanges& changes) {
  const auto id = id_of(request);
  if (!id) return error(errors::server_not_found());
  auto edited = service.edit(*id, changes, actor_of(request));
  if (!edited) return error(edited.error());
  return http::json_response(server_json(*edited));
}

Response update(Service& service, const Request& request) {
  auto body = http::dto::parse_body<dto::ServerBody>(request);
  if (!body) return error(body.error());
  return edit(service, request, changes_of(*body));
}

Response set_enabled(Service& service, const Request& request) {
  auto body = http::dto::parse_body<dto::EnabledBody>(request);
  if (!body) return error(body.error());
  GameServerChanges changes;
  changes.enabled = body->enabled;
  return edit(service, request, changes);
}

Response remove(Service& service, const Request& request) {
  const auto id = id_of(request);
  if (!id) return error(errors::server_not_found());
  if (auto removed = service.remove(*id, actor_of(request)); !removed) return error(removed.error());
  return http::empty_response(204);
}

Response issue_key(Service& service, const Request& request) {
  const auto id = id_of(request);
  if (!id) return error(errors::server_not_found());
  auto body = http::dto::parse_body<dto::KeyBody>(request);
  if (!body) return error(body.error());
  std::string scopes;
  for (const auto& scope : body->scopes) {
    if (scope.value.find(',') != std::string::npos) {
      return error(core::validation_failed("scopes", "scopes are status, stats, members and bind"));
    }
    scopes += (scopes.empty() ? "" : ",") + scope.value;
  }
  if (scopes.empty()) return error(core::validation_failed("scopes", "a key needs at least one scope"));
  auto key = service.issue_plugin_key(*id, scopes, actor_of(request));
  if (!key) return error(key.error());
  return http::json_response(json::object{{"key", *key}}, 201);
}

Response revoke_key(Service& service, const Request& request) {
  const auto id = id_of(request);
  if (!id) return error(errors::server_not_found());
  if (auto revoked = service.revoke_plugin_key(*id, actor_of(request)); !revoked) return error(revoked.error());
  return http::empty_response(204);
}

core::Status checked_command(const std::string& command) {
  if (command.empty()) return core::validation_failed("command", "command must not be empty");
  for (const char c : command) {
    // The console would run what follows a line break or ';' as further commands.
    if (c == '\n' || c == '\r' || c == '\0' || c == ';') {
      return core::validation_failed("command", "command must be one command on one line (no ';')");
    }
  }
  return core::Ok{};
}

Response rcon(Service& service, const RconSend& send, const OperatorBudget& budget, const Request& request) {
  const auto id = id_of(request);
  if (!id) return error(errors::server_not_found());
  auto body = http::dto::parse_body<dto::RconBody>(request);
  if (!body) return error(body.error());
  if (auto ok = checked_command(*body->command); !ok) return error(ok.error());
  const auto server = service.find(*id);
  if (!server) return error(errors::server_not_found());
  if (server->rcon_password.empty()) return error(errors::rcon_not_configured());
  // Per operator as well as per address: two operators behind one office address each get their own.
  if (budget) {
    if (const auto retry_after = budget(actor_of(request))) return http::rate_limited_response(*retry_after);
  }
  service.audit_rcon(*id, *body->command, actor_of(request));
  auto output = send(server->ip, server->port, server->rcon_password, *body->command);
  if (!output) return error(output.error());
  return http::json_response(json::object{{"output", *output}});
}

}  // namespace

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps) {
  using http::Access;
  using http::Method;
  Service& service = deps.service;
  routes.add({.method = Method::get,
              .pattern = "/api/console/servers",
              .access = Access::op,
              .handler = [&service](Request&) { return list(service); },
              .summary = "Console: every community server with its settings"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/servers",
              .access = Access::op,
              .handler = [&service](Request& r) { return add(service, r); },
              .json_body = true,
              .summary = "Console: add a community server"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/servers/{id}",
              .access = Access::op,
              .handler = [&service](Request& r) { return update(service, r); },
              .json_body = true,
              .summary = "Console: change a community server"});
  routes.add({.method = Method::del,
              .pattern = "/api/console/servers/{id}",
              .access = Access::op,
              .handler = [&service](Request& r) { return remove(service, r); },
              .summary = "Console: remove a community server and its history"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/servers/{id}/enabled",
              .access = Access::op,
              .handler = [&service](Request& r) { return set_enabled(service, r); },
              .json_body = true,
              .summary = "Console: list and query a server, or stop"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/servers/{id}/key",
              .access = Access::op,
              .handler = [&service](Request& r) { return issue_key(service, r); },
              .json_body = true,
              .summary = "Console: issue a server's plugin key (shown once)"});
  routes.add({.method = Method::del,
              .pattern = "/api/console/servers/{id}/key",
              .access = Access::op,
              .handler = [&service](Request& r) { return revoke_key(service, r); },
              .summary = "Console: revoke a server's plugin key"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/servers/{id}/rcon",
              .access = Access::op,
              .exec = http::Exec::outbound,
              .handler = [&service, send = deps.rcon,
                          budget = deps.rcon_budget](Request& r) { return rcon(service, send, budget, r); },
              .json_body = true,
              .summary = "Console: send one RCON command to a server",
              .rate_limit = std::string(kRconRateLimit)});
}

}  // namespace portal::servers
