#pragma once
// Text placed into HTML we write ourselves (mail bodies, the demo sign-in page): the five characters
// that could end an element or an attribute value become entities.

#include <string>
#include <string_view>

namespace portal::core {

std::string html_escape(std::string_view text);

}  // namespace portal::core
