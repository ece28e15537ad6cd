#include "sim/steam/dev_openid_page.hpp"

#include "core/html_escape.hpp"
#include "sim/web/page.hpp"

namespace portal::sim {

namespace {

constexpr std::string_view kStyle = R"css(
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #1b2838; color: #c7d5e0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #171a21; border-radius: 8px; }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; color: #fff; }
  .note { font-size: .85rem; color: #8f98a0; }
  .site { word-break: break-all; }
  .error { background: #5c1e1e; color: #ffd7d7; padding: .6rem .8rem; border-radius: 4px; }
  label { display: block; margin: .9rem 0 .3rem; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem;
                     background: #32404e; color: #fff; border: 1px solid #4b5b6b; border-radius: 4px; }
  .actions { display: flex; gap: .6rem; margin-top: 1.2rem; }
  button { padding: .55rem 1.1rem; font-size: 1rem; border: 0; border-radius: 4px; cursor: pointer; }
  .primary { background: #66c0f4; color: #0b1117; }
  .secondary { background: #3d4450; color: #fff; }
  fieldset { margin-top: 1.5rem; border: 1px solid #32404e; border-radius: 4px; }
  .presets { display: flex; flex-direction: column; gap: .4rem; }
  .preset { background: #2a475e; color: #fff; text-align: left; }
)css";

void append_hidden(std::string& html, std::string_view name, std::string_view value) {
  html += "<input type=\"hidden\" name=\"";
  html += core::html_escape(name);
  html += "\" value=\"";
  html += core::html_escape(value);
  html += "\">\n";
}

}  // namespace

std::string render_dev_login_page(const DevLoginPage& page) {
  std::string html = web::open_page({.title = "Development Steam sign-in", .style = kStyle});
  html += "<h1>Development Steam sign-in</h1>\n";
  html +=
      "<p class=\"note\">Demo mode: this page stands in for Steam and speaks the same OpenID 2.0 protocol. "
      "No Steam account is used.</p>\n";
  if (!page.return_to.empty()) {
    html += "<p class=\"site\">Signing in to <strong>";
    html += core::html_escape(page.realm.empty() ? page.return_to : page.realm);
    html += "</strong><br><span class=\"note\">Returns to ";
    html += core::html_escape(page.return_to);
    html += "</span></p>\n";
  }
  if (!page.error.empty()) {
    html += "<p class=\"error\" role=\"alert\">";
    html += core::html_escape(page.error);
    html += "</p>\n";
  }
  if (page.show_form) {
    html += "<form method=\"post\" action=\"";
    html += core::html_escape(page.action);
    html += "\">\n";
    append_hidden(html, "openid.return_to", page.return_to);
    append_hidden(html, "openid.realm", page.realm);
    html += "<label for=\"steamid\">SteamID64</label>\n";
    html +=
        "<input type=\"text\" id=\"steamid\" name=\"steamid\" inputmode=\"numeric\" autocomplete=\"off\" "
        "maxlength=\"17\" placeholder=\"76561197960287930\" value=\"";
    html += core::html_escape(page.steamid);
    html += "\">\n<label for=\"persona\">Display name</label>\n";
    html += "<input type=\"text\" id=\"persona\" name=\"persona\" autocomplete=\"off\" maxlength=\"32\" value=\"";
    html += core::html_escape(page.persona);
    html += "\">\n";
    // The first submit button is the one Enter presses: it must be Sign in, not a preset.
    html +=
        "<div class=\"actions\">\n<button type=\"submit\" class=\"primary\" name=\"action\" value=\"sign_in\">"
        "Sign in</button>\n<button type=\"submit\" class=\"secondary\" name=\"action\" value=\"cancel\">"
        "Cancel</button>\n</div>\n";
    if (!page.presets.empty()) {
      html += "<fieldset>\n<legend>Preset accounts</legend>\n<div class=\"presets\">\n";
      for (const DevPresetAccount& preset : page.presets) {
        const std::string id = std::to_string(preset.steam_id);
        html += "<button type=\"submit\" class=\"preset\" name=\"preset\" value=\"" + id + "\">";
        html += core::html_escape(preset.persona_name);
        html += " <span class=\"note\">" + id + "</span></button>\n";
      }
      html += "</div>\n</fieldset>\n";
    }
    html += "</form>\n";
  }
  web::close_page(html);
  return html;
}

}  // namespace portal::sim
