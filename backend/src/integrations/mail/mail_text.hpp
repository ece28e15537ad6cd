#pragma once
// Pulls the actionable parts out of a mail's plain text for the demo outbox page: the links to click
// and the verification code to type, so a demo user never has to read raw mail.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::mail {

// http:// and https:// URLs in order of appearance, each once. A URL ends at whitespace, a quote,
// '<' or '>', or a non-ASCII character (Chinese punctuation often follows a link directly); trailing
// sentence punctuation and an unbalanced closing bracket are not part of it. Meant for the text
// part: HTML entities such as &amp; are not decoded.
std::vector<std::string> extract_links(std::string_view text);

// The first run of exactly six ASCII digits that stands alone: not touching ASCII letters, digits or
// '_', not part of a longer number such as 12.345678 or 2024-123456, and not inside a URL. Chinese
// text around it is fine ("验证码123456，").
std::optional<std::string> extract_code(std::string_view text);

}  // namespace portal::mail
