#pragma once
// deploy/cloud/cs2-bootstrap.sh as compiled in (CMake generates the definition from the file), with
// its settings block holding the defaults. user_data.cpp renders and parses it; nothing else should
// need the raw text.

#include <string_view>

namespace portal::cloud {

std::string_view bootstrap_script_template();

}  // namespace portal::cloud
