#include "integrations/mail/mail_text.hpp"

#include <algorithm>
#include <utility>

namespace portal::mail {

namespace {

using Span = std::pair<std::size_t, std::size_t>;  // [begin, end)

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word_char(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

bool starts_with_ignoring_case(std::string_view text, std::size_t at, std::string_view prefix) {
  if (text.size() - at < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    char c = text[at + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

bool is_url_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte > 0x20 && byte < 0x7f && std::string_view("\"'<>`").find(c) == std::string_view::npos;
}

// "(see https://x.example/a)." ends the link before ")." but keeps the ")" of ".../Foo_(bar)".
std::size_t trim_url_end(std::string_view text, std::size_t begin, std::size_t end) {
  for (;;) {
    const char last = text[end - 1];
    if (std::string_view(".,;:!?").find(last) != std::string_view::npos) {
      --end;
      continue;
    }
    const auto unbalanced = [&](char open, char close) {
      const std::string_view url = text.substr(begin, end - begin);
      return last == close && std::count(url.begin(), url.end(), open) < std::count(url.begin(), url.end(), close);
    };
    if (unbalanced('(', ')') || unbalanced('[', ']') || unbalanced('{', '}')) {
      --end;
      continue;
    }
    return end;
  }
}

std::vector<Span> link_spans(std::string_view text) {
  std::vector<Span> spans;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t scheme = 0;
    if (starts_with_ignoring_case(text, at, "https://"))
      scheme = 8;
    else if (starts_with_ignoring_case(text, at, "http://"))
      scheme = 7;
    if (scheme == 0) {
      ++at;
      continue;
    }
    std::size_t end = at + scheme;
    while (end < text.size() && is_url_char(text[end])) ++end;
    end = end > at + scheme ? trim_url_end(text, at, end) : end;
    if (end > at + scheme) spans.emplace_back(at, end);
    at = std::max(end, at + scheme);
  }
  return spans;
}

// A number separator between digits ("12.345678", "2024-123456", "10:123456") joins them into one.
bool joins_digits(std::string_view text, std::size_t separator, std::size_t digit) {
  return separator < text.size() && digit < text.size() &&
         std::string_view(".,-:/").find(text[separator]) != std::string_view::npos && is_digit(text[digit]);
}

bool stands_alone(std::string_view text, std::size_t begin, std::size_t end) {
  if (begin > 0 && (is_word_char(text[begin - 1]) || (begin >= 2 && joins_digits(text, begin - 1, begin - 2)))) {
    return false;
  }
  return !(end < text.size() && (is_word_char(text[end]) || joins_digits(text, end, end + 1)));
}

}  // namespace

std::vector<std::string> extract_links(std::string_view text) {
  std::vector<std::string> links;
  for (const auto& [begin, end] : link_spans(text)) {
    std::string link(text.substr(begin, end - begin));
    if (std::find(links.begin(), links.end(), link) == links.end()) links.push_back(std::move(link));
  }
  return links;
}

std::optional<std::string> extract_code(std::string_view text) {
  const std::vector<Span> links = link_spans(text);
  auto link = links.begin();
  for (std::size_t at = 0; at < text.size();) {
    while (link != links.end() && link->second <= at) ++link;
    if (link != links.end() && link->first <= at) {
      at = link->second;  // digits in a URL are ids and tokens, not the code
      continue;
    }
    if (!is_digit(text[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && is_digit(text[end])) ++end;
    if (end - at == 6 && stands_alone(text, at, end)) return std::string(text.substr(at, 6));
    at = end;
  }
  return std::nullopt;
}

}  // namespace portal::mail
