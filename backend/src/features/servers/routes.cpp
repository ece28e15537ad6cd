#include "features/servers/routes.hpp"

#include "core/gzip.hpp"
#include "core/steam_id.hpp"
#include "features/servers/errors.hpp"
#include "http/api_error.hpp"
#include "http/cached_json.hpp"
#include "http/json_body.hpp"

#include <boost/json/serialize.hpp>

#include <charconv>

namespace portal::servers {

namespace {

constexpr std::size_t kCompressAbove = 1024;
constexpr std::size_t kMaxPushedPlayers = 256;

std::set<std::string> comma_list(const http::Request& request, std::string_view name) {
  std::set<std::string> out;
  const auto value = request.query_param(name);
  if (!value) return out;
  std::string_view rest = *value;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    if (!item.empty()) out.emplace(item);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return out;
}

std::optional<int> parse_port(std::string_view text) {
  int port = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (ec != std::errc{} || end != text.data() + text.size() || port < 1 || port > 65535) return std::nullopt;
  return port;
}

http::Response list_servers(Service& service, const http::Request& request) {
  ListFilter filter{comma_list(request, "modes"), comma_list(request, "maps"), comma_list(request, "regions")};
  if (filter.empty()) {
    const auto snapshot = service.snapshot();
    return http::cached_json_response(request, {snapshot->json, snapshot->json_gzip, snapshot->etag});
  }
  boost::json::array items;
  for (const auto& server : service.list(filter)) items.push_back(item_json(server));
  auto body = std::make_shared<const std::string>(boost::json::serialize(items));
  std::shared_ptr<const std::string> packed;
  if (body->size() > kCompressAbove && http::accepts_gzip(request)) {
    packed = std::make_shared<const std::string>(core::gzip_compress(*body));
  }
  return http::cached_json_response(request, {std::move(body), std::move(packed), {}});
}

http::Response server_info(Service& service, const http::Request& request) {
  const auto ip = request.query_param("ip");
  const auto port = parse_port(request.query_param("port").value_or(""));
  if (!ip || ip->empty()) return http::error_response(http::field_error("ip", "ip is required"));
  if (!port) return http::error_response(http::field_error("port", "port must be between 1 and 65535"));
  auto players = service.players(std::string(*ip), *port);
  if (!players) return http::error_response(players.error());
  boost::json::array list;
  for (const auto& player : players.value()) {
    list.push_back({{"name", player.name}, {"raw", {{"time", player.seconds}}}});
  }
  return http::json_response({{"players", {{"list", std::move(list)}}}});
}

http::Response server_details(Service& service, const http::Request& request) {
  const std::string_view id = request.path_param("id");
  const auto colon = id.rfind(':');
  const auto port = colon == std::string_view::npos ? std::nullopt : parse_port(id.substr(colon + 1));
  if (!port) return http::error_response(errors::server_not_found());
  auto details = service.details(std::string(id.substr(0, colon)), *port);
  if (!details) return http::error_response(details.error());
  boost::json::array history;
  for (const auto& sample : details->history)
    history.push_back({{"t", sample.bucket_start}, {"players", sample.players}});
  return http::json_response({{"server", details_json(details->server)}, {"history", std::move(history)}});
}

http::Response plugin_push(Service& service, const http::Request& request) {
  auto body = http::parse_json_object(request);
  if (!body) return http::error_response(body.error());
  std::optional<core::Error> error;
  const auto ip = http::string_field(*body, "ip", 64, error);
  const auto port = http::int_field(*body, "port", 1, 65535, error);
  const auto map = http::string_field(*body, "map", 64, error);
  const auto max_players = http::int_field(*body, "max_players", 0, 256, error);
  if (!error && (!ip || !port)) error = http::field_error(!ip ? "ip" : "port", "ip and port are required");
  PluginPush report{map.value_or(""), static_cast<int>(max_players.value_or(0)), {}};
  if (const auto* players = body->if_contains("players"); !error && players && !players->is_null()) {
    if (!players->is_array() || players->as_array().size() > kMaxPushedPlayers) {
      error = http::field_error("players", "players must be an array of at most 256 entries");
    } else {
      for (const auto& entry : players->as_array()) {
        if (!entry.is_object()) {
          error = http::field_error("players", "each player must be an object");
          break;
        }
        const auto name = http::string_field(entry.as_object(), "name", 128, error);
        const auto time = http::int_field(entry.as_object(), "time", 0, 10LL * 365 * 86400, error);
        const auto steam_id = http::string_field(entry.as_object(), "steamId", 32, error);
        if (!error && steam_id && !core::is_steam_id64(*steam_id)) {
          error = http::field_error("players", "a player's steamId must be a SteamID64");
        }
        if (error) break;
        report.players.push_back({name.value_or(""), static_cast<double>(time.value_or(0))});
        if (steam_id) report.steam_ids.push_back(*steam_id);
      }
    }
  }
  if (error) return http::error_response(*error);
  auto pushed = service.push(request.principal->game_server_id, *ip, static_cast<int>(*port), std::move(report));
  if (!pushed) return http::error_response(pushed.error());
  return http::empty_response(204);
}

}  // namespace

void register_routes(http::RouteTable& routes, Service& service) {
  // The list and the players come from the in-memory snapshot: no database, no blocking.
  routes.get(
      "/api/servers", http::Access::public_access, [&service](http::Request& r) { return list_servers(service, r); },
      http::Exec::inline_io);
  routes.get(
      "/api/server/info", http::Access::public_access, [&service](http::Request& r) { return server_info(service, r); },
      http::Exec::inline_io);
  routes.get("/api/servers/{id}", http::Access::public_access,
             [&service](http::Request& r) { return server_details(service, r); });
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = "/api/plugin/servers/status",
      .access = http::Access::game_server,
      .handler = [&service](http::Request& r) { return plugin_push(service, r); },
      .json_body = true,
      .summary = "A game-server plugin pushes live status and players",
      .scope = http::KeyScope::status,
  });
}

}  // namespace portal::servers
