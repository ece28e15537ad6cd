#include "features/servers/service.hpp"

#include "features/servers/errors.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"

namespace portal::servers {

namespace {
bool passes(const std::set<std::string>& allowed, const std::string& value) {
  return allowed.empty() || allowed.count(value) > 0;
}
}  // namespace

std::vector<ServerView> Service::list(const ListFilter& filter) const {
  const auto snapshot = store_.get();
  std::vector<ServerView> out;
  for (const auto& server : snapshot->servers) {
    if (passes(filter.modes, server.category) && passes(filter.maps, server.map) &&
        passes(filter.regions, server.region)) {
      out.push_back(server);
    }
  }
  return out;
}

core::Result<std::vector<LivePlayer>> Service::players(const std::string& ip, int port) const {
  const auto snapshot = store_.get();
  const ServerView* server = snapshot->find(ip, port);
  if (!server) return errors::server_not_found();
  return server->player_list;
}

core::Result<ServerDetails> Service::details(const std::string& ip, int port) const {
  const auto snapshot = store_.get();
  const ServerView* server = snapshot->find(ip, port);
  if (!server) return errors::server_not_found();
  const auto now = std::chrono::system_clock::now();
  const auto since = std::chrono::duration_cast<std::chrono::seconds>((now - history_).time_since_epoch()).count();
  return ServerDetails{*server, repository_.samples_since(server->id, since)};
}

core::Status Service::push(std::int64_t server_id, const std::string& ip, int port, PluginPush report) {
  const auto server = repository_.find_by_endpoint(ip, port);
  // A key reports for its own server only; the answer is the one for a wrong key: it reveals nothing.
  if (!server || server->id != server_id) {
    return errors::invalid_server_key();
  }
  repository_.record_presence(server_id, report.steam_ids, core::system_unix_now());
  store_.set(tracker_.apply_push(server->id, std::move(report), Tracker::Clock::now()));
  return core::Ok{};
}

std::optional<KeyHolder> Service::key_holder(std::string_view key) const {
  if (key.empty() || key.size() > 256) return std::nullopt;
  // Looked up by the key's hash (unique per server); the stored value is a hash, never the key.
  const auto server = repository_.find_by_key_hash(core::sha256_hex(key));
  if (!server || !server->enabled) return std::nullopt;
  auto scopes = parse_key_scopes(server->plugin_key_scopes);
  return KeyHolder{server->id, scopes ? std::move(*scopes) : std::set<std::string>{}};
}

bool Service::player_on_server(std::int64_t server_id, const std::string& steam_id) const {
  return repository_.seen_on_server(server_id, steam_id, core::system_unix_now() - kPresenceSeconds);
}

core::Result<GameServer> Service::add(GameServer server, const std::string& actor) {
  if (auto error = validate(server)) return *error;
  if (repository_.find_by_endpoint(server.ip, server.port)) return errors::server_exists(server.endpoint());
  server.id = repository_.insert(server, actor);
  return server;
}

core::Result<GameServer> Service::edit(std::int64_t id, const GameServerChanges& changes, const std::string& actor) {
  auto server = repository_.find(id);
  if (!server) return errors::server_not_found();
  apply(changes, *server);
  if (auto error = validate(*server)) return *error;
  if (auto other = repository_.find_by_endpoint(server->ip, server->port); other && other->id != id) {
    return errors::server_exists(server->endpoint());
  }
  repository_.update(*server, actor);
  return *server;
}

core::Status Service::remove(std::int64_t id, const std::string& actor) {
  if (!repository_.remove(id, actor)) return errors::server_not_found();
  return core::Ok{};
}

core::Status Service::revoke_plugin_key(std::int64_t id, const std::string& actor) {
  if (!repository_.find(id)) return errors::server_not_found();
  repository_.set_plugin_key(id, "", "", actor);
  return core::Ok{};
}

core::Result<std::string> Service::issue_plugin_key(std::int64_t id, std::string_view scopes,
                                                    const std::string& actor) {
  auto parsed = parse_key_scopes(scopes);
  if (!parsed) return parsed.error();
  if (!repository_.find(id)) return errors::server_not_found();
  std::string stored;
  for (const auto& scope : *parsed) stored += (stored.empty() ? "" : ",") + scope;
  std::string key = core::random_token(32);
  repository_.set_plugin_key(id, core::sha256_hex(key), stored, actor);
  return key;
}

core::Result<std::set<std::string>> parse_key_scopes(std::string_view scopes) {
  static const std::set<std::string, std::less<>> known{"status", "stats", "members", "bind"};
  std::set<std::string> out;
  while (!scopes.empty()) {
    const auto comma = scopes.find(',');
    std::string_view scope = scopes.substr(0, comma);
    scopes = comma == std::string_view::npos ? std::string_view{} : scopes.substr(comma + 1);
    while (!scope.empty() && scope.front() == ' ') scope.remove_prefix(1);
    while (!scope.empty() && scope.back() == ' ') scope.remove_suffix(1);
    if (!known.contains(scope)) {
      return core::validation_failed("scopes",
                                     "scopes must be a comma-separated list of status, stats, members and bind");
    }
    out.emplace(scope);
  }
  if (out.empty()) {
    return core::validation_failed("scopes", "a key needs at least one scope");
  }
  return out;
}

}  // namespace portal::servers
