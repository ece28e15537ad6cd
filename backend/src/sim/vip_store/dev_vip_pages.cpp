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

}  // namespace

std::string yuan(std::int64_t fen) {
  char text[32];
  std::snprintf(text, sizeof text, "\xC2\xA5%lld.%02lld", static_cast<long long>(fen / 100),
                static_cast<long long>(fen % 100));
  return text;
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
  for (const auto& plan : kVipCards) {
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
