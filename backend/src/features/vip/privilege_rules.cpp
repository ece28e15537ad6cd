#include "features/vip/privilege_rules.hpp"

#include "core/text.hpp"

#include <charconv>
#include <utility>

namespace portal::vip {

namespace {

std::string field_name(std::string_view prefix, Language language) {
  return std::string(prefix) + "." + std::string(to_string(language));
}

// The trimmed text with its length checked; line breaks only where allow_newlines.
core::Result<std::string> normalize_text(std::string_view text, const std::string& field, std::size_t min_chars,
                                         std::size_t max_chars, bool allow_newlines) {
  std::string stored;
  stored.reserve(text.size());
  const std::string_view trimmed = core::trim_text(text);
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    if (allow_newlines && trimmed[i] == '\r' && i + 1 < trimmed.size() && trimmed[i + 1] == '\n') continue;
    stored += trimmed[i];
  }
  std::size_t chars = 0;
  for (std::size_t at = 0; at < stored.size();) {
    const auto decoded = core::decode_utf8(stored, at);
    if (!decoded) return validation_failed(field, field + " is not valid UTF-8 text");
    if (core::is_control_char(decoded->first) && !(allow_newlines && decoded->first == U'\n')) {
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

core::Status check_key(std::string_view key) {
  const bool length_ok = key.size() >= kKeyMinLength && key.size() <= kKeyMaxLength;
  bool chars_ok = true;
  for (char c : key) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) chars_ok = false;
  }
  if (!length_ok || !chars_ok) {
    return validation_failed(
        "key", "key must be 2 to 40 characters of a-z, 0-9 and _, got '" + std::string(key.substr(0, 64)) + "'");
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
    return validation_failed(
        field, field + " must be 0 (forbidden), 1 (allowed) or 2 (optional), got " + std::to_string(value));
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
      return validation_failed("values",
                               "values must be a comma list of group=value (groups normal, vip, pro, kol, "
                               "op; values 0, 1, 2), got '" +
                                   std::string(item.substr(0, 64)) + "'");
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
