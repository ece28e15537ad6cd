#pragma once
// Tests only: reads sanitized HTML the way a browser would (libgumbo, as a fragment in a <div>) and
// lists everything in it that the FAQ allow list forbids. Written apart from the sanitizer, with its
// own URL check, so a mistake in one is not repeated in the other.

#include <gumbo.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace portal::test {

namespace html_check_detail {

inline const std::map<std::string, std::set<std::string>, std::less<>>& allowed() {
  static const std::map<std::string, std::set<std::string>, std::less<>> tags{
      {"p", {}},
      {"br", {}},
      {"b", {}},
      {"strong", {}},
      {"i", {}},
      {"em", {}},
      {"u", {}},
      {"s", {}},
      {"del", {}},
      {"blockquote", {}},
      {"code", {}},
      {"pre", {}},
      {"ul", {}},
      {"ol", {}},
      {"li", {}},
      {"h2", {}},
      {"h3", {}},
      {"h4", {}},
      {"hr", {}},
      {"span", {}},
      {"div", {}},
      {"table", {}},
      {"thead", {}},
      {"tbody", {}},
      {"tr", {}},
      {"th", {}},
      {"td", {}},
      {"a", {"href", "target", "rel", "title"}},
      {"img", {"src", "alt", "width", "height"}},
  };
  return tags;
}

// The value as a URL parser would read its scheme: no whitespace or control characters, lower case.
inline std::string squeezed(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) continue;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

inline bool starts_with_any(std::string_view text, std::initializer_list<std::string_view> prefixes) {
  for (const auto prefix : prefixes) {
    if (text.starts_with(prefix)) return true;
  }
  return false;
}

inline void check_url(const std::string& tag, std::string_view name, std::string_view value,
                      std::vector<std::string>& problems) {
  const std::string url = squeezed(value);
  for (const std::string_view bad : {"javascript:", "vbscript:", "data:", "livescript:", "mocha:"}) {
    if (url.starts_with(bad)) problems.push_back(tag + "[" + std::string(name) + "] is a " + std::string(bad) + " URL");
  }
  const bool fine = name == "src" ? starts_with_any(url, {"https:", "/"})
                                  : starts_with_any(url, {"http:", "https:", "mailto:", "/", "#"});
  if (!fine) problems.push_back(tag + "[" + std::string(name) + "] is not an allowed URL: " + std::string(value));
}

inline void check_node(const GumboNode& node, std::vector<std::string>& problems) {
  if (node.type == GUMBO_NODE_COMMENT) problems.push_back("comment");
  if (node.type == GUMBO_NODE_CDATA) problems.push_back("CDATA");
  if (node.type == GUMBO_NODE_TEMPLATE) problems.push_back("template");
  if (node.type != GUMBO_NODE_ELEMENT) return;
  const GumboElement& e = node.v.element;
  const std::string tag = e.tag == GUMBO_TAG_UNKNOWN ? "unknown" : gumbo_normalized_tagname(e.tag);
  if (e.tag_namespace != GUMBO_NAMESPACE_HTML) problems.push_back("<" + tag + "> outside the HTML namespace");
  const auto rule = allowed().find(tag);
  if (rule == allowed().end()) problems.push_back("<" + tag + "> is not allowed");
  std::string target, rel;
  for (unsigned i = 0; i < e.attributes.length; ++i) {
    const auto* a = static_cast<const GumboAttribute*>(e.attributes.data[i]);
    const std::string name = squeezed(a->name);
    if (name.starts_with("on")) problems.push_back("event handler " + name + " on <" + tag + ">");
    if (name == "style") problems.push_back("style on <" + tag + ">");
    if (rule != allowed().end() && !rule->second.count(name)) problems.push_back(name + " on <" + tag + ">");
    if (name == "href" || name == "src") check_url(tag, name, a->value, problems);
    if (name == "target") target = a->value;
    if (name == "rel") rel = " " + std::string(a->value) + " ";
  }
  if (target == "_blank" &&
      (rel.find(" noopener ") == std::string::npos || rel.find(" noreferrer ") == std::string::npos)) {
    problems.push_back("target=_blank without rel noopener noreferrer");
  }
  for (unsigned i = 0; i < e.children.length; ++i)
    check_node(*static_cast<const GumboNode*>(e.children.data[i]), problems);
}

// Every '<' in the output opens or closes an allowed tag (text and attribute values escape theirs).
inline void check_raw_markup(std::string_view html, std::vector<std::string>& problems) {
  for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
    std::size_t name_at = at + 1;
    if (name_at < html.size() && html[name_at] == '/') ++name_at;
    std::size_t end = name_at;
    while (end < html.size() && ((html[end] >= 'a' && html[end] <= 'z') || (html[end] >= '0' && html[end] <= '9')))
      ++end;
    const std::string name(html.substr(name_at, end - name_at));
    if (!allowed().count(name) || end >= html.size() || (html[end] != '>' && html[end] != ' ')) {
      problems.push_back("raw markup at byte " + std::to_string(at) + ": " + std::string(html.substr(at, 24)));
    }
  }
}

}  // namespace html_check_detail

// Problems in the tree a browser builds from `html` (not in the bytes themselves).
inline std::vector<std::string> html_tree_problems(std::string_view html) {
  GumboOptions options = kGumboDefaultOptions;
  options.fragment_context = GUMBO_TAG_DIV;
  options.fragment_namespace = GUMBO_NAMESPACE_HTML;
  GumboOutput* output = gumbo_parse_with_options(&options, html.data(), html.size());
  std::vector<std::string> problems;
  const GumboVector& top = output->root->v.element.children;
  for (unsigned i = 0; i < top.length; ++i)
    html_check_detail::check_node(*static_cast<const GumboNode*>(top.data[i]), problems);
  gumbo_destroy_output(&options, output);
  return problems;
}

// Problems found in `html`, in its tree and in its bytes; empty when it is safe under the allow list.
inline std::vector<std::string> html_allow_list_problems(std::string_view html) {
  auto problems = html_tree_problems(html);
  html_check_detail::check_raw_markup(html, problems);
  return problems;
}

}  // namespace portal::test
