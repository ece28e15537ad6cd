#include "integrations/mail/mail_message.hpp"

#include "core/crypto.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <vector>

namespace portal::mail {

namespace {

// RFC 5322 2.1.1: lines SHOULD stay within 78 characters; 998 is the hard limit.
constexpr std::size_t kFoldAt = 78;
// RFC 2047: an encoded-word is at most 75 characters. "=?UTF-8?B?" + "?=" leave room for 56 base64
// characters on a continuation line; 42 bytes encode to exactly 56. The first word after "Subject: "
// then still ends by column 77.
constexpr std::size_t kEncodedWordBytes = 42;
// RFC 2045 6.8: base64 lines are at most 76 characters.
constexpr std::size_t kBase64LineChars = 76;

core::Error invalid_header(std::string_view field, std::string message) {
  return core::Error::make(core::ErrorKind::validation, "INVALID_MAIL_HEADER", std::move(message), {{"field", field}});
}

bool is_ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// RFC 5322 atext.
bool is_atext(char c) {
  return is_ascii_alnum(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

bool is_valid_local_part(std::string_view local) {
  if (local.empty() || local.size() > 64 || local.front() == '.' || local.back() == '.') return false;
  if (local.find("..") != std::string_view::npos) return false;
  return std::all_of(local.begin(), local.end(), [](char c) { return c == '.' || is_atext(c); });
}

bool is_valid_label(std::string_view label) {
  if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
  return std::all_of(label.begin(), label.end(), [](char c) { return c == '-' || is_ascii_alnum(c); });
}

bool is_valid_domain(std::string_view domain) {
  if (domain.empty() || domain.size() > 253) return false;
  std::vector<std::string_view> labels;
  for (std::size_t start = 0;;) {
    const std::size_t dot = domain.find('.', start);
    labels.push_back(domain.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  // A dotless domain is a typo on a public form, and an all-digit TLD is an IP address in disguise.
  if (labels.size() < 2 || !std::all_of(labels.begin(), labels.end(), is_valid_label)) return false;
  const std::string_view tld = labels.back();
  return !std::all_of(tld.begin(), tld.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Length of the UTF-8 sequence starting at text[at], or 0 when it is not valid UTF-8 (overlongs,
// surrogates and code points above U+10FFFF included).
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  std::uint32_t code_point = 0;
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    code_point = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    code_point = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    code_point = lead & 0x07;
  } else
    return 0;
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(at + i) & 0x3f);
  }
  if ((length == 3 && code_point < 0x800) || (length == 4 && (code_point < 0x10000 || code_point > 0x10ffff))) return 0;
  if (code_point >= 0xd800 && code_point <= 0xdfff) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence_length(text, at);
    if (length == 0) return false;
    at += length;
  }
  return true;
}

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool has_control_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

// A header value must not smuggle in further header lines (CR/LF) or anything a terminal or a
// mail client could misread; it must also be text we can encode.
core::Status check_header_text(std::string_view field, std::string_view label, std::string_view value) {
  if (has_control_character(value)) {
    return invalid_header(field, "The mail " + std::string(label) + " contains a line break or control character.");
  }
  if (!is_valid_utf8(value)) return invalid_header(field, "The mail " + std::string(label) + " is not valid UTF-8.");
  return core::Ok{};
}

std::string base64(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  const auto at = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[k])); };
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = (at(i) << 16) | (at(i + 1) << 8) | at(i + 2);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(group >> shift) & 0x3f];
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {
    const std::uint32_t group = (at(i) << 16) | (rest == 2 ? at(i + 1) << 8 : 0);
    out += kAlphabet[(group >> 18) & 0x3f];
    out += kAlphabet[(group >> 12) & 0x3f];
    out += rest == 2 ? kAlphabet[(group >> 6) & 0x3f] : '=';
    out += '=';
  }
  return out;
}

// RFC 2047 B-encoded words, each holding whole UTF-8 characters (a decoder may treat every word on
// its own). Adjacent encoded words are joined by folding whitespace, which decoders drop.
std::vector<std::string> encoded_words(std::string_view utf8) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < utf8.size()) {
    std::size_t end = start;
    while (end < utf8.size()) {
      const std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(utf8, end));
      if (end + length - start > kEncodedWordBytes) break;
      end += length;
    }
    words.push_back("=?UTF-8?B?" + base64(utf8.substr(start, end - start)) + "?=");
    start = end;
  }
  return words;
}

// Joins pieces into "Name: piece piece", starting a continuation line (CRLF + space) before a piece
// that would pass column 78. Unfolding (removing the CRLFs) gives back the pieces joined by spaces.
std::string fold(std::string_view name, const std::vector<std::string>& pieces) {
  std::string out(name);
  out += ':';
  std::size_t line_length = out.size();
  bool line_has_piece = false;
  for (const std::string& piece : pieces) {
    if (line_has_piece && line_length + 1 + piece.size() > kFoldAt) {
      out += "\r\n";
      line_length = 0;
    }
    out += ' ';
    out += piece;
    line_length += 1 + piece.size();
    line_has_piece = true;
  }
  return out + "\r\n";
}

std::vector<std::string> split_on_spaces(std::string_view text) {
  std::vector<std::string> words;
  for (std::size_t start = 0;;) {
    const std::size_t space = text.find(' ', start);
    words.emplace_back(text.substr(start, space == std::string_view::npos ? std::string_view::npos : space - start));
    if (space == std::string_view::npos) return words;
    start = space + 1;
  }
}

// Plain ASCII stays readable; anything else, text that merely looks like an encoded word ("=?"),
// and spacing that folding could not keep exact are sent as encoded words.
std::string subject_header(std::string_view subject) {
  if (subject.empty()) return "Subject:\r\n";
  const bool plain_is_exact = is_ascii(subject) && subject.find("=?") == std::string_view::npos &&
                              subject.front() != ' ' && subject.back() != ' ' &&
                              subject.find("  ") == std::string_view::npos;
  if (plain_is_exact) {
    std::vector<std::string> words = split_on_spaces(subject);
    const auto fits = [](const std::string& word) { return word.size() <= kFoldAt - 10; };
    const bool foldable = std::all_of(words.begin(), words.end(), fits);
    if (foldable) return fold("Subject", words);
  }
  return fold("Subject", encoded_words(subject));
}

std::string quoted_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string from_header(const MailIdentity& from) {
  std::vector<std::string> pieces;
  if (!from.name.empty()) {
    const std::string quoted = quoted_string(from.name);
    // A quoted-string cannot be folded without changing it, so a long or non-ASCII name is encoded.
    if (is_ascii(from.name) && quoted.size() <= kFoldAt - 8) {
      pieces.push_back(quoted);
    } else {
      pieces = encoded_words(from.name);
    }
  }
  pieces.push_back("<" + from.address + ">");
  return fold("From", pieces);
}

// RFC 5322 3.3, always in UTC: "Tue, 02 Jan 2024 15:04:05 +0000".
std::string date_header(std::chrono::system_clock::time_point date) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(date);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "Date: %s, %02d %s %04d %02d:%02d:%02d +0000\r\n", kDays.at(utc.tm_wday),
                utc.tm_mday, kMonths.at(utc.tm_mon), utc.tm_year + 1900, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return buffer;
}

bool is_valid_message_id(std::string_view id) {
  const std::size_t at = id.find('@');
  if (id.empty() || id.size() > 250 || at == 0 || at == std::string_view::npos || at + 1 == id.size()) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return (c == '@' || c == '.' || is_atext(c)); });
}

// RFC 2045 2.10 and 6.8: text is base64-encoded in its canonical form, with CRLF line breaks.
std::string canonical_line_breaks(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += "\r\n";
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else if (text[i] == '\n') {
      out += "\r\n";
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string base64_body(std::string_view text) {
  const std::string encoded = base64(canonical_line_breaks(text));
  std::string out;
  out.reserve(encoded.size() + encoded.size() / kBase64LineChars * 2 + 2);
  for (std::size_t at = 0; at < encoded.size(); at += kBase64LineChars) {
    out.append(encoded, at, kBase64LineChars);
    out += "\r\n";
  }
  return out;
}

std::string text_part_headers(std::string_view subtype) {
  return "Content-Type: text/" + std::string(subtype) + "; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n";
}

}  // namespace

bool is_valid_address(std::string_view address) {
  const std::size_t at = address.rfind('@');
  if (address.size() > 254 || at == std::string_view::npos) return false;
  return is_valid_local_part(address.substr(0, at)) && is_valid_domain(address.substr(at + 1));
}

core::Status validate_identity(const MailIdentity& from) {
  if (auto checked = check_header_text("from", "sender name", from.name); !checked) return checked;
  if (!is_valid_address(from.address)) return invalid_header("from", "The sender address is not valid.");
  return core::Ok{};
}

core::Status validate_message(const MailMessage& message, const MailIdentity& from) {
  if (!is_valid_address(message.to)) {
    return core::Error::make(core::ErrorKind::validation, "INVALID_EMAIL", "The e-mail address is not valid.",
                             {{"field", "to"}});
  }
  if (auto checked = check_header_text("subject", "subject", message.subject); !checked) return checked;
  return validate_identity(from);
}

core::Result<std::string> render_message(const MailMessage& message, const MailIdentity& from,
                                         std::chrono::system_clock::time_point date, std::string_view message_id) {
  if (auto valid = validate_message(message, from); !valid) return valid.error();
  if (!is_valid_message_id(message_id)) return invalid_header("message-id", "The Message-ID is not valid.");

  std::string out;
  out.reserve(1024 + (message.text.size() + message.html.size()) * 4 / 3);
  out += date_header(date);
  out += from_header(from);
  out += "To: " + message.to + "\r\n";
  out += subject_header(message.subject);
  out += "Message-ID: <" + std::string(message_id) + ">\r\n";
  out += "MIME-Version: 1.0\r\n";
  // RFC 3834: marks the mail as machine-sent so vacation responders do not answer it.
  out += "Auto-Submitted: auto-generated\r\n";

  if (message.html.empty()) {
    out += text_part_headers("plain");
    out += "\r\n";
    out += base64_body(message.text);
    return out;
  }
  // "=_" cannot occur in base64 text, so the boundary never collides with the encoded bodies.
  const std::string boundary = "=_portal_" + core::sha256_hex(message_id).substr(0, 32);
  out += "Content-Type: multipart/alternative;\r\n boundary=\"" + boundary + "\"\r\n";
  out += "\r\n";
  out += "This is a multi-part message in MIME format.\r\n";
  out += "\r\n--" + boundary + "\r\n";
  out += text_part_headers("plain");
  out += "\r\n";
  out += base64_body(message.text);
  out += "\r\n--" + boundary + "\r\n";
  out += text_part_headers("html");
  out += "\r\n";
  out += base64_body(message.html);
  out += "\r\n--" + boundary + "--\r\n";
  return out;
}

std::string make_message_id(const MailIdentity& from) {
  const std::size_t at = from.address.rfind('@');
  const std::string domain = at == std::string::npos ? "portal.invalid" : from.address.substr(at + 1);
  return core::random_token(16) + "@" + domain;
}

}  // namespace portal::mail
