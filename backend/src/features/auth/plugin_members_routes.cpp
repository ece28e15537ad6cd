#include "features/auth/plugin_members_routes.hpp"

#include "core/crypto.hpp"
#include "core/gzip.hpp"
#include "http/api_error.hpp"
#include "http/cached_json.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <memory>

namespace portal::auth {

namespace {

using namespace std::chrono_literals;

constexpr const char* kMembersLimit = "members.plugin";
// Smaller answers are not worth compressing.
constexpr std::size_t kGzipFrom = 1024;

http::Response members(const PluginMembersDeps& deps, const http::Request& request) {
  const std::int64_t now = deps.now();
  auto list = plugin_members_json(deps.memberships.active_members(now));
  http::CachedJson document;
  document.etag = plugin_members_etag(list);
  auto body = std::make_shared<const std::string>(
      boost::json::serialize(boost::json::object{{"generatedAt", now}, {"members", std::move(list)}}));
  if (body->size() >= kGzipFrom && http::accepts_gzip(request)) {
    document.gzip_body = std::make_shared<const std::string>(core::gzip_compress(*body));
  }
  document.body = std::move(body);
  return http::cached_json_response(request, document);
}

}  // namespace

boost::json::array plugin_members_json(const std::vector<MembershipStatus>& members) {
  boost::json::array out;
  out.reserve(members.size());
  for (const auto& member : members) {
    boost::json::array groups;
    for (const auto& grant : member.groups) {
      groups.push_back(
          {{"group", to_string(grant.group)},
           {"expiresAt", grant.expires_at ? boost::json::value(*grant.expires_at) : boost::json::value(nullptr)}});
    }
    out.push_back({{"steamId", member.steam_id}, {"type", to_string(member.type)}, {"groups", std::move(groups)}});
  }
  return out;
}

std::string plugin_members_etag(const boost::json::array& members) {
  return "\"m-" + core::sha256_hex(boost::json::serialize(members)).substr(0, 32) + "\"";
}

void register_plugin_members_routes(http::RouteTable& routes, PluginMembersDeps deps) {
  // Reads the database: on the worker pool.
  routes.add(http::Route{.method = http::Method::get,
                         .pattern = "/api/plugin/members",
                         .access = http::Access::game_server,
                         .exec = http::Exec::worker,
                         .handler = [deps = std::move(deps)](http::Request& r) { return members(deps, r); },
                         .summary = "Active VIP and group memberships with expiries, for game-server plugins",
                         .rate_limit = kMembersLimit,
                         .scope = http::KeyScope::members});
}

std::map<std::string, core::RateLimit, std::less<>> plugin_members_rate_limit_policies() {
  // One poll a minute per server; a host may run dozens of servers behind one address.
  return {{kMembersLimit, {120, 1min}}};
}

}  // namespace portal::auth
