#include "sim/vip_store/dev_vip_pages.hpp"

#include "core/html_escape.hpp"
#include "sim/web/page.hpp"

#include <cstdio>
#include <string_view>

namespace portal::sim {

namespace {

constexpr std::string_view kStyle = R"css(
  :root { font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; }
  body { margin: 0; background: #f5f6f8; color: #1f2328; }
  body.dark { background: #15171c; color: #e6e8eb; }
  main { max-width: 34rem; margin: 1.5rem auto; padding: 1.25rem 1.5rem; background: #fff; border-radius: 10px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  body.dark main { background: #1f2229; box-shadow: none; }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  .note { font-size: .85rem; color: #6b7280; margin: .25rem 0 1rem; }
  body.dark .note { color: #9aa1ab; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0 0 1rem; }
  dt { color: #6b7280; } dd { margin: 0; word-break: break-all; }
  .plans { display: grid; gap: .6rem; border: 0; padding: 0; margin: 0 0 1rem; }
  .plan { display: flex; align-items: center; gap: .75rem; padding: .7rem .9rem; border: 1px solid #d0d4da;
          border-radius: 8px; cursor: pointer; }
  body.dark .plan { border-color: #3a3f48; }
  .plan .price { margin-left: auto; font-weight: 600; }
  button { padding: .6rem 1.2rem; font-size: 1rem; border: 0; border-radius: 6px; cursor: pointer;
           background: #f5a623; color: #1f2328; font-weight: 600; }
  .success { background: #e3f6e8; color: #14532d; padding: .7rem .9rem; border-radius: 6px; }
  body.dark .success { background: #16391f; color: #c6f0d2; }
  .error { background: #fde2e2; color: #7f1d1d; padding: .7rem .9rem; border-radius: 6px; }
  body.dark .error { background: #4a1d1d; color: #ffd7d7; }
  .login { background: #fff4d6; color: #6b4e00; padding: .7rem .9rem; border-radius: 6px; }
  body.dark .login { background: #3d3214; color: #ffe7a3; }
  .cards { display: grid; gap: .8rem; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); }
  .card { border: 1px solid #d0d4da; border-radius: 8px; padding: .9rem; }
  body.dark .card { border-color: #3a3f48; }
  .card .price { font-size: 1.2rem; font-weight: 700; margin: .4rem 0; }
  .soldout { font-size: .8rem; color: #6b7280; }
)css";

void open_page(std::string& html, const char* title, bool dark) {
  html += web::open_page({.title = title, .lang = "zh-CN", .style = kStyle, .body_class = dark ? "dark" : "light"});
}

void close_page(std::string& html) { web::close_page(html); }

void append_hidden(std::string& html, std::string_view name, std::string_view value) {
  html += "<input type=\"hidden\" name=\"";
  html += core::html_escape(name);
  html += "\" value=\"";
  html += core::html_escape(value);
  html += "\">\n";
}

void append_row(std::string& html, std::string_view label, std::string_view value) {
  html += "<dt>";
  html += label;
  html += "</dt><dd>";
  html += core::html_escape(value);
  html += "</dd>\n";
}

}  // namespace

std::optional<VipPlan> vip_plan(std::int64_t days) {
  for (const auto& plan : kVipPlans) {
    if (plan.days == days) return plan;
  }
  return std::nullopt;
}

std::string yuan(std::int64_t fen) {
  char text[32];
  std::snprintf(text, sizeof text, "\xC2\xA5%lld.%02lld", static_cast<long long>(fen / 100),
                static_cast<long long>(fen % 100));
  return text;
}

std::string render_vip_host_page(const VipHostView& view) {
  std::string html;
  html.reserve(6144);
  open_page(html, "VIP 订阅 (sandbox)", view.dark);
  html += "<h1>VIP 订阅 · VIP subscription</h1>\n";
  html +=
      "<p class=\"note\">Sandbox checkout (demo mode): it stands in for the community's VIP host. "
      "No money moves; paying adds VIP time to the account at once.</p>\n";
  html += "<dl>\n";
  append_row(html, "Buyer 买家", view.username.empty() ? "Guest 游客" : view.username);
  if (!view.steam_id.empty()) append_row(html, "SteamID", view.steam_id);
  if (!view.server_name.empty()) append_row(html, "Community 社区", view.server_name);
  html += "</dl>\n";

  if (view.vip_until) {
    html += "<p class=\"success\" role=\"status\" id=\"paid\">Paid, VIP until ";
    html += core::html_escape(*view.vip_until);
    html += " (GMT+8). 支付成功。";
    if (view.repeated) html += "<br>This payment had already been made: it was not charged twice.";
    html += "</p>\n";
  }
  if (!view.error.empty()) {
    html += "<p class=\"error\" role=\"alert\">";
    html += core::html_escape(view.error);
    html += "</p>\n";
  }
  if (view.steam_id.empty()) {
    html +=
        "<p class=\"login\" role=\"alert\" id=\"login-needed\">Please log in to the portal first: VIP is "
        "bought for your Steam account. 请先登录。</p>\n";
  }
  if (view.can_pay) {
    html += "<form method=\"post\" action=\"/dev/vip-host/pay\">\n";
    append_hidden(html, "steamid", view.steam_id);
    append_hidden(html, "nonce", view.nonce);
    append_hidden(html, "username", view.username);
    append_hidden(html, "servername", view.server_name);
    append_hidden(html, "theme", view.dark ? "dark" : "light");
    html += "<fieldset class=\"plans\">\n<legend>Plan 套餐</legend>\n";
    bool first = true;
    for (const auto& plan : kVipPlans) {
      const std::string days = std::to_string(plan.days);
      html += "<label class=\"plan\"><input type=\"radio\" name=\"days\" value=\"" + days + "\"";
      if (first) html += " checked";
      html += "> <span>" + std::string(plan.name_zh) + " · " + plan.name_en + " (" + days + " days)</span>";
      html += "<span class=\"price\">" + yuan(plan.price_fen) + "</span></label>\n";
      first = false;
    }
    html += "</fieldset>\n<button type=\"submit\" id=\"pay\">Pay in sandbox 沙箱支付</button>\n</form>\n";
  }
  close_page(html);
  return html;
}

std::string render_vip_store_page(bool dark) {
  std::string html;
  html.reserve(4096);
  open_page(html, "VIP 卡商店 (sandbox)", dark);
  html += "<h1>VIP 卡商店 · VIP card store</h1>\n";
  html +=
      "<p class=\"note\" id=\"sandbox\">Sandbox store (demo mode): it stands in for the shop that sells VIP "
      "cards, and nothing is sold here. 沙箱商店，不出售任何商品。</p>\n";
  html += "<div class=\"cards\">\n";
  for (const auto& plan : kVipPlans) {
    html += "<section class=\"card\"><h2>VIP " + std::string(plan.name_zh) + "卡</h2>";
    html += "<div>" + std::string(plan.name_en) + " · " + std::to_string(plan.days) + " days</div>";
    html += "<div class=\"price\">" + yuan(plan.price_fen) + "</div>";
    html += "<div class=\"soldout\">Not for sale in the sandbox</div></section>\n";
  }
  html += "</div>\n";
  close_page(html);
  return html;
}

}  // namespace portal::sim
