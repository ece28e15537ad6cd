#include "features/leaderboard/console_routes.hpp"

#include "features/leaderboard/errors.hpp"
#include "features/leaderboard/mode.hpp"
#include "http/api_error.hpp"
#include "http/console_params.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

namespace portal::leaderboard {

namespace dto {

using http::dto::Text;

struct OpenBody {
  Text<4 * kSeasonNameMaxLength> name;
  Text<800> reason;  // 200 characters of up to 4 bytes
};
BOOST_DESCRIBE_STRUCT(OpenBody, (), (name, reason))

struct CloseBody {
  Text<800> reason;
};
BOOST_DESCRIBE_STRUCT(CloseBody, (), (reason))

}  // namespace dto

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

json::object season_json(const Season& s) {
  return {{"id", s.id},
          {"name", s.name},
          {"mode", nullptr},
          {"starts_at", s.starts_at},
          {"ends_at", s.ends_at ? json::value(*s.ends_at) : json::value(nullptr)}};
}

core::Status checked_mode(const Request& request) {
  const auto mode = request.path_param("mode");
  if (mode == "all" || mode_from_string(mode)) return core::Ok{};
  return core::validation_failed("mode", "mode must be all, dm, dm-pistol, solo or retakes");
}

std::string actor_of(const Request& request) { return "op:" + request.principal->steam_id; }

Response list(const Seasons& seasons) {
  json::array items;
  for (const auto& season : seasons.list()) items.push_back(season_json(season));
  const auto total = static_cast<std::int64_t>(items.size());
  return http::json_response(json::object{{"items", std::move(items)}, {"total", total}});
}

Response open(Seasons& seasons, const std::function<std::int64_t()>& now, const Request& request) {
  if (auto ok = checked_mode(request); !ok) return http::error_response(ok.error());
  auto body = http::dto::parse_body<dto::OpenBody>(request);
  if (!body) return http::error_response(body.error());
  auto reason = http::checked_reason(*body->reason);
  if (!reason) return http::error_response(reason.error());
  auto added = seasons.add(*body->name, now(), actor_of(request), *reason);
  if (!added) return http::error_response(added.error());
  return http::json_response(season_json(*added), 201);
}

Response close(Seasons& seasons, const std::function<std::int64_t()>& now, const Request& request) {
  if (auto ok = checked_mode(request); !ok) return http::error_response(ok.error());
  auto body = http::dto::parse_body<dto::CloseBody>(request);
  if (!body) return http::error_response(body.error());
  auto reason = http::checked_reason(*body->reason);
  if (!reason) return http::error_response(reason.error());
  const auto open_season = seasons.current();
  if (!open_season) {
    return http::error_response(errors::no_open_season());
  }
  auto closed = seasons.close(open_season->id, now(), actor_of(request), *reason);
  if (!closed) return http::error_response(closed.error());
  return http::json_response(season_json(*closed));
}

}  // namespace

void register_console_routes(http::RouteTable& routes, Seasons& seasons, std::function<std::int64_t()> now_unix) {
  using http::Access;
  using http::Method;
  routes.add({.method = Method::get,
              .pattern = "/api/console/seasons",
              .access = Access::op,
              .handler = [&seasons](Request&) { return list(seasons); },
              .summary = "Console: every season, newest first"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/seasons/{mode}/open",
              .access = Access::op,
              .handler = [&seasons, now_unix](Request& r) { return open(seasons, now_unix, r); },
              .json_body = true,
              .summary = "Console: open a season (the open one closes)"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/seasons/{mode}/close",
              .access = Access::op,
              .handler = [&seasons, now_unix](Request& r) { return close(seasons, now_unix, r); },
              .json_body = true,
              .summary = "Console: close the open season"});
}

}  // namespace portal::leaderboard
