#pragma once
// The schema of Config, internal to the config loader and validator.
//
// Everything is driven by one schema table: a dotted key ("server.port") and an accessor returning a
// pointer to the field. The file and the environment are both looked up in that table, so an unknown
// key is found by the lookup failing, and the value's expected type comes from the pointer's type.

#include "app/config/config.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace portal::app::detail {

using FieldRef =
    std::variant<std::string*, int*, bool*, std::vector<std::string>*, std::filesystem::path*, Mode*, DbEngine*>;

struct Field {
  std::string_view key;
  FieldRef (*get)(Config&);
};

// Every setting of Config, in the order of portal.toml.
const std::vector<Field>& schema();

// The field named by a dotted key, or nullptr when there is no such setting.
const Field* find_field(std::string_view key);

// True when `prefix` names a table of the schema ("server", "features", "features.servers").
bool is_table(std::string_view prefix);

// ---- names of types and enum values, for messages ----

template <typename T>
constexpr std::string_view type_name() {
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::filesystem::path>)
    return "a string";
  else if constexpr (std::is_same_v<T, int>)
    return "an integer";
  else if constexpr (std::is_same_v<T, bool>)
    return "a boolean";
  else if constexpr (std::is_same_v<T, std::vector<std::string>>)
    return "an array of strings";
  else if constexpr (std::is_same_v<T, Mode>)
    return "one of \"production\", \"demo\"";
  else
    return "one of \"sqlite\", \"postgresql\"";
}

std::optional<Mode> parse_mode(std::string_view text);
std::optional<DbEngine> parse_engine(std::string_view text);

// `text` in double quotes, for quoting a value in a message.
std::string in_quotes(std::string_view text);

}  // namespace portal::app::detail
