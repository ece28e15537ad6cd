#include "sim/inventory_site/dev_inventory_routes.hpp"

#include "core/html_escape.hpp"
#include "sim/web/page.hpp"

#include <ctime>
#include <string_view>

namespace portal::sim {

namespace {

constexpr std::string_view kStyle = R"css(
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #14161b; color: #d4d8de; }
  main { max-width: 30rem; margin: 3rem auto; padding: 1.5rem; background: #1d2128; border-radius: 8px; }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; color: #fff; }
  .note { font-size: .85rem; color: #8f98a0; }
  .who { display: flex; align-items: center; gap: 1rem; margin: 1.2rem 0; }
  .who img { width: 64px; height: 64px; border-radius: 6px; background: #32404e; }
  .who p { margin: 0; font-size: 1.05rem; }
  .error { background: #5c1e1e; color: #ffd7d7; padding: .6rem .8rem; border-radius: 4px; }
  code { font-size: .9em; }
)css";

std::string utc_time(std::int64_t unix_seconds) {
  const std::time_t seconds = static_cast<std::time_t>(unix_seconds);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  const std::size_t size = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return std::string(text, size);
}

// What the player reads for each refusal of the verifier.
std::string_view reason_text(std::string_view code) {
  if (code == "TOKEN_MISSING") return "No token was given: open this page from the portal's inventory page.";
  if (code == "TOKEN_EXPIRED") return "The token has expired: sign in again from the portal's inventory page.";
  if (code == "TOKEN_BAD_SIGNATURE") return "Bad signature: the token was not signed with the inventory secret.";
  if (code == "TOKEN_WRONG_TYPE") return "This is not an inventory sign-in token.";
  if (code == "TOKEN_WRONG_AUDIENCE") return "The token was made for another site.";
  if (code == "TOKEN_WRONG_ISSUER") return "The token comes from another portal.";
  if (code == "TOKEN_NOT_YET_VALID") return "The token is dated in the future.";
  return "The token is malformed.";
}

bool is_web_url(std::string_view url) { return url.starts_with("https://") || url.starts_with("http://"); }

http::Response sign_in_page(const http::Request& request, const inventory::InventoryTokenVerifier& verifier,
                            std::int64_t now) {
  const auto outcome = verifier.verify(request.query_param("token").value_or(std::string_view{}), now);
  const int status = outcome ? 200 : (outcome.error().code == "TOKEN_MISSING" ? 400 : 401);
  auto response = web::html_response(render_inventory_sign_in_page(outcome), status);
  response.frameable_by_self = true;  // the portal's inventory page frames it
  return response;
}

}  // namespace

std::string render_inventory_sign_in_page(const core::Result<inventory::InventoryClaims>& outcome) {
  // The token is in this page's URL: the shared head keeps it out of Referer headers (the avatar too).
  std::string html = web::open_page({.title = "Inventory sign-in (demo)", .style = kStyle});
  if (outcome) {
    const auto& claims = *outcome;
    html += "<h1>Inventory</h1>\n<div class=\"who\">\n";
    if (is_web_url(claims.avatar)) {
      html += "<img src=\"" + core::html_escape(claims.avatar) + "\" alt=\"\">\n";
    }
    html += "<p>Signed in as <strong>" + core::html_escape(claims.name) + "</strong> (<code>" +
            core::html_escape(claims.steam_id) + "</code>)</p>\n</div>\n";
    html += "<p class=\"note\">Token valid until " + utc_time(claims.expires_at) + ".</p>\n";
  } else {
    html += "<h1>Inventory sign-in refused</h1>\n<p class=\"error\" role=\"alert\">";
    html += core::html_escape(reason_text(outcome.error().code));
    html += " <code>" + core::html_escape(outcome.error().code) + "</code></p>\n";
  }
  html +=
      "<p class=\"note\">Demo mode: this page stands in for the inventory site. It checks the token as that site "
      "would (HS256 signature with the inventory secret, type, issuer, audience and expiry); no inventory "
      "exists here.</p>\n";
  web::close_page(html);
  return html;
}

void register_dev_inventory_routes(http::RouteTable& routes, const inventory::InventoryTokenVerifier& verifier,
                                   std::function<std::int64_t()> now) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/dev/inventory/sign-in",
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler = [&verifier,
                  now = std::move(now)](http::Request& request) { return sign_in_page(request, verifier, now()); },
      .summary = "Demo mode: the stand-in inventory site's sign-in page (verifies the token)",
  });
}

}  // namespace portal::sim
