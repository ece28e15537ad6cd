#include "features/auth/mail_templates.hpp"

#include "core/html_escape.hpp"

#include <fmt/format.h>

namespace portal::auth {

namespace {

std::string html_page(const std::string& body) {
  return "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.6;color:#18181b\">" + body +
         "</body></html>";
}

}  // namespace

mail::MailMessage verification_code_mail(const std::string& to, const std::string& code, int valid_minutes,
                                         const std::string& site_name) {
  mail::MailMessage m;
  m.to = to;
  m.subject = fmt::format("{} 验证码 / Verification code", site_name);
  m.text = fmt::format(
      "您的注册验证码是：{0}\n"
      "验证码 {1} 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件。\n\n"
      "Your registration code is: {0}\n"
      "It is valid for {1} minutes and works once. If you did not ask for it, ignore this mail.\n\n"
      "— {2}\n",
      code, valid_minutes, site_name);
  const std::string c = core::html_escape(code);
  m.html = html_page(
      fmt::format("<p>您的注册验证码是：</p><p style=\"font-size:28px;font-weight:700;letter-spacing:6px\">{0}</p>"
                  "<p>验证码 {1} 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件。</p><hr>"
                  "<p>Your registration code is <strong>{0}</strong>. It is valid for {1} minutes and works once. "
                  "If you did not ask for it, ignore this mail.</p><p>— {2}</p>",
                  c, valid_minutes, core::html_escape(site_name)));
  return m;
}

mail::MailMessage password_reset_mail(const std::string& to, const std::string& link, int valid_minutes,
                                      const std::string& site_name) {
  mail::MailMessage m;
  m.to = to;
  m.subject = fmt::format("{} 重置密码 / Reset your password", site_name);
  m.text = fmt::format(
      "请打开下面的链接设置新密码：\n{0}\n"
      "链接 {1} 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。\n\n"
      "Open this link to choose a new password:\n{0}\n"
      "It is valid for {1} minutes and works once. If you did not ask for it, ignore this mail; your "
      "password stays as it is.\n\n"
      "— {2}\n",
      link, valid_minutes, site_name);
  const std::string l = core::html_escape(link);
  m.html = html_page(fmt::format(
      "<p>请打开下面的链接设置新密码：</p><p><a href=\"{0}\">{0}</a></p>"
      "<p>链接 {1} 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。</p><hr>"
      "<p>Open this link to choose a new password: <a href=\"{0}\">{0}</a></p>"
      "<p>It is valid for {1} minutes and works once. If you did not ask for it, ignore this mail; your password "
      "stays as it is.</p><p>— {2}</p>",
      l, valid_minutes, core::html_escape(site_name)));
  return m;
}

}  // namespace portal::auth
