#pragma once
// Bodies of HTML form posts (application/x-www-form-urlencoded): the few routes that serve plain
// HTML pages (dev providers in demo mode) and OpenID's check_authentication.

#include "core/result.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::http {

using FormFields = std::vector<std::pair<std::string, std::string>>;  // in order, duplicates kept

struct FormLimits {
  std::size_t max_fields = 64;
  std::size_t max_name_bytes = 128;
  std::size_t max_value_bytes = 4096;  // decoded
};

// "application/x-www-form-urlencoded", any case, parameters (charset) ignored.
bool is_form_media_type(std::string_view content_type);

// '+' is a space, %XX a byte; a malformed escape or a limit exceeded is an INVALID_FORM error (400).
core::Result<FormFields> parse_form_body(std::string_view body, const FormLimits& limits = {});

// The first value of `name`, or nullopt.
std::optional<std::string_view> form_value(const FormFields& fields, std::string_view name);

}  // namespace portal::http
