#pragma once
// Counting characters of user text (length limits are in characters, not bytes).

#include <cstddef>
#include <optional>
#include <string_view>

namespace portal::core {

// Code points in `text`; nullopt when it is not valid UTF-8 (a bad or truncated sequence, an overlong
// form, a surrogate, or a value above U+10FFFF).
std::optional<std::size_t> utf8_length(std::string_view text);

}  // namespace portal::core
