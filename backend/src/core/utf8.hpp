#pragma once
// Counting characters of user text (length limits are in characters, not bytes).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

// Code points in `text`; nullopt when it is not valid UTF-8 (a bad or truncated sequence, an overlong
// form, a surrogate, or a value above U+10FFFF).
std::optional<std::size_t> utf8_length(std::string_view text);

// `text` with every byte that does not belong to a valid UTF-8 sequence replaced by U+FFFD, so that
// it can go into JSON (or anything else that must be valid UTF-8) whatever a client sent.
std::string valid_utf8(std::string_view text);

}  // namespace portal::core
