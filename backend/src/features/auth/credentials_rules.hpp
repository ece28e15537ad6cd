#pragma once
// The spec's rules for e-mail addresses and passwords (spec 000 section 5), enforced on the server.

#include "core/result.hpp"

#include <string>
#include <string_view>

namespace portal::auth {

inline constexpr std::size_t kPasswordMinLength = 8;
inline constexpr std::size_t kPasswordMaxLength = 128;
inline constexpr std::size_t kEmailMaxLength = 254;

// The address lower-cased and trimmed, when it has the x@y.z shape: no spaces, exactly one @, a dot in
// the domain with something on both sides. Error code INVALID_EMAIL (422, field "email").
core::Result<std::string> normalize_email(std::string_view raw);

// At least 8 and at most 128 characters from ASCII letters, digits and common symbols (no spaces, no
// control or non-ASCII characters). Codes PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG, PASSWORD_INVALID_CHARS.
core::Status check_password(std::string_view password, std::string_view field = "password");

}  // namespace portal::auth
