#pragma once
// Checks on Unicode text people type (names, privilege texts): decoding UTF-8 one code point at a
// time, control characters, and trimming that also knows the ideographic space of Chinese input
// methods. Lengths in characters: core/utf8.hpp. No I/O.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace portal::core {

// The code point at text[at] and its length in bytes; nullopt when the bytes there are not
// well-formed UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
std::optional<std::pair<char32_t, std::size_t>> decode_utf8(std::string_view text, std::size_t at);

// C0, DEL, C1, and the line and paragraph separators U+2028 and U+2029.
bool is_control_char(char32_t c);

// text without ASCII white space and U+3000 (ideographic space) at both ends.
std::string_view trim_text(std::string_view text);

// text with A-Z made a-z and every other byte kept (names of protocols, hosts, headers, config keys).
std::string ascii_lower(std::string_view text);

// a and b are equal with A-Z taken as a-z (header names, schemes, host names), without a copy.
bool ascii_iequals(std::string_view a, std::string_view b);

}  // namespace portal::core
