#pragma once
// Test-only: reads back what render_message wrote, the way a mail client would (unfold headers,
// decode RFC 2047 words, split multipart/alternative, decode base64), so tests assert on meaning and
// not on our own bytes. Header-only so nothing of it reaches portal_core.

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::mail::test {

inline std::string base64_decode(std::string_view text) {
  std::string out;
  std::uint32_t group = 0;
  int bits = 0;
  for (const char c : text) {
    int value = -1;
    if (c >= 'A' && c <= 'Z')
      value = c - 'A';
    else if (c >= 'a' && c <= 'z')
      value = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      value = c - '0' + 52;
    else if (c == '+')
      value = 62;
    else if (c == '/')
      value = 63;
    if (value < 0) continue;  // line breaks and padding
    group = (group << 6) | static_cast<std::uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((group >> bits) & 0xff);
    }
  }
  return out;
}

// Decodes "=?UTF-8?B?...?=" words; whitespace between two encoded words is dropped (RFC 2047 6.2).
inline std::string decode_words(std::string_view value) {
  std::string out;
  std::string pending_space;
  bool last_was_word = false;
  std::size_t at = 0;
  while (at < value.size()) {
    if (value[at] == ' ' || value[at] == '\t') {
      pending_space += value[at++];
      continue;
    }
    std::size_t end = value.find_first_of(" \t", at);
    if (end == std::string_view::npos) end = value.size();
    const std::string_view token = value.substr(at, end - at);
    const bool is_word = token.size() > 12 && token.starts_with("=?UTF-8?B?") && token.ends_with("?=");
    if (!(is_word && last_was_word)) out += pending_space;
    out += is_word ? base64_decode(token.substr(10, token.size() - 12)) : std::string(token);
    pending_space.clear();
    last_was_word = is_word;
    at = end;
  }
  return out;
}

struct Part {
  std::string headers;  // unfolded, CRLF separated
  std::string body;     // as sent
  std::optional<std::string> header(std::string_view name) const {
    std::size_t at = 0;
    while (at < headers.size()) {
      std::size_t end = headers.find("\r\n", at);
      if (end == std::string::npos) end = headers.size();
      const std::string_view line = std::string_view(headers).substr(at, end - at);
      const std::size_t colon = line.find(':');
      if (colon != std::string_view::npos && colon == name.size()) {
        const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
        bool same = true;
        for (std::size_t i = 0; i < colon; ++i) same = same && lower(line[i]) == lower(name[i]);
        if (same) {
          std::string_view value = line.substr(colon + 1);
          while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
          return std::string(value);
        }
      }
      at = end + 2;
    }
    return std::nullopt;
  }
  std::string decoded_body() const { return base64_decode(body); }
};

// Splits at the first blank line and unfolds the header block (CRLF followed by WSP).
inline Part parse_part(std::string_view raw) {
  Part part;
  std::size_t split = raw.find("\r\n\r\n");
  const std::string_view head = raw.substr(0, split == std::string_view::npos ? raw.size() : split);
  part.body = split == std::string_view::npos ? "" : std::string(raw.substr(split + 4));
  for (std::size_t i = 0; i < head.size(); ++i) {
    if (head.substr(i, 2) == "\r\n" && i + 2 < head.size() && (head[i + 2] == ' ' || head[i + 2] == '\t')) {
      ++i;  // drop the CRLF, keep the WSP
      continue;
    }
    part.headers += head[i];
  }
  return part;
}

// The parts of a multipart body (empty when `message` is not multipart).
inline std::vector<Part> parse_multipart(const Part& message) {
  std::vector<Part> parts;
  const auto type = message.header("Content-Type");
  if (!type) return parts;
  const std::size_t key = type->find("boundary=\"");
  if (key == std::string::npos) return parts;
  const std::string boundary = type->substr(key + 10, type->find('"', key + 10) - key - 10);
  const std::string delimiter = "\r\n--" + boundary;
  std::size_t at = message.body.find("--" + boundary);
  while (at != std::string::npos) {
    const std::size_t start = message.body.find("\r\n", at) + 2;
    if (message.body.compare(at, boundary.size() + 4, "--" + boundary + "--") == 0) break;
    const std::size_t next = message.body.find(delimiter, start);
    if (next == std::string::npos) break;
    parts.push_back(parse_part(std::string_view(message.body).substr(start, next - start)));
    at = next + 2;
  }
  return parts;
}

}  // namespace portal::mail::test
