#include "sim/payments/checkout_page.hpp"

#include "core/html_escape.hpp"
#include "sim/payments/sandbox_text.hpp"
#include "sim/web/page.hpp"

namespace portal::sim::payments {

namespace {

// One look per provider, close enough that a person testing knows where they are.
constexpr std::string_view kBaseStyle =
    "body{margin:0;font-family:system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;background:#f5f6f7;"
    "color:#222}main{max-width:520px;margin:0 auto;padding:0 16px 32px}header{padding:18px 0;font-size:20px;"
    "font-weight:600}.card{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}"
    ".amount{font-size:34px;font-weight:600;margin:8px 0 4px}.muted{color:#888;font-size:13px;word-break:break-all}"
    ".sandbox{background:#fff7e6;border:1px solid #ffd591;color:#ad6800;padding:8px 12px;border-radius:6px;"
    "font-size:13px;margin:12px 0}form{display:flex;flex-direction:column;gap:10px;margin-top:20px}"
    "button{font-size:16px;padding:12px;border-radius:6px;border:1px solid #ccc;background:#fff;cursor:pointer}"
    ".lang{float:right;font-size:13px;font-weight:400}.lang a{color:inherit;margin-left:8px}"
    ".qr{width:200px;height:200px;margin:16px auto;border:8px solid #fff;outline:1px solid #ddd;display:flex;"
    "align-items:center;justify-content:center;text-align:center;font-size:12px;background:repeating-linear-gradient("
    "45deg,#222 0 6px,#fff 6px 12px);color:#000}.qr span{background:#fff;padding:6px}";
constexpr std::string_view kAlipayStyle =
    "header{color:#1677ff}button.pay{background:#1677ff;border-color:#1677ff;color:#fff}";
constexpr std::string_view kWechatStyle =
    "header{color:#07c160}button.pay{background:#07c160;border-color:#07c160;color:#fff}";
constexpr std::string_view kPaypalStyle =
    "header{color:#003087;font-style:italic}button.pay{background:#ffc439;border-color:#ffc439;color:#111;"
    "border-radius:24px}";

struct Words {
  std::string_view brand, pay, fail, abandon, order, sandbox, scan;
};

Words words(Method method, PageLang lang) {
  const bool zh = lang == PageLang::zh;
  const std::string_view brand = method == Method::alipay   ? (zh ? "支付宝 · 收银台" : "Alipay · Checkout")
                                 : method == Method::wechat ? (zh ? "微信支付" : "WeChat Pay")
                                                            : "PayPal";
  return Words{
      .brand = brand,
      .pay = method == Method::paypal ? (zh ? "同意并付款" : "Agree & pay") : (zh ? "确认付款" : "Pay"),
      .fail = zh ? "模拟支付失败" : "Simulate a failed payment",
      .abandon = zh ? "放弃付款" : "Abandon",
      .order = zh ? "订单号" : "Order",
      .sandbox = zh ? "演示沙箱：不会产生真实扣款。" : "Demo sandbox: no real money moves.",
      .scan = zh ? "请使用微信扫一扫" : "Scan with WeChat",
  };
}

std::string_view style_of(Method method) {
  return method == Method::alipay ? kAlipayStyle : method == Method::wechat ? kWechatStyle : kPaypalStyle;
}

std::string amount_text(const Money& amount) {
  return (amount.currency == "USD" ? "$" : "¥") + format_minor(amount.minor) + " " + amount.currency;
}

std::string open(const SandboxPayment& payment, PageLang lang, std::string_view title) {
  std::string style(kBaseStyle);
  style += style_of(payment.method);
  auto html = web::open_page({.title = title, .lang = lang == PageLang::zh ? "zh-CN" : "en", .style = style});
  const auto w = words(payment.method, lang);
  html += "<header>" + core::html_escape(w.brand) + "<span class=\"lang\"><a href=\"?" +
          core::html_escape(std::string("lang=zh")) +
          "\" onclick=\"this.href=location.search.replace(/([?&])lang=[^&]*/,'$1')"
          "+(location.search?'&':'?')+'lang=zh';\">中文</a><a href=\"?lang=en\" "
          "onclick=\"this.href=location.search.replace("
          "/([?&])lang=[^&]*/,'$1')+(location.search?'&':'?')+'lang=en';\">English</a></span></header>\n";
  return html;
}

}  // namespace

PageLang page_lang(std::string_view requested) { return requested.starts_with("en") ? PageLang::en : PageLang::zh; }

http::Response checkout_page(const SandboxPayment& payment, PageLang lang, std::string_view qr_payload) {
  const auto w = words(payment.method, lang);
  auto html = open(payment, lang, w.brand);
  html += "<div class=\"card\">\n<div>" + core::html_escape(payment.subject) + "</div>\n";
  html += "<div class=\"amount\">" + core::html_escape(amount_text(payment.amount)) + "</div>\n";
  html += "<div class=\"muted\">" + core::html_escape(w.order) + " " + core::html_escape(payment.order_id) + "</div>\n";
  if (payment.method == Method::wechat) {
    html += "<div class=\"qr\" role=\"img\" aria-label=\"QR\"><span>" + core::html_escape(w.scan) + "</span></div>\n";
    html += "<div class=\"muted\">code_url: <code>" + core::html_escape(qr_payload) + "</code></div>\n";
  }
  html += "<div class=\"sandbox\">" + core::html_escape(w.sandbox) + "</div>\n";
  html += "<form method=\"post\" action=\"" + core::html_escape(kCheckoutActionPath) + "\">\n";
  html += "<input type=\"hidden\" name=\"method\" value=\"" + std::string(portal::payments::to_string(payment.method)) +
          "\">\n<input type=\"hidden\" name=\"order\" value=\"" + core::html_escape(payment.order_id) + "\">\n";
  html += std::string("<input type=\"hidden\" name=\"lang\" value=\"") + (lang == PageLang::zh ? "zh" : "en") + "\">\n";
  html += "<button class=\"pay\" name=\"action\" value=\"pay\">" + core::html_escape(w.pay) + "</button>\n";
  html += "<button name=\"action\" value=\"fail\">" + core::html_escape(w.fail) + "</button>\n";
  html += "<button name=\"action\" value=\"abandon\">" + core::html_escape(w.abandon) + "</button>\n";
  html += "</form>\n</div>\n";
  web::close_page(html);
  return web::html_response(std::move(html));
}

http::Response result_page(const SandboxPayment& payment, PageLang lang, std::string_view headline_zh,
                           std::string_view headline_en, int status) {
  const auto headline = lang == PageLang::zh ? headline_zh : headline_en;
  auto html = open(payment, lang, headline);
  html += "<div class=\"card\">\n<div class=\"amount\" style=\"font-size:22px\">" + core::html_escape(headline) +
          "</div>\n";
  if (!payment.order_id.empty()) {
    html += "<div class=\"muted\">" + core::html_escape(words(payment.method, lang).order) + " " +
            core::html_escape(payment.order_id) + "</div>\n";
  }
  html += "</div>\n";
  web::close_page(html);
  return web::html_response(std::move(html), status);
}

}  // namespace portal::sim::payments
