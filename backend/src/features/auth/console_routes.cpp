#include "features/auth/console_routes.hpp"

#include "features/auth/errors.hpp"
#include "http/api_error.hpp"
#include "http/dto.hpp"
#include "http/console_params.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>

#include <charconv>

namespace portal::auth {

namespace dto {

using http::dto::Int;
using http::dto::Text;

struct VipChange {
  Int<-3650, 3650> days;
  Text<1024> reason;
};
BOOST_DESCRIBE_STRUCT(VipChange, (), (days, reason))

struct GroupChange {
  Text<16> group;
  bool granted = false;
  Text<1024> reason;
};
BOOST_DESCRIBE_STRUCT(GroupChange, (), (group, granted, reason))

struct ReasonOnly {
  Text<1024> reason;
};
BOOST_DESCRIBE_STRUCT(ReasonOnly, (), (reason))

}  // namespace dto

namespace {

using http::Access;
using http::Request;
using http::Response;

constexpr std::size_t kMaxQueryBytes = 100;
constexpr std::int64_t kSessionLifetimeSeconds = 7 * kSecondsPerDay;

boost::json::value optional_json(const std::optional<std::int64_t>& value) {
  return value ? boost::json::value(*value) : boost::json::value(nullptr);
}

boost::json::value text_or_null(const std::string& text) {
  return text.empty() ? boost::json::value(nullptr) : boost::json::value(text);
}

boost::json::object person_json(const PersonSummary& person) {
  boost::json::array groups;
  for (const auto& group : person.groups) groups.emplace_back(group);
  return {{"id", person.account.id},
          {"steam_id", text_or_null(person.account.steam_id)},
          {"name", person.account.name},
          {"email", text_or_null(person.account.email)},
          {"groups", std::move(groups)},
          {"vip_until", optional_json(person.vip_until)},
          {"created_at", person.account.created_at}};
}

boost::json::object details_json(const PersonDetails& details, boost::json::array orders, boost::json::array rentals) {
  boost::json::array memberships;
  for (const auto& group : details.memberships) {
    memberships.push_back({{"group", group.group},
                           {"granted_at", group.granted_at},
                           {"granted_by", group.granted_by},
                           {"expires_at", optional_json(group.expires_at)}});
  }
  boost::json::array history;
  for (const auto& vip : details.vip_history) {
    history.push_back({{"id", vip.id},
                       {"starts_at", vip.starts_at},
                       {"expires_at", vip.expires_at},
                       {"source", vip.source},
                       {"source_ref", text_or_null(vip.source_ref)},
                       {"created_at", vip.created_at}});
  }
  boost::json::array sessions;
  for (const auto& sign_in : details.sessions) {
    sessions.push_back({{"id", sign_in.id},
                        {"method", sign_in.method},
                        {"ip", sign_in.ip},
                        {"created_at", sign_in.created_at},
                        {"last_seen_at", optional_json(sign_in.last_seen_at)},
                        {"expires_at", sign_in.created_at + kSessionLifetimeSeconds}});
  }
  return {{"user", person_json(details.summary)},
          {"memberships", std::move(memberships)},
          {"vip", {{"until", optional_json(details.summary.vip_until)}, {"history", std::move(history)}}},
          {"orders", std::move(orders)},
          {"rentals", std::move(rentals)},
          {"sessions", std::move(sessions)}};
}

// A path id that is no account id names no account.
std::optional<std::int64_t> user_id_of(const Request& request) {
  const std::string_view text = request.path_param("id");
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id < 1) return std::nullopt;
  return id;
}

Operator operator_of(const Request& request) {
  return Operator{std::stoll(request.principal->user_id), request.principal->steam_id};
}

Response answer(const core::Result<PersonSummary>& result) {
  if (!result) return http::error_response(result.error());
  return http::json_response(person_json(*result));
}

Response list_people(PeopleConsole& people, const Request& request) {
  auto list = http::list_query(request, {"created_at", "name"});
  if (!list) return http::error_response(list.error());
  const std::string q(request.query_param("q").value_or(""));
  if (q.size() > kMaxQueryBytes)
    return http::error_response(core::validation_failed("q", "q must be at most 100 bytes"));
  const auto page = people.find(
      {.q = q, .sort = list->sort, .descending = list->descending, .offset = list->offset(), .limit = list->page_size});
  boost::json::array items;
  for (const auto& person : page.items) items.push_back(person_json(person));
  return http::json_response(http::list_json(std::move(items), page.total, *list));
}

}  // namespace

void register_people_console_routes(http::RouteTable& routes, PeopleRoutesDeps d) {
  auto& people = d.people;
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/console/users",
      .access = Access::op,
      .handler = [&people](Request& r) { return list_people(people, r); },
      .summary = "Console: find accounts by SteamID64, name or e-mail",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/console/users/{id}",
      .access = Access::op,
      .handler =
          [&people, orders_of = d.orders_of, rentals_of = d.rentals_of](Request& r) {
            const auto id = user_id_of(r);
            if (!id) return http::error_response(errors::user_not_found());
            auto details = people.details(*id);
            if (!details) return http::error_response(details.error());
            const auto& account = details->summary.account;
            return http::json_response(
                details_json(*details, orders_of ? orders_of(account.id) : boost::json::array{},
                             rentals_of ? rentals_of(account.id, account.steam_id) : boost::json::array{}));
          },
      .summary = "Console: one account with its grants, VIP history, orders, rentals and sessions",
  });
  routes.post_json("/api/console/users/{id}/vip", Access::op, [&people](Request& r) {
    const auto id = user_id_of(r);
    if (!id) return http::error_response(errors::user_not_found());
    auto body = http::dto::parse_body<dto::VipChange>(r);
    if (!body) return http::error_response(body.error());
    return answer(people.change_vip(*id, body->days, body->reason, operator_of(r)));
  });
  routes.post_json("/api/console/users/{id}/groups", Access::op, [&people](Request& r) {
    const auto id = user_id_of(r);
    if (!id) return http::error_response(errors::user_not_found());
    auto body = http::dto::parse_body<dto::GroupChange>(r);
    if (!body) return http::error_response(body.error());
    return answer(people.set_group(*id, body->group, body->granted, body->reason, operator_of(r)));
  });
  routes.post_json("/api/console/users/{id}/sessions/end", Access::op, [&people](Request& r) {
    const auto id = user_id_of(r);
    if (!id) return http::error_response(errors::user_not_found());
    auto body = http::dto::parse_body<dto::ReasonOnly>(r);
    if (!body) return http::error_response(body.error());
    return answer(people.end_sessions(*id, body->reason, operator_of(r)));
  });
}

}  // namespace portal::auth
