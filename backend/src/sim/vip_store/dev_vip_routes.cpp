#include "sim/vip_store/dev_vip_routes.hpp"

#include "sim/vip_store/dev_vip_pages.hpp"
#include "core/crypto.hpp"
#include "core/steam_id.hpp"
#include "features/auth/membership.hpp"
#include "http/api_error.hpp"
#include "http/form_body.hpp"
#include "integrations/steam/openid.hpp"
#include "sim/web/page.hpp"

#include <charconv>
#include <string_view>

namespace portal::sim {

namespace {

constexpr std::size_t kFormBodyLimit = 16 * 1024;
constexpr const char* kSource = "dev-vip-host";
constexpr std::size_t kNonceHexLength = 32;

// The checkout lives in the VIP page's self-pay dialog: our own origin may frame it.
http::Response checkout_page(const VipHostView& view, int status) {
  auto response = web::html_response(render_vip_host_page(view), status);
  response.frameable_by_self = true;
  return response;
}

std::string query_text(const http::Request& request, std::string_view name) {
  const auto value = request.query_param(name);
  return value ? std::string(*value) : std::string();
}

bool is_nonce(std::string_view text) {
  if (text.size() != kNonceHexLength) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// The checkout for a buyer, with a fresh nonce; the pay form only for a SteamID64.
VipHostView host_view(std::string username, std::string steam_id, std::string server_name, bool dark) {
  VipHostView view;
  view.username = std::move(username);
  view.steam_id = std::move(steam_id);
  view.server_name = std::move(server_name);
  view.dark = dark;
  view.nonce = core::random_token(kNonceHexLength / 2);
  if (!view.steam_id.empty() && !core::is_steam_id64(view.steam_id)) {
    view.error = "steamid is not a SteamID64 of an individual account.";
  }
  view.can_pay = !view.steam_id.empty() && view.error.empty();
  return view;
}

http::Response host_page(const auth::MembershipService& memberships, const http::Request& request) {
  auto view = host_view(query_text(request, "username"), query_text(request, "steamid"),
                        query_text(request, "servername"), query_text(request, "theme") == "dark");
  if (view.can_pay && query_text(request, "paid") == "1") {
    const auto status = memberships.status(view.steam_id);
    if (status && status->vip_expires_at) view.vip_until = auth::business_date(*status->vip_expires_at);
    view.repeated = query_text(request, "repeat") == "1";
  }
  return checkout_page(view, view.error.empty() ? 200 : 400);
}

http::Response pay(auth::MembershipService& memberships, const http::Request& request) {
  if (!http::is_form_media_type(request.header("Content-Type"))) {
    auto error = http::errors::unsupported_media_type(request.header("Content-Type"));
    error.message = "Content-Type must be application/x-www-form-urlencoded";
    return http::error_response(error, 415);
  }
  auto form = http::parse_form_body(request.body);
  if (!form) return http::error_response(form.error());
  const auto field = [&](std::string_view name) {
    const auto value = http::form_value(*form, name);
    return value ? std::string(*value) : std::string();
  };
  const std::string theme = field("theme");
  auto view = host_view(field("username"), field("steamid"), field("servername"), theme == "dark");
  const auto refuse = [&](std::string message, int status) {
    view.error = std::move(message);
    return checkout_page(view, status);
  };
  if (!view.can_pay) return checkout_page(view, view.steam_id.empty() ? 401 : 400);

  const std::string days_text = field("days");
  std::int64_t days = 0;
  const auto [end, ec] = std::from_chars(days_text.data(), days_text.data() + days_text.size(), days);
  if (ec != std::errc{} || end != days_text.data() + days_text.size() || !vip_plan(days)) {
    return refuse("Choose one of the plans.", 422);
  }
  const std::string nonce = field("nonce");
  if (!is_nonce(nonce)) return refuse("This form is not valid any more: reload the page and pay again.", 422);

  auto granted = memberships.grant_vip(view.steam_id, days, kSource, std::string(kSource) + ":" + nonce, kSource);
  if (!granted) return refuse(granted.error().message, http::status_of(granted.error().kind));

  integrations::steam::QueryParams back{{"username", view.username},
                                        {"steamid", view.steam_id},
                                        {"servername", view.server_name},
                                        {"theme", view.dark ? "dark" : "light"},
                                        {"paid", "1"}};
  if (!granted->applied) back.emplace_back("repeat", "1");
  auto response = http::empty_response(303);
  response.set_header("Location", std::string(kDevVipHostPath) + "?" + integrations::steam::encode_params(back));
  response.set_header("Cache-Control", "no-store");
  response.frameable_by_self = true;
  return response;
}

}  // namespace

void register_dev_vip_routes(http::RouteTable& routes, auth::MembershipService& memberships) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = kDevVipHostPath,
      .access = http::Access::public_access,
      .exec = http::Exec::worker,
      .handler = [&memberships](http::Request& request) { return host_page(memberships, request); },
      .summary = "Demo mode: sandbox VIP checkout framed by the VIP page",
  });
  routes.add(http::Route{
      .method = http::Method::post,
      .pattern = std::string(kDevVipHostPath) + "/pay",
      .access = http::Access::public_access,
      .exec = http::Exec::worker,
      .handler = [&memberships](http::Request& request) { return pay(memberships, request); },
      .body_limit = kFormBodyLimit,
      .json_body = false,
      .summary = "Demo mode: pay a VIP plan in the sandbox (grants VIP time)",
  });
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = kDevVipStorePath,
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler =
          [](http::Request& request) {
            return web::html_response(render_vip_store_page(query_text(request, "theme") == "dark"));
          },
      .summary = "Demo mode: sandbox VIP card store (nothing is sold)",
  });
}

}  // namespace portal::sim
