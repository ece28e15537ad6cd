#include "sim/web/page.hpp"

#include "core/html_escape.hpp"

namespace portal::sim::web {

std::string open_page(const PageHead& head) {
  std::string html;
  html.reserve(4096);
  html += "<!doctype html>\n<html lang=\"" + core::html_escape(head.lang) + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<meta name=\"referrer\" content=\"no-referrer\">\n";
  html += "<title>" + core::html_escape(head.title) + "</title>\n<style>";
  html += head.style;
  html += "</style>\n</head>\n<body";
  if (!head.body_class.empty()) html += " class=\"" + core::html_escape(head.body_class) + "\"";
  html += ">\n<main>\n";
  return html;
}

void close_page(std::string& html) { html += "</main>\n</body>\n</html>\n"; }

http::Response html_response(std::string html, int status) {
  auto response = http::text_response(std::move(html), "text/html; charset=utf-8", status);
  response.set_header("Cache-Control", "no-store");
  return response;
}

}  // namespace portal::sim::web
