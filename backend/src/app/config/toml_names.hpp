#pragma once
// How the configuration's messages name a TOML value's type ("an integer", "a table"), for
// portal.toml and the cloud regions file alike.

#include <toml++/toml.h>

#include <string_view>

namespace portal::app::detail {

std::string_view toml_type_name(const toml::node& node);

}  // namespace portal::app::detail
