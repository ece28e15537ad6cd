#include "features/servers/snapshot.hpp"

#include "core/crypto.hpp"
#include "core/gzip.hpp"

#include <boost/json/serialize.hpp>

namespace portal::servers {

const ServerView* Snapshot::find(const std::string& ip, int port) const {
  for (const auto& server : servers) {
    if (server.port == port && server.ip == ip) return &server;
  }
  return nullptr;
}

const ServerView* Snapshot::find(std::int64_t id) const {
  for (const auto& server : servers) {
    if (server.id == id) return &server;
  }
  return nullptr;
}

boost::json::object item_json(const ServerView& s) {
  return {
      {"ip", s.ip},
      {"port", s.port},
      {"name", s.name},
      {"name_display", s.name_display},
      {"players", std::to_string(s.players) + "/" + std::to_string(s.max_players)},
      {"players_max", s.max_players},
      {"category", s.category},
      {"map", s.map},
      {"region", s.region},
      {"open", s.open ? 1 : 0},
      {"ontop", s.ontop},
      {"star", s.star},
  };
}

boost::json::object details_json(const ServerView& s) {
  auto out = item_json(s);
  if (s.ping_ms) {
    out["ping"] = *s.ping_ms;
  } else {
    out["ping"] = nullptr;
  }
  out["tickrate"] = s.tickrate;
  return out;
}

std::shared_ptr<const Snapshot> make_snapshot(std::vector<ServerView> servers) {
  auto snapshot = std::make_shared<Snapshot>();
  boost::json::array items;
  items.reserve(servers.size());
  for (const auto& server : servers) items.push_back(item_json(server));
  auto json = std::make_shared<const std::string>(boost::json::serialize(items));
  snapshot->etag = "\"" + core::sha256_hex(*json).substr(0, 32) + "\"";
  snapshot->json_gzip = std::make_shared<const std::string>(core::gzip_compress(*json));
  snapshot->json = std::move(json);
  snapshot->servers = std::move(servers);
  return snapshot;
}

}  // namespace portal::servers
