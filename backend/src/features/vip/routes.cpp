#include "features/vip/routes.hpp"

#include "features/vip/privilege_rules.hpp"
#include "http/api_error.hpp"

#include <boost/json/object.hpp>

namespace portal::vip {

namespace {

http::Response privileges(const PrivilegeService& service, const http::Request& request) {
  const auto language = language_or_default(request.query_param("language"));
  if (!language) return http::error_response(language.error());
  auto response = http::json_response(privileges_json(service.list(), *language));
  // Operators change the table rarely (the command line); a minute of staleness is fine.
  response.set_header("Cache-Control", "public, max-age=60");
  return response;
}

}  // namespace

boost::json::array privileges_json(const std::vector<Privilege>& privileges, Language language) {
  boost::json::array out;
  out.reserve(privileges.size());
  for (const auto& p : privileges) {
    const auto& text = p.text(language);
    boost::json::object item{
        {"id", p.id}, {"key", p.key}, {"content", text.content}, {"detail", text.detail}, {"order", p.order}};
    for (Group group : kGroups) item[to_string(group)] = p.value(group);
    out.push_back(std::move(item));
  }
  return out;
}

void register_routes(http::RouteTable& routes, PrivilegeService& service) {
  // Reads the database: on the worker pool.
  routes.add(http::Route{.method = http::Method::get,
                         .pattern = "/api/privileges",
                         .access = http::Access::public_access,
                         .exec = http::Exec::worker,
                         .handler = [&service](http::Request& r) { return privileges(service, r); },
                         .summary = "The privilege comparison table of the VIP page, in one language"});
}

}  // namespace portal::vip
