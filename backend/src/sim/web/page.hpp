#pragma once
// The HTML scaffolding every local stand-in page shares (sim/steam, sim/vip_store, sim/inventory_site,
// and the payment and cloud consoles to come): the document head with no-referrer (tokens travel in
// these pages' URLs), the page's own style, and the answer that sends it, never cached.

#include "http/message.hpp"

#include <string>
#include <string_view>

namespace portal::sim::web {

struct PageHead {
  std::string_view title;  // plain text; escaped here
  std::string_view lang = "en";
  std::string_view style;       // the page's CSS
  std::string_view body_class;  // e.g. "dark"; empty: none
};

// "<!doctype html>...<body><main>\n": the caller appends the content, then close_page().
std::string open_page(const PageHead& head);
void close_page(std::string& html);

// 200 (or `status`) text/html, Cache-Control: no-store.
http::Response html_response(std::string html, int status = 200);

}  // namespace portal::sim::web
