#include "sim/steam/dev_openid_routes.hpp"

#include "core/steam_id.hpp"
#include "http/api_error.hpp"
#include "http/form_body.hpp"
#include "sim/web/page.hpp"

#include <string>

namespace portal::sim {

namespace {

constexpr std::size_t kFormBodyLimit = 16 * 1024;

std::string_view raw_query_of(const http::Request& request) {
  const std::string_view target = request.target;
  const auto question = target.find('?');
  return question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
}

http::Response login_page(http::Request& request, sim::DevOpenIdProvider& provider) {
  const auto query = integrations::steam::parse_query(raw_query_of(request));
  const int status = provider.login_request_problem(query) ? 400 : 200;
  return web::html_response(provider.login_page_html(query), status);
}

http::Response login_post(http::Request& request, sim::DevOpenIdProvider& provider) {
  if (!http::is_form_media_type(request.header("Content-Type"))) {
    auto error = http::errors::unsupported_media_type(request.header("Content-Type"));
    error.message = "Content-Type must be application/x-www-form-urlencoded";
    return http::error_response(error, 415);
  }
  auto form = http::parse_form_body(request.body);
  if (!form) return http::error_response(form.error());

  // The relying party's server-to-server call (OpenID 2.0 section 11.4.2).
  if (http::form_value(*form, "openid.mode") == "check_authentication") {
    auto response = http::text_response(provider.check_authentication(*form), "text/plain; charset=utf-8");
    response.set_header("Cache-Control", "no-store");
    return response;
  }

  // The browser's sign-in form: on to return_to, or the page again with what was wrong.
  auto redirect = provider.approve(*form);
  if (!redirect) {
    return web::html_response(provider.login_page_html_with_error(*form, redirect.error().message),
                              http::status_of(redirect.error().kind));
  }
  auto response = http::empty_response(302);
  response.set_header("Location", std::move(*redirect));
  response.set_header("Cache-Control", "no-store");
  return response;
}

http::Response avatar(http::Request& request, sim::DevOpenIdProvider& provider) {
  const auto steam_id = core::parse_steam_id64(request.path_param("steamId"));
  if (!steam_id) return http::error_response(http::errors::not_found(request.path));
  auto response = http::text_response(provider.avatar_svg(*steam_id), "image/svg+xml");
  // The picture follows the display name, which may change at the next sign-in.
  response.set_header("Cache-Control", "no-cache");
  return response;
}

}  // namespace

void register_dev_openid_routes(http::RouteTable& routes, sim::DevOpenIdProvider& provider) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/dev/openid/login",
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler = [&provider](http::Request& request) { return login_page(request, provider); },
      .summary = "Demo mode: development OpenID provider sign-in page (checkid_setup)",
  });
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = "/api/dev/openid/login",
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler = [&provider](http::Request& request) { return login_post(request, provider); },
      .body_limit = kFormBodyLimit,
      .json_body = false,
      .summary = "Demo mode: development OpenID provider sign-in form and check_authentication",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/dev/openid/avatar/{steamId}",
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler = [&provider](http::Request& request) { return avatar(request, provider); },
      .summary = "Demo mode: development avatar picture of a SteamID64",
  });
}

}  // namespace portal::sim
