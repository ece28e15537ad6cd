#pragma once
// The Link header of a page's first visit: the chunks its route needs beyond the entry, so that the
// browser fetches them beside the entry instead of after the entry has run (issue 17: one round trip
// less before a phone's first paint). The build writes the list (web/scripts/route-preloads.mjs) as
// route-preloads.json in the web root: {"/vip": ["/assets/vip-page-1a2b.js", ...], "/": [...]}.

#include <string>
#include <string_view>

namespace portal::http {

// The Link header value for a request to `url_path`, from the list's text: modulepreload for
// scripts, preload as style for stylesheets; "" when the route has none, the list is unreadable or
// an entry is not a plain /assets/ path (nothing from the file reaches the header unchecked).
std::string route_preload_links(std::string_view preloads_json, std::string_view url_path);

}  // namespace portal::http
