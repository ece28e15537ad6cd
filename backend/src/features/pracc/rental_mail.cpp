#include "features/pracc/rental_mail.hpp"

#include "core/html_escape.hpp"
#include "features/pracc/rental_rules.hpp"

#include <fmt/format.h>

namespace portal::pracc {

namespace {

struct Wording {
  std::string subject;
  std::string zh;
  std::string en;
};

std::optional<Wording> wording(const RentalServer& server, const std::string& what) {
  const std::string until = gmt8_datetime(server.expires_at).substr(0, 16) + " (GMT+8)";
  if (what == "expires_24h" || what == "expires_1h") {
    const bool day = what == "expires_24h";
    return Wording{
        fmt::format("练习服务器即将到期 / Your practice server expires in {}", day ? "24 hours" : "1 hour"),
        fmt::format(
            "您的练习服务器「{}」将在{}后到期（{}）。到期后服务器停止运行，数据保留一段时间，期间续费即可恢复。",
            server.name, day ? " 24 小时" : " 1 小时", until),
        fmt::format("Your practice server \"{}\" expires in {} ({}). It stops then; its data is kept for a "
                    "while, and renewing brings it back.",
                    server.name, day ? "24 hours" : "1 hour", until)};
  }
  if (what == "refunded") {
    return Wording{
        "服务器未能启动，已退款 / Your server could not be started: refunded",
        fmt::format("很抱歉，您购买的服务器「{}」多次尝试后仍未能启动。款项已原路退回，请稍后重试或联系客服。",
                    server.name),
        fmt::format("We are sorry: the server \"{}\" you bought could not be started after several "
                    "attempts. The payment has been refunded to where it came from; please try again "
                    "later or contact support.",
                    server.name)};
  }
  if (what == "revoked") {
    return Wording{"服务器订单已退款，服务器已停止 / Your server's order was refunded: the server has ended",
                   fmt::format("您的服务器「{}」的订单已退款，服务器已停止并删除（包括其录像）。", server.name),
                   fmt::format("The order of your server \"{}\" was refunded, so the server has ended; it is "
                               "deleted with its demos.",
                               server.name)};
  }
  if (what == "renewal_refunded") {
    return Wording{
        "续费已退款 / Your renewal was refunded",
        fmt::format("您对服务器「{}」的续费已退款，续费的时长已扣除，服务器现在于 {} 到期。", server.name, until),
        fmt::format("The renewal of your server \"{}\" was refunded and its hours were taken off: the "
                    "server now expires at {}.",
                    server.name, until)};
  }
  if (what == "order_refused") {
    return Wording{
        "订单无法交付，已退款 / Your order could not be delivered: refunded",
        fmt::format("很抱歉，您的服务器订单「{}」在付款时已超出服务器数量上限（或续费的服务器已不存在），"
                    "无法交付。款项已原路退回。",
                    server.name.empty() ? server.id : server.name),
        fmt::format("We are sorry: when your order for \"{}\" was paid, a server limit had been reached (or the "
                    "server to renew was gone), so it could not be delivered. The payment has been refunded to "
                    "where it came from.",
                    server.name.empty() ? server.id : server.name)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<mail::MailMessage> rental_notice_mail(const std::string& to, const RentalServer& server,
                                                    const std::string& what, const std::string& page,
                                                    const std::string& site_name) {
  auto words = wording(server, what);
  if (!words) return std::nullopt;
  mail::MailMessage m;
  m.to = to;
  m.subject = site_name + " " + words->subject;
  m.text = fmt::format("{}\n{}\n\n{}\n{}\n\n— {}\n", words->zh, page, words->en, page, site_name);
  const std::string link = core::html_escape(page);
  m.html = fmt::format(
      "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.6;color:#18181b\">"
      "<p>{}</p><p><a href=\"{}\">{}</a></p><hr><p>{}</p><p>— {}</p></body></html>",
      core::html_escape(words->zh), link, link, core::html_escape(words->en), core::html_escape(site_name));
  return m;
}

}  // namespace portal::pracc
