#include "features/leaderboard/routes.hpp"

#include "http/api_error.hpp"
#include "http/json_body.hpp"
#include "features/leaderboard/errors.hpp"
#include "features/leaderboard/standings.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <charconv>

namespace portal::leaderboard {

namespace {

using http::Access;
using http::Request;
using namespace std::chrono_literals;

constexpr const char* kPluginLimit = "leaderboard.plugin";

http::Response invalid_query(std::string_view field, std::string message) {
  return http::error_response(http::field_error(field, std::move(message)));
}

std::optional<std::int64_t> parse_whole(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// ?season=<id> or all (or absent): all time is season 0.
std::optional<std::int64_t> season_of(const Request& request) {
  const auto value = request.query_param("season");
  if (!value || value->empty() || *value == "all") return 0;
  const auto id = parse_whole(*value);
  if (!id || *id < 1) return std::nullopt;
  return id;
}

// ?usergroup=pro,kol,op (any subset, any order) -> group bits; nullopt for anything else.
std::optional<int> group_set_of(const Request& request) {
  const auto value = request.query_param("usergroup");
  int bits = 0;
  if (!value) return bits;
  std::string_view rest = *value;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    if (item == "pro")
      bits |= kPro;
    else if (item == "kol")
      bits |= kKol;
    else if (item == "op")
      bits |= kOp;
    else if (!item.empty())
      return std::nullopt;
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return bits;
}

boost::json::value season_json(std::int64_t season) {
  return season == 0 ? boost::json::value(nullptr) : boost::json::value(season);
}

boost::json::object record_json(const RankedPlayer& player) {
  boost::json::array groups;
  for (const auto& [bit, name] : {std::pair{kOp, "op"}, {kKol, "kol"}, {kPro, "pro"}, {kVip, "vip"}}) {
    if (player.group_bits & bit) groups.emplace_back(name);
  }
  const auto& c = player.counters;
  return boost::json::object{
      {"steamid", player.steam_id},
      {"nickname", player.nickname},
      {"avatar_url", player.avatar.empty() ? boost::json::value(nullptr) : boost::json::value(player.avatar)},
      {"usergroup", std::move(groups)},
      {"rank", player.rank ? boost::json::value(*player.rank) : boost::json::value(nullptr)},
      {"position", player.position},
      {"kills", c.kills},
      {"deaths", c.deaths},
      {"headshots", c.headshots},
      {"playtime", c.playtime},
      {"wins", c.wins},
      {"loses", c.loses},
      {"rifle_kills", c.rifle_kills},
      {"awp_kills", c.awp_kills},
      {"pistol_kills", c.pistol_kills},
      {"clutches", c.clutches},
      {"clutchwins", c.clutchwins},
  };
}

boost::json::array records_json(const std::vector<RankedPlayer>& players) {
  boost::json::array out;
  out.reserve(players.size());
  for (const auto& player : players) out.push_back(record_json(player));
  return out;
}

// The {mode} path segment and ?season, or the error answer.
struct BoardQuery {
  Mode mode = Mode::dm;
  std::int64_t season = 0;
  std::optional<http::Response> refusal;
};

BoardQuery board_query(const Request& request) {
  BoardQuery query;
  const auto mode = mode_from_string(request.path_param("mode"));
  if (!mode) {
    query.refusal = http::error_response(errors::unknown_mode(request.path_param("mode")));
    return query;
  }
  query.mode = *mode;
  const auto season = season_of(request);
  if (!season) {
    query.refusal = invalid_query("season", "season must be a season id or all");
    return query;
  }
  query.season = *season;
  return query;
}

http::Response top(LeaderboardService& service, const Request& request) {
  const auto query = board_query(request);
  if (query.refusal) return *query.refusal;
  const auto listing = service.top(query.mode, query.season);
  if (!listing) return http::error_response(listing.error());
  return http::json_response({{"data", records_json(listing->players)},
                              {"season", season_json(listing->season)},
                              {"rankedAt", listing->ranked_at},
                              {"total", listing->total}});
}

http::Response page(LeaderboardService& service, const Request& request) {
  const auto query = board_query(request);
  if (query.refusal) return *query.refusal;
  const auto page_text = request.query_param("page");
  const auto page_number = page_text ? parse_whole(*page_text) : std::optional<std::int64_t>(1);
  if (!page_number) return invalid_query("page", "page must be a whole number from 1");
  const auto group_set = group_set_of(request);
  if (!group_set) return invalid_query("usergroup", "usergroup must be a comma list of pro, kol, op");
  const auto listing = service.page(query.mode, query.season, *page_number, *group_set);
  if (!listing) return http::error_response(listing.error());
  return http::json_response({{"data", records_json(listing->players)},
                              {"page", listing->page},
                              {"pageSize", kPageSize},
                              {"total", listing->total},
                              {"totalPages", (listing->total + kPageSize - 1) / kPageSize},
                              {"season", season_json(listing->season)},
                              {"rankedAt", listing->ranked_at}});
}

http::Response player(LeaderboardService& service, const Request& request) {
  const auto season = season_of(request);
  if (!season) return invalid_query("season", "season must be a season id or all");
  const auto entries = service.player(std::string(request.path_param("steamId")), *season);
  if (!entries) return http::error_response(entries.error());
  boost::json::array data;
  for (const auto& entry : *entries) {
    auto record = record_json(entry);
    record["mode"] = to_string(entry.mode);
    data.push_back(std::move(record));
  }
  return http::json_response({{"data", std::move(data)}, {"season", season_json(*season)}});
}

http::Response seasons(const LeaderboardService& service) {
  boost::json::array out;
  for (const auto& season : service.seasons()) {
    out.push_back({{"id", season.id},
                   {"name", season.name},
                   {"startsAt", season.starts_at},
                   {"endsAt", season.ends_at ? boost::json::value(*season.ends_at) : boost::json::value(nullptr)},
                   {"current", season.open()}});
  }
  return http::json_response(out);
}

http::Response ingest(LeaderboardService& service, const Request& request) {
  auto body = http::parse_json_object(request);
  if (!body) return http::error_response(body.error());
  const auto result = service.ingest(request.principal->game_server_id, *body);
  if (!result) return http::error_response(result.error());
  return http::json_response(
      {{"batchId", result->batch_id},
       {"applied", result->applied},
       {"duplicate", !result->applied},
       {"players", result->players},
       {"seasonId", result->season_id ? boost::json::value(*result->season_id) : boost::json::value(nullptr)}});
}

}  // namespace

void register_routes(http::RouteTable& routes, LeaderboardService& service) {
  routes.get("/api/leaderboard/seasons", Access::public_access, [&service](Request&) { return seasons(service); });
  routes.get("/api/leaderboard/user/{steamId}", Access::public_access,
             [&service](Request& r) { return player(service, r); });
  routes.get("/api/leaderboard/{mode}/top", Access::public_access, [&service](Request& r) { return top(service, r); });
  routes.get("/api/leaderboard/{mode}", Access::public_access, [&service](Request& r) { return page(service, r); });
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = "/api/plugin/stats",
      .access = Access::game_server,
      .handler = [&service](Request& r) { return ingest(service, r); },
      .json_body = true,
      .summary = "A game-server plugin sends a batch of players' stats",
      .rate_limit = kPluginLimit,
      .scope = http::KeyScope::stats,
  });
}

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() {
  // A host may run dozens of servers, each sending a batch per round.
  return {{kPluginLimit, {1200, 1min}}};
}

}  // namespace portal::leaderboard
