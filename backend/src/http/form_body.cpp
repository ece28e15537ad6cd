#include "http/form_body.hpp"

namespace portal::http {

namespace {

core::Error invalid_form(std::string message) {
  return core::Error::make(core::ErrorKind::bad_request, "INVALID_FORM", std::move(message));
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::optional<std::string> decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size() || hex_value(text[i + 1]) < 0 || hex_value(text[i + 2]) < 0) return std::nullopt;
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

char fold(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool is_form_media_type(std::string_view content_type) {
  constexpr std::string_view kForm = "application/x-www-form-urlencoded";
  std::string_view media = content_type.substr(0, content_type.find(';'));
  while (!media.empty() && (media.back() == ' ' || media.back() == '\t')) media.remove_suffix(1);
  while (!media.empty() && (media.front() == ' ' || media.front() == '\t')) media.remove_prefix(1);
  if (media.size() != kForm.size()) return false;
  for (std::size_t i = 0; i < media.size(); ++i) {
    if (fold(media[i]) != kForm[i]) return false;
  }
  return true;
}

core::Result<FormFields> parse_form_body(std::string_view body, const FormLimits& limits) {
  FormFields fields;
  while (!body.empty()) {
    const auto amp = body.find('&');
    const std::string_view pair = body.substr(0, amp);
    body = amp == std::string_view::npos ? std::string_view{} : body.substr(amp + 1);
    if (pair.empty()) continue;
    if (fields.size() == limits.max_fields) {
      return invalid_form("The form has more than " + std::to_string(limits.max_fields) + " fields");
    }
    const auto eq = pair.find('=');
    auto name = decode(pair.substr(0, eq));
    auto value = eq == std::string_view::npos ? std::optional<std::string>("") : decode(pair.substr(eq + 1));
    if (!name || !value) return invalid_form("The form has a malformed %-escape");
    if (name->size() > limits.max_name_bytes) return invalid_form("A form field name is too long");
    if (value->size() > limits.max_value_bytes) return invalid_form("Form field " + *name + " is too long");
    fields.emplace_back(std::move(*name), std::move(*value));
  }
  return fields;
}

std::optional<std::string_view> form_value(const FormFields& fields, std::string_view name) {
  for (const auto& [key, value] : fields) {
    if (key == name) return std::string_view(value);
  }
  return std::nullopt;
}

}  // namespace portal::http
