#include "app/config/config_checks.hpp"

#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <system_error>

namespace portal::app::detail {

[[noreturn]] void invalid(const std::string& message) { throw ConfigError(message); }

void check_range(std::string_view key, int value, long long low, long long high) {
  if (value < low || value > high) {
    invalid("Setting \"" + std::string(key) + "\" must be between " + std::to_string(low) + " and " +
            std::to_string(high) + " (it is " + std::to_string(value) + ").");
  }
}

void check_positive(std::string_view key, int value) {
  if (value <= 0) {
    invalid("Setting \"" + std::string(key) + "\" must be greater than 0 (it is " + std::to_string(value) + ").");
  }
}

void check_not_negative(std::string_view key, int value) {
  if (value < 0) {
    invalid("Setting \"" + std::string(key) + "\" must not be negative (it is " + std::to_string(value) + ").");
  }
}

namespace {

// What follows "http://" or "https://", or nothing when `text` starts with neither.
std::optional<std::string_view> after_http_scheme(std::string_view text) {
  if (text.starts_with("http://")) return text.substr(7);
  if (text.starts_with("https://")) return text.substr(8);
  return std::nullopt;
}

bool is_host_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.'; }

}  // namespace

// Empty when `text` is an http(s) origin: lowercase scheme://host[:port], nothing after. Otherwise the reason.
std::string origin_problem(std::string_view text) {
  const auto after_scheme = after_http_scheme(text);
  if (!after_scheme) return "must start with http:// or https://";
  std::string_view rest = *after_scheme;
  if (rest.empty()) return "has no host";
  std::string_view host = rest;
  std::string_view port;
  if (rest.front() == '[') {  // IPv6 literal
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return "has an unterminated IPv6 address";
    host = rest.substr(0, close + 1);
    for (char c : host.substr(1, host.size() - 2)) {
      if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return "has an invalid IPv6 address";
    }
    rest.remove_prefix(close + 1);
    if (!rest.empty() && rest.front() != ':') {
      return rest.front() == '/' ? "must not have a path or a trailing slash" : "has characters after the host";
    }
    if (!rest.empty()) port = rest.substr(1);
  } else {
    const std::size_t end = rest.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.");
    host = rest.substr(0, end);
    if (end != std::string_view::npos) {
      const char c = rest[end];
      if (c == '/') return "must not have a path or a trailing slash";
      if (c == '*') return "must not contain a wildcard";
      if (c == '@') return "must not contain user information";
      if (c == '?' || c == '#') return "must not have a query or fragment";
      if (c != ':') return "has an invalid character in the host";
      port = rest.substr(end + 1);
      if (port.empty()) return "has an empty port";
    }
    if (host.empty()) return "has no host";
    if (!std::all_of(host.begin(), host.end(), is_host_char)) return "has an invalid character in the host";
    if (std::any_of(host.begin(), host.end(), [](unsigned char c) { return std::isupper(c) != 0; })) {
      return "must be lowercase (browsers send the origin lowercased)";
    }
  }
  if (rest.find('/') != std::string_view::npos) return "must not have a path or a trailing slash";
  if (!port.empty() || (rest.size() > 0 && rest.back() == ':')) {
    int number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535) {
      return "has an invalid port";
    }
  }
  return {};
}

// Empty when `text` is an absolute http(s) URL with a host and no whitespace. Otherwise the reason.
std::string http_url_problem(std::string_view text) {
  const auto after_scheme = after_http_scheme(text);
  if (!after_scheme) return "must be an http:// or https:// URL";
  const std::string_view rest = *after_scheme;
  if (rest.empty() || rest.front() == '/' || rest.front() == '?' || rest.front() == '#') return "has no host";
  for (char c : text) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return "must not contain spaces or control characters";
  }
  return {};
}

}  // namespace portal::app::detail
