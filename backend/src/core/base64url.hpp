#pragma once
// Base64url without padding (RFC 4648 section 5), as JWTs use it.

#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

std::string base64url_encode(std::string_view bytes);
// nullopt when `text` holds a character outside the base64url alphabet.
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace portal::core
