#include "integrations/payments/alipay/signing.hpp"

#include "core/clock.hpp"
#include "core/percent_encoding.hpp"
#include "integrations/payments/crypto.hpp"

#include <chrono>
#include <cstdio>

namespace portal::payments::alipay {

namespace {

std::string sign_content(const Params& params, bool without_sign_type) {
  std::string out;
  for (const auto& [key, value] : params) {
    if (key == "sign" || (without_sign_type && key == "sign_type") || value.empty()) continue;
    if (!out.empty()) out += '&';
    out += key;
    out += '=';
    out += value;
  }
  return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Digits only, at most 15 of them (an int64 with room for the *100 of yuan to fen).
std::optional<std::int64_t> parse_digits(std::string_view text) {
  if (text.empty() || text.size() > 15) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    if (!is_digit(c)) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// Past the JSON value starting at text[at]; npos when it is not one. Only the structure matters
// here (strings with their escapes, nesting); the full parse happens elsewhere.
std::size_t skip_value(std::string_view text, std::size_t at) {
  if (at >= text.size()) return std::string_view::npos;
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return i + 1;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        break;
      case '{':
      case '[':
        ++depth;
        break;
      case '}':
      case ']':
        if (--depth < 0) return std::string_view::npos;
        if (depth == 0) return i + 1;
        break;
      case ',':
      case ' ':
      case '\t':
      case '\r':
      case '\n':
        if (depth == 0) return i;  // the end of a bare scalar (number, true, false, null)
        break;
      default:
        break;
    }
  }
  return depth == 0 && !in_string ? text.size() : std::string_view::npos;
}

std::size_t skip_space(std::string_view text, std::size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n')) ++at;
  return at;
}

}  // namespace

core::Error invalid_signature(std::string message) {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SIGNATURE", std::move(message),
                           {{"provider", "alipay"}});
}

std::string request_sign_content(const Params& params) { return sign_content(params, false); }

std::string notification_sign_content(const Params& params) { return sign_content(params, true); }

core::Status sign_request(Params& params, std::string_view private_key_pem) {
  params.erase("sign");
  auto signature = crypto::rsa_sha256_sign_base64(private_key_pem, request_sign_content(params));
  if (!signature) return signature.error();
  params["sign"] = std::move(*signature);
  return core::Ok{};
}

core::Status verify_notification_sign(const Params& params, std::string_view alipay_public_key_pem) {
  const auto sign = params.find("sign");
  if (sign == params.end() || sign->second.empty()) return invalid_signature("Alipay notification without sign");
  const auto sign_type = params.find("sign_type");
  if (sign_type != params.end() && sign_type->second != "RSA2") {
    return invalid_signature("Alipay notification signed with " + sign_type->second + ", only RSA2 is accepted");
  }
  if (!crypto::rsa_sha256_verify_base64(alipay_public_key_pem, notification_sign_content(params), sign->second)) {
    return invalid_signature("Alipay notification signature refused");
  }
  return core::Ok{};
}

std::optional<std::string_view> raw_member_text(std::string_view json, std::string_view name) {
  std::size_t at = skip_space(json, 0);
  if (at >= json.size() || json[at] != '{') return std::nullopt;
  at = skip_space(json, at + 1);
  while (at < json.size() && json[at] == '"') {
    const std::size_t key_end = skip_value(json, at);
    if (key_end == std::string_view::npos) return std::nullopt;
    const std::string_view key = json.substr(at + 1, key_end - at - 2);
    at = skip_space(json, key_end);
    if (at >= json.size() || json[at] != ':') return std::nullopt;
    at = skip_space(json, at + 1);
    const std::size_t value_end = skip_value(json, at);
    if (value_end == std::string_view::npos || value_end == at) return std::nullopt;
    if (key == name) return json.substr(at, value_end - at);
    at = skip_space(json, value_end);
    if (at < json.size() && json[at] == ',') at = skip_space(json, at + 1);
  }
  return std::nullopt;
}

std::string percent_encode(std::string_view text) { return core::percent_encode(text); }

std::string encode_params(const Params& params) { return core::encode_pairs(params); }

std::string gmt8_time(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const sys_seconds local{seconds{unix_seconds + core::kBusinessUtcOffsetSeconds}};
  const auto day = floor<days>(local);
  const year_month_day date{day};
  const hh_mm_ss time{local - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u %02d:%02d:%02d", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()));
  return text;
}

std::optional<std::int64_t> parse_gmt8_time(std::string_view text) {
  // yyyy-MM-dd HH:mm:ss, fixed width.
  if (text.size() != 19 || text[4] != '-' || text[7] != '-' || text[10] != ' ' || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  const auto year = parse_digits(text.substr(0, 4));
  const auto month = parse_digits(text.substr(5, 2));
  const auto day = parse_digits(text.substr(8, 2));
  const auto hour = parse_digits(text.substr(11, 2));
  const auto minute = parse_digits(text.substr(14, 2));
  const auto second = parse_digits(text.substr(17, 2));
  if (!year || !month || !day || !hour || !minute || !second || *hour > 23 || *minute > 59 || *second > 59) {
    return std::nullopt;
  }
  using namespace std::chrono;
  const year_month_day date{std::chrono::year{static_cast<int>(*year)},
                            std::chrono::month{static_cast<unsigned>(*month)},
                            std::chrono::day{static_cast<unsigned>(*day)}};
  if (!date.ok()) return std::nullopt;
  const std::int64_t local =
      sys_days{date}.time_since_epoch().count() * core::kSecondsPerDay + *hour * 3600 + *minute * 60 + *second;
  return local - core::kBusinessUtcOffsetSeconds;
}

std::string yuan_text(std::int64_t fen) {
  const bool negative = fen < 0;
  const auto magnitude = negative ? -static_cast<std::uint64_t>(fen) : static_cast<std::uint64_t>(fen);
  const std::uint64_t cents = magnitude % 100;
  return (negative ? "-" : "") + std::to_string(magnitude / 100) + "." + (cents < 10 ? "0" : "") +
         std::to_string(cents);
}

std::optional<std::int64_t> parse_yuan(std::string_view text) {
  const auto dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const auto yuan = parse_digits(whole);
  if (!yuan) return std::nullopt;
  std::int64_t fen = *yuan * 100;
  if (dot == std::string_view::npos) return fen;
  const std::string_view fraction = text.substr(dot + 1);
  if (fraction.empty() || fraction.size() > 2) return std::nullopt;
  const auto digits = parse_digits(fraction);
  if (!digits) return std::nullopt;
  return fen + (fraction.size() == 1 ? *digits * 10 : *digits);
}

}  // namespace portal::payments::alipay
