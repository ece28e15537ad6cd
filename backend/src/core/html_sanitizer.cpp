#include "core/html_sanitizer.hpp"

#include "core/html_sanitizer_report.hpp"

#include <gumbo.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>

namespace portal::core {

namespace {

// Kept elements nested deeper than this are unwrapped: browsers flatten very deep trees on their own
// (Chromium at 512), and no FAQ answer needs more.
constexpr std::size_t kMaxDepth = 100;
// Re-parsing the output settles after one round in practice; this bounds the work if it did not.
constexpr int kMaxPasses = 4;
using html_report::Report;
using html_report::shown;

enum class Action { keep, unwrap, drop };

Action action_for(const GumboNode& node) {
  if (node.type == GUMBO_NODE_TEMPLATE) return Action::drop;
  const GumboElement& element = node.v.element;
  if (element.tag_namespace != GUMBO_NAMESPACE_HTML) return Action::drop;
  switch (element.tag) {
    case GUMBO_TAG_P:
    case GUMBO_TAG_BR:
    case GUMBO_TAG_B:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_I:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_U:
    case GUMBO_TAG_S:
    case GUMBO_TAG_DEL:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_PRE:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_HR:
    case GUMBO_TAG_A:
    case GUMBO_TAG_IMG:
    case GUMBO_TAG_SPAN:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TR:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_TD:
      return Action::keep;
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_FORM:
    case GUMBO_TAG_INPUT:
    case GUMBO_TAG_BUTTON:
    case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_SELECT:
    case GUMBO_TAG_SVG:
    case GUMBO_TAG_MATH:
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_NOSCRIPT:
    case GUMBO_TAG_NOEMBED:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_XMP:
    case GUMBO_TAG_PLAINTEXT:
    case GUMBO_TAG_TITLE:
    case GUMBO_TAG_BASE:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_META:
    case GUMBO_TAG_FRAME:
    case GUMBO_TAG_FRAMESET:
    case GUMBO_TAG_APPLET:
      return Action::drop;
    default:
      return Action::unwrap;
  }
}

bool is_void(GumboTag tag) { return tag == GUMBO_TAG_BR || tag == GUMBO_TAG_HR || tag == GUMBO_TAG_IMG; }

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = ascii_lower(c);
  return out;
}

std::string tag_name(const GumboNode& node) {
  const GumboElement& element = node.v.element;
  if (element.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(element.tag);
  GumboStringPiece piece = element.original_tag;
  gumbo_tag_from_original_text(&piece);
  return piece.length ? ascii_lower(std::string_view(piece.data, piece.length)) : "?";
}

// Text and attribute values as the output writes them: &, < and > always, " inside attribute values;
// NUL never (the parser already replaced it, this only keeps the output clean of any left).
void escape(std::string_view text, std::string& out, bool in_attribute) {
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += in_attribute ? "&quot;" : "\"";
        break;
      case '\0':
        break;
      default:
        out += c;
    }
  }
}

void escape_text(std::string_view text, std::string& out) { escape(text, out, false); }

void write_attribute(std::string& out, std::string_view name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  escape(value, out, true);
  out += '"';
}

bool is_space_or_control(char c) { return static_cast<unsigned char>(c) <= 0x20; }

// What browsers' URL parsers do first: leading and trailing C0 controls and spaces go, tabs and line
// breaks go everywhere. Any other control character makes the URL unusable here.
std::optional<std::string> normalize_url(std::string_view value) {
  while (!value.empty() && is_space_or_control(value.front())) value.remove_prefix(1);
  while (!value.empty() && is_space_or_control(value.back())) value.remove_suffix(1);
  std::string out;
  for (const char c : value) {
    if (c == '\t' || c == '\n' || c == '\r') continue;
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return std::nullopt;
    out += c;
  }
  return out;
}

const GumboAttribute* attribute(const GumboElement& element, const char* name) {
  return gumbo_get_attribute(&element.attributes, name);
}

bool all_digits(std::string_view text, std::size_t max_length) {
  if (text.empty() || text.size() > max_length) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// rel tokens, lower-cased and de-duplicated; _blank adds noopener and noreferrer.
std::string rel_value(std::string_view given, bool blank, Report& report) {
  std::vector<std::string> tokens;
  std::size_t at = 0;
  while (at < given.size()) {
    while (at < given.size() && is_space_or_control(given[at])) ++at;
    std::size_t end = at;
    while (end < given.size() && !is_space_or_control(given[end])) ++end;
    if (end == at) break;
    const std::string token = ascii_lower(given.substr(at, end - at));
    at = end;
    const bool plain = token.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") == std::string::npos;
    // "opener" asks to keep window.opener for a new tab: never.
    if (!plain || token == "opener" || tokens.size() >= 8) {
      report.add("rel token " + shown(token) + " on <a>", {"attribute", "rel"});
    } else if (std::find(tokens.begin(), tokens.end(), token) == tokens.end()) {
      tokens.push_back(token);
    }
  }
  if (blank) {
    for (const char* needed : {"noopener", "noreferrer"}) {
      if (std::find(tokens.begin(), tokens.end(), needed) == tokens.end()) tokens.emplace_back(needed);
    }
  }
  std::string out;
  for (const auto& token : tokens) out += (out.empty() ? "" : " ") + token;
  return out;
}

bool is_one_of(const char* name, std::initializer_list<const char*> names) {
  for (const char* candidate : names) {
    if (std::string_view(name) == candidate) return true;
  }
  return false;
}

void report_other_attributes(const GumboElement& element, const std::string& tag,
                             std::initializer_list<const char*> allowed, Report& report) {
  for (unsigned i = 0; i < element.attributes.length; ++i) {
    const auto* a = static_cast<const GumboAttribute*>(element.attributes.data[i]);
    if (!is_one_of(a->name, allowed))
      report.add(std::string(a->name) + " attribute on <" + tag + ">", {"attribute", a->name});
  }
}

void write_link_attributes(const GumboElement& element, std::string& out, Report& report) {
  if (const auto* href = attribute(element, "href")) {
    const auto url = normalize_url(href->value);
    if (url && is_allowed_url(*url, UrlUse::link)) {
      write_attribute(out, "href", *url);
    } else {
      report.add("href " + shown(href->value) + " on <a>: scheme not allowed", {"attribute", "href"});
    }
  }
  bool blank = false;
  if (const auto* target = attribute(element, "target")) {
    const auto value = ascii_lower(normalize_url(target->value).value_or(""));
    if (value == "_blank" || value == "_self") {
      blank = value == "_blank";
      write_attribute(out, "target", value);
    } else {
      report.add("target " + shown(target->value) + " on <a>", {"attribute", "target"});
    }
  }
  const auto* rel = attribute(element, "rel");
  const std::string rel_text = rel_value(rel ? rel->value : "", blank, report);
  if (!rel_text.empty()) write_attribute(out, "rel", rel_text);
  if (const auto* title = attribute(element, "title")) write_attribute(out, "title", title->value);
  report_other_attributes(element, "a", {"href", "target", "rel", "title"}, report);
}

// False when the image has no usable src (the element is then left out).
bool write_image_attributes(const GumboElement& element, std::string& out, Report& report) {
  const auto* src = attribute(element, "src");
  const auto url = src ? normalize_url(src->value) : std::nullopt;
  if (!url || !is_allowed_url(*url, UrlUse::image)) {
    report.add(src ? "<img> with src " + shown(src->value) + ": scheme not allowed" : "<img> without src",
               {"element", "img"});
    return false;
  }
  write_attribute(out, "src", *url);
  if (const auto* alt = attribute(element, "alt")) write_attribute(out, "alt", alt->value);
  for (const char* size : {"width", "height"}) {
    if (const auto* a = attribute(element, size)) {
      if (all_digits(a->value, 4)) {
        write_attribute(out, size, a->value);
      } else {
        report.add(std::string(size) + " " + shown(a->value) + " on <img>", {"attribute", size});
      }
    }
  }
  report_other_attributes(element, "img", {"src", "alt", "width", "height"}, report);
  return true;
}

struct Frame {
  const GumboVector* children = nullptr;
  unsigned next = 0;
  std::string close;      // end tag written when the frame is done; empty for unwrapped elements
  std::size_t depth = 0;  // kept elements around this frame's children
};

// One parse and write-out. text_only: every element is unwrapped (the fallback when markup does not
// settle).
std::string run_pass(std::string_view input, Report& report, bool text_only = false) {
  GumboOptions options = kGumboDefaultOptions;
  options.fragment_context = GUMBO_TAG_DIV;
  options.fragment_namespace = GUMBO_NAMESPACE_HTML;
  auto destroy = [options](GumboOutput* output) { gumbo_destroy_output(&options, output); };
  std::unique_ptr<GumboOutput, decltype(destroy)> parsed(gumbo_parse_with_options(&options, input.data(), input.size()),
                                                         destroy);

  std::string out;
  out.reserve(input.size());
  std::vector<Frame> stack;
  stack.push_back(Frame{&parsed->root->v.element.children});
  while (!stack.empty()) {
    Frame& frame = stack.back();
    if (frame.next == frame.children->length) {
      out += frame.close;
      stack.pop_back();
      continue;
    }
    const auto& node = *static_cast<const GumboNode*>(frame.children->data[frame.next++]);
    const std::size_t depth = frame.depth;  // `frame` may dangle once something is pushed
    switch (node.type) {
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_WHITESPACE:
        escape_text(node.v.text.text, out);
        continue;
      case GUMBO_NODE_COMMENT:
        report.add("comment", {"comment", "comment"});
        continue;
      case GUMBO_NODE_CDATA:
        report.add("CDATA section", {"comment", "cdata"});
        continue;
      case GUMBO_NODE_DOCUMENT:
        continue;
      case GUMBO_NODE_ELEMENT:
      case GUMBO_NODE_TEMPLATE:
        break;
    }
    const std::string name = tag_name(node);
    Action action = action_for(node);
    if (action == Action::drop) {
      report.add(node.v.element.tag_namespace == GUMBO_NAMESPACE_HTML
                     ? "<" + name + "> element with its content"
                     : "<" + name + "> (SVG or MathML) element with its content",
                 {"element", name});
      continue;
    }
    if (action == Action::keep && !text_only && depth >= kMaxDepth) {
      report.add("<" + name + "> nested deeper than " + std::to_string(kMaxDepth) + " levels (content kept)",
                 {"element", name});
      action = Action::unwrap;
    } else if (action == Action::unwrap && !text_only) {
      report.add("<" + name + "> tag (content kept)", {"element", name});
    }
    if (action == Action::unwrap || text_only) {
      stack.push_back(Frame{&node.v.element.children, 0, {}, depth});
      continue;
    }
    const GumboElement& element = node.v.element;
    std::string open = "<" + name;
    if (element.tag == GUMBO_TAG_A) {
      write_link_attributes(element, open, report);
    } else if (element.tag == GUMBO_TAG_IMG) {
      if (!write_image_attributes(element, open, report)) continue;
    } else {
      report_other_attributes(element, name, {}, report);
    }
    out += open + ">";
    if (is_void(element.tag)) continue;
    // The parser drops a line break right after <pre>: write one more so the text keeps its own.
    if (element.tag == GUMBO_TAG_PRE && element.children.length > 0) {
      const auto* first = static_cast<const GumboNode*>(element.children.data[0]);
      if ((first->type == GUMBO_NODE_TEXT || first->type == GUMBO_NODE_WHITESPACE) && first->v.text.text[0] == '\n') {
        out += '\n';
      }
    }
    stack.push_back(Frame{&element.children, 0, "</" + name + ">", depth + 1});
  }
  return out;
}

}  // namespace

bool is_allowed_url(std::string_view decoded_value, UrlUse use) {
  const auto url = normalize_url(decoded_value);
  if (!url || url->empty()) return false;
  const std::string lower = ascii_lower(*url);
  if (lower[0] == '/') return true;
  if (lower[0] == '#') return use == UrlUse::link;
  const auto colon = lower.find(':');
  if (colon == std::string::npos || colon == 0) return false;
  const std::string scheme = lower.substr(0, colon);
  if (use == UrlUse::image) return scheme == "https";
  return scheme == "http" || scheme == "https" || scheme == "mailto";
}

SanitizedHtml sanitize_html(std::string_view input) {
  Report report;
  std::string current = run_pass(input, report);
  for (int pass = 1; pass < kMaxPasses; ++pass) {
    std::string next = run_pass(current, report);
    if (next == current) return {std::move(current), report.lines(), report.removals()};
    current = std::move(next);
  }
  report.add("markup that changed on every re-parse (its text kept)", {"element", "markup"});
  const std::string text = run_pass(current, report, true);
  auto html = run_pass(text, report);
  return {std::move(html), report.lines(), report.removals()};
}

}  // namespace portal::core
