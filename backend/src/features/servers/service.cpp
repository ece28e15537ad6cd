#include "features/servers/service.hpp"

#include "core/crypto.hpp"

namespace portal::servers {

core::Error server_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "SERVER_NOT_FOUND", "No such server in the community's list");
}

namespace {
bool passes(const std::set<std::string>& allowed, const std::string& value) {
  return allowed.empty() || allowed.count(value) > 0;
}

core::Error conflict(const std::string& endpoint) {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_EXISTS", "A server with this address already exists",
                           {{"endpoint", endpoint}});
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
  if (!server) return server_not_found();
  return server->player_list;
}

core::Result<ServerDetails> Service::details(const std::string& ip, int port) const {
  const auto snapshot = store_.get();
  const ServerView* server = snapshot->find(ip, port);
  if (!server) return server_not_found();
  const auto now = std::chrono::system_clock::now();
  const auto since = std::chrono::duration_cast<std::chrono::seconds>((now - history_).time_since_epoch()).count();
  return ServerDetails{*server, repository_.samples_since(server->id, since)};
}

core::Status Service::push(std::string_view key, const std::string& ip, int port, PluginPush report) {
  const auto server = repository_.find_by_endpoint(ip, port);
  // The same answer for an unknown server and a wrong key: the endpoint reveals nothing.
  const auto invalid =
      core::Error::make(core::ErrorKind::unauthorized, "INVALID_SERVER_KEY", "Unknown server or wrong server key");
  if (!server || server->plugin_key_hash.empty() || key.empty()) return invalid;
  if (!core::constant_time_equal(core::sha256_hex(key), server->plugin_key_hash)) return invalid;
  store_.set(tracker_.apply_push(server->id, std::move(report), Tracker::Clock::now()));
  return core::Ok{};
}

std::optional<std::int64_t> Service::server_for_key(std::string_view key) const {
  if (key.empty() || key.size() > 256) return std::nullopt;
  // Looked up by the key's hash (unique per server); the stored value is a hash, never the key.
  const auto server = repository_.find_by_key_hash(core::sha256_hex(key));
  if (!server || !server->enabled) return std::nullopt;
  return server->id;
}

core::Result<GameServer> Service::add(GameServer server) {
  if (auto error = validate(server)) return *error;
  if (repository_.find_by_endpoint(server.ip, server.port)) return conflict(server.endpoint());
  server.id = repository_.insert(server);
  return server;
}

core::Result<GameServer> Service::edit(std::int64_t id, const GameServerChanges& changes) {
  auto server = repository_.find(id);
  if (!server) return server_not_found();
  apply(changes, *server);
  if (auto error = validate(*server)) return *error;
  if (auto other = repository_.find_by_endpoint(server->ip, server->port); other && other->id != id) {
    return conflict(server->endpoint());
  }
  repository_.update(*server);
  return *server;
}

core::Status Service::remove(std::int64_t id) {
  if (!repository_.remove(id)) return server_not_found();
  return core::Ok{};
}

core::Result<std::string> Service::issue_plugin_key(std::int64_t id) {
  if (!repository_.find(id)) return server_not_found();
  std::string key = core::random_token(32);
  repository_.set_plugin_key_hash(id, core::sha256_hex(key));
  return key;
}

}  // namespace portal::servers
