#include "features/auth/credentials_rules.hpp"

#include "core/text.hpp"
#include "features/auth/errors.hpp"

#include <algorithm>
#include <cctype>

namespace portal::auth {

namespace {

constexpr std::string_view kSymbols = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

bool allowed_in_password(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) || kSymbols.find(c) != std::string_view::npos;
}

}  // namespace

core::Result<std::string> normalize_email(std::string_view raw) {
  while (!raw.empty() && std::isspace(static_cast<unsigned char>(raw.front()))) raw.remove_prefix(1);
  while (!raw.empty() && std::isspace(static_cast<unsigned char>(raw.back()))) raw.remove_suffix(1);
  const auto bad = [] { return errors::invalid_email(); };
  if (raw.empty() || raw.size() > kEmailMaxLength) return bad();
  for (char c : raw) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isspace(u) || std::iscntrl(u)) return bad();
  }
  const std::size_t at = raw.find('@');
  if (at == std::string_view::npos || at == 0 || raw.find('@', at + 1) != std::string_view::npos) return bad();
  const std::string_view domain = raw.substr(at + 1);
  const std::size_t dot = domain.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == domain.size() || domain.front() == '.') return bad();
  return core::ascii_lower(raw);
}

core::Status check_password(std::string_view password, std::string_view field) {
  if (!std::all_of(password.begin(), password.end(), allowed_in_password)) {
    return errors::password_invalid_chars(field);
  }
  if (password.size() < kPasswordMinLength) {
    return errors::password_too_short(field);
  }
  if (password.size() > kPasswordMaxLength) {
    return errors::password_too_long(field);
  }
  return core::Ok{};
}

}  // namespace portal::auth
