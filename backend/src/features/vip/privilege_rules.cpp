#include "features/vip/privilege_rules.hpp"

#include <charconv>
#include <utility>

namespace portal::vip {

namespace {

// The code point at text[at] and its length in bytes; nullopt when the bytes there are not
// well-formed UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
std::optional<std::pair<char32_t, std::size_t>> decode(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return std::pair{static_cast<char32_t>(lead), std::size_t{1}};
  std::size_t length = 0;
  char32_t value = 0;
  char32_t minimum = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F, minimum = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F, minimum = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07, minimum = 0x10000;
  } else {
    return std::nullopt;
  }
  if (at + length > text.size()) return std::nullopt;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if ((next & 0xC0) != 0x80) return std::nullopt;
    value = (value << 6) | (next & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return std::nullopt;
  return std::pair{value, length};
}

// C0, DEL, C1, and the line and paragraph separators.
bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029; }

bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// ASCII white space and U+3000 (the ideographic space of Chinese input methods) at both ends.
std::string_view trim(std::string_view text) {
  constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";
  for (bool changed = true; changed;) {
    changed = false;
    if (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1), changed = true;
    if (!text.empty() && is_ascii_space(text.back())) text.remove_suffix(1), changed = true;
    if (text.starts_with(kIdeographicSpace)) text.remove_prefix(kIdeographicSpace.size()), changed = true;
    if (text.ends_with(kIdeographicSpace)) text.remove_suffix(kIdeographicSpace.size()), changed = true;
  }
  return text;
}

std::string field_name(std::string_view prefix, Language language) {
  return std::string(prefix) + "." + std::string(to_string(language));
}

// The trimmed text with its length checked; line breaks only where allow_newlines.
core::Result<std::string> normalize_text(std::string_view text, const std::string& field, std::size_t min_chars,
                                         std::size_t max_chars, bool allow_newlines) {
  std::string stored;
  stored.reserve(text.size());
  const std::string_view trimmed = trim(text);
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    if (allow_newlines && trimmed[i] == '\r' && i + 1 < trimmed.size() && trimmed[i + 1] == '\n') continue;
    stored += trimmed[i];
  }
  std::size_t chars = 0;
  for (std::size_t at = 0; at < stored.size();) {
    const auto decoded = decode(stored, at);
    if (!decoded) return validation_failed(field, field + " is not valid UTF-8 text");
    if (is_control(decoded->first) && !(allow_newlines && decoded->first == U'\n')) {
      return validation_failed(field, field + " must not contain control characters");
    }
    at += decoded->second;
    ++chars;
  }
  if (chars < min_chars || chars > max_chars) {
    return validation_failed(field, field + " must be " + std::to_string(min_chars) + " to " +
                                        std::to_string(max_chars) + " characters long, got " + std::to_string(chars));
  }
  return stored;
}

}  // namespace

core::Error validation_failed(std::string_view field, std::string message) {
  return core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", std::move(message), {{"field", field}});
}

std::optional<std::size_t> utf8_length(std::string_view text) {
  std::size_t chars = 0;
  for (std::size_t at = 0; at < text.size(); ++chars) {
    const auto decoded = decode(text, at);
    if (!decoded) return std::nullopt;
    at += decoded->second;
  }
  return chars;
}

core::Status check_key(std::string_view key) {
  const bool length_ok = key.size() >= kKeyMinLength && key.size() <= kKeyMaxLength;
  bool chars_ok = true;
  for (char c : key) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) chars_ok = false;
  }
  if (!length_ok || !chars_ok) {
    return validation_failed("key", "key must be 2 to 40 characters of a-z, 0-9 and _, got '" +
                                        std::string(key.substr(0, 64)) + "'");
  }
  return core::Ok{};
}

core::Result<std::string> normalize_content(std::string_view text, Language language) {
  return normalize_text(text, field_name("content", language), 1, kContentMaxChars, false);
}

core::Result<std::string> normalize_detail(std::string_view text, Language language) {
  return normalize_text(text, field_name("detail", language), 0, kDetailMaxChars, true);
}

core::Status check_order(std::int64_t order) {
  if (order < kOrderMin || order > kOrderMax) {
    return validation_failed("order", "order must be a whole number from " + std::to_string(kOrderMin) + " to " +
                                          std::to_string(kOrderMax) + ", got " + std::to_string(order));
  }
  return core::Ok{};
}

core::Status check_value(Group group, std::int64_t value) {
  if (value < 0 || value > 2) {
    const std::string field = "values." + std::string(to_string(group));
    return validation_failed(field, field + " must be 0 (forbidden), 1 (allowed) or 2 (optional), got " +
                                        std::to_string(value));
  }
  return core::Ok{};
}

core::Result<PrivilegeChanges> normalize_changes(PrivilegeChanges changes) {
  auto text = [](std::optional<std::string>& field, Language language, bool content) -> core::Status {
    if (!field) return core::Ok{};
    auto stored = content ? normalize_content(*field, language) : normalize_detail(*field, language);
    if (!stored) return stored.error();
    field = std::move(*stored);
    return core::Ok{};
  };
  for (auto status : {text(changes.content_en, Language::en, true), text(changes.content_zh, Language::zh, true),
                      text(changes.detail_en, Language::en, false), text(changes.detail_zh, Language::zh, false)}) {
    if (!status) return status.error();
  }
  if (changes.order) {
    if (auto ok = check_order(*changes.order); !ok) return ok.error();
  }
  for (Group group : kGroups) {
    const auto& value = changes.values[index_of(group)];
    if (!value) continue;
    if (auto ok = check_value(group, *value); !ok) return ok.error();
  }
  return changes;
}

core::Result<std::array<std::optional<int>, kGroups.size()>> parse_values(std::string_view text) {
  std::array<std::optional<int>, kGroups.size()> values;
  const auto trimmed = [](std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  };
  std::string_view rest = text;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view item = trimmed(rest.substr(0, comma));
    const auto equals = item.find('=');
    if (equals == std::string_view::npos) {
      return validation_failed("values", "values must be a comma list of group=value (groups normal, vip, pro, kol, "
                                         "op; values 0, 1, 2), got '" + std::string(item.substr(0, 64)) + "'");
    }
    const std::string_view name = trimmed(item.substr(0, equals));
    const std::string_view number = trimmed(item.substr(equals + 1));
    const auto group = group_from_string(name);
    if (!group) {
      return validation_failed("values", "unknown group '" + std::string(name.substr(0, 64)) +
                                             "' in values: groups are normal, vip, pro, kol, op");
    }
    const std::string field = "values." + std::string(name);
    if (values[index_of(*group)]) return validation_failed(field, field + " is given twice");
    long long value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || ec != std::errc{} || end != number.data() + number.size()) {
      return validation_failed(field, field + " must be 0 (forbidden), 1 (allowed) or 2 (optional), got '" +
                                          std::string(number.substr(0, 64)) + "'");
    }
    if (auto ok = check_value(*group, value); !ok) return ok.error();
    values[index_of(*group)] = static_cast<int>(value);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return values;
}

core::Result<Language> language_or_default(const std::optional<std::string_view>& text) {
  if (!text) return Language::zh;
  const auto language = language_from_string(*text);
  if (!language) return validation_failed("language", "language must be zh or en");
  return *language;
}

}  // namespace portal::vip
