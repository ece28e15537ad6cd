#pragma once
// An allow-list HTML sanitizer for HTML that operators write (FAQ answers). The input is parsed the way
// a browser parses it (libgumbo, a spec-compliant HTML5 parser, as a fragment inside a <div>), the tree
// is walked and written out again with only what the allow list keeps:
//
//   elements    p br b strong i em u s del blockquote code pre ul ol li h2 h3 h4 hr a img span div
//               table thead tbody tr th td
//   attributes  a: href target rel title; img: src alt width height; nothing else anywhere
//   URLs        a[href]: http, https, mailto, or relative (/path, #anchor); img[src]: https or /path.
//               The scheme is read after entity decoding, with whitespace and control characters
//               removed, case-insensitively (so `jav&#x09;ascript:` is javascript: and is dropped).
//   target      _blank or _self; _blank makes rel include noopener and noreferrer
//
// script style iframe object embed form input button textarea select svg math template noscript
// noembed noframes xmp plaintext title base link meta frame frameset applet, and anything outside the
// HTML namespace, go with their content; other elements are unwrapped (their children stay); comments
// go. Text and attribute values are escaped on output.
//
// The output is a fixed point: sanitize_html(out).html == out, which also means a browser parsing it
// builds exactly the allowed tree (the output is re-parsed until it no longer changes).

#include "core/html_sanitizer_report.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace portal::core {

struct SanitizedHtml {
  std::string html;
  // What was taken out, one line each in the order met, e.g. "<script> element with its content",
  // "onerror attribute on <img> (2x)", "href \"javascript:alert(1)\" on <a>: scheme not allowed".
  std::vector<std::string> removed;
  // The same, as kind and name ("element" "script", "attribute" "onerror"), each once: for screens.
  std::vector<html_report::Removal> removals;
};

SanitizedHtml sanitize_html(std::string_view input);

// The URL rules above, on an attribute value as the parser hands it over (entities already decoded).
enum class UrlUse { link, image };
bool is_allowed_url(std::string_view decoded_value, UrlUse use);

}  // namespace portal::core
