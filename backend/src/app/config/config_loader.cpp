// Loads Config from backend/config/portal.toml (or any TOML file) and PORTAL_* environment variables,
// both looked up in the schema table of config_schema.hpp.

#include "app/config/config.hpp"
#include "app/config/config_schema.hpp"
#include "app/config/toml_names.hpp"
#include "core/text.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <variant>

#include <unistd.h>

extern char** environ;  // NOLINT: POSIX

namespace portal::app {
namespace {

using detail::Field;
using detail::find_field;
using detail::in_quotes;
using detail::is_table;
using detail::parse_engine;
using detail::parse_mode;
using detail::toml_type_name;
using detail::type_name;

// ---- the file ----

std::string where(const toml::node& node, const std::filesystem::path& file) {
  std::string out = "in " + file.string();
  if (node.source().begin.line > 0) out += " (line " + std::to_string(node.source().begin.line) + ")";
  return out;
}

[[noreturn]] void throw_type_error(std::string_view key, std::string_view expected, const toml::node& node,
                                   const std::filesystem::path& file) {
  throw ConfigError("Setting \"" + std::string(key) + "\" " + where(node, file) + " must be " + std::string(expected) +
                    ", not " + std::string(toml_type_name(node)) + ".");
}

void assign_from_toml(const Field& field, Config& config, const toml::node& node, const std::filesystem::path& file) {
  std::visit(
      [&](auto* target) {
        using T = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::filesystem::path>) {
          const auto* value = node.as_string();
          if (value == nullptr) throw_type_error(field.key, type_name<T>(), node, file);
          *target = value->get();
        } else if constexpr (std::is_same_v<T, int>) {
          const auto* value = node.as_integer();
          if (value == nullptr) throw_type_error(field.key, type_name<T>(), node, file);
          const std::int64_t number = value->get();
          if (number < INT_MIN || number > INT_MAX) {
            throw ConfigError("Setting \"" + std::string(field.key) + "\" " + where(node, file) + " is out of range (" +
                              std::to_string(number) + ").");
          }
          *target = static_cast<int>(number);
        } else if constexpr (std::is_same_v<T, bool>) {
          const auto* value = node.as_boolean();
          if (value == nullptr) throw_type_error(field.key, type_name<T>(), node, file);
          *target = value->get();
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          const auto* array = node.as_array();
          if (array == nullptr) throw_type_error(field.key, type_name<T>(), node, file);
          std::vector<std::string> items;
          for (const toml::node& element : *array) {
            const auto* text = element.as_string();
            if (text == nullptr) {
              throw ConfigError("Setting \"" + std::string(field.key) + "\" " + where(element, file) +
                                " must be an array of strings, but holds " + std::string(toml_type_name(element)) +
                                ".");
            }
            items.push_back(text->get());
          }
          *target = std::move(items);
        } else {
          const auto* value = node.as_string();
          if (value == nullptr) throw_type_error(field.key, type_name<T>(), node, file);
          std::optional<T> parsed;
          if constexpr (std::is_same_v<T, Mode>)
            parsed = parse_mode(value->get());
          else
            parsed = parse_engine(value->get());
          if (!parsed) {
            throw ConfigError("Setting \"" + std::string(field.key) + "\" " + where(node, file) + " must be " +
                              std::string(type_name<T>()) + ", not " + in_quotes(value->get()) + ".");
          }
          *target = *parsed;
        }
      },
      field.get(config));
}

void apply_table(const toml::table& table, const std::string& prefix, Config& config,
                 const std::filesystem::path& file) {
  for (const auto& [name, node] : table) {
    const std::string key = prefix.empty() ? std::string(name.str()) : prefix + "." + std::string(name.str());
    if (const Field* field = find_field(key)) {
      assign_from_toml(*field, config, node, file);
    } else if (is_table(key)) {
      const auto* sub = node.as_table();
      if (sub == nullptr) throw_type_error(key, "a table", node, file);
      apply_table(*sub, key, config, file);
    } else {
      throw ConfigError("Unknown setting \"" + key + "\" " + where(node, file) + ".");
    }
  }
}

void apply_file(const std::filesystem::path& file, Config& config) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    throw ConfigError("Config file " + file.string() + " does not exist or is not a regular file.");
  }
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& error) {
    std::ostringstream message;
    message << "Config file " << file.string() << " is not valid TOML: " << error.description() << " (line "
            << error.source().begin.line << ", column " << error.source().begin.column << ").";
    throw ConfigError(message.str());
  }
  apply_table(root, "", config, file);
}

// ---- the environment ----

constexpr std::string_view kEnvPrefix = "PORTAL_";

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// Variables with the prefix that are not settings: the test harness's and the config file path.
bool is_reserved_variable(std::string_view upper_name) {
  return upper_name == "PORTAL_CONFIG" || upper_name.starts_with("PORTAL_TEST_");
}

// PORTAL_FEATURES__SERVERS__ENABLED -> features.servers.enabled
std::string env_name_to_key(std::string_view name) {
  std::string rest = core::ascii_lower(name.substr(kEnvPrefix.size()));
  std::string key;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '_' && i + 1 < rest.size() && rest[i + 1] == '_') {
      key += '.';
      ++i;
    } else {
      key += rest[i];
    }
  }
  return key;
}

[[noreturn]] void throw_env_value_error(std::string_view variable, std::string_view key, std::string_view expected,
                                        std::string_view value) {
  throw ConfigError("Environment variable " + std::string(variable) + " (setting \"" + std::string(key) +
                    "\") must be " + std::string(expected) + ", not " + in_quotes(value) + ".");
}

void assign_from_env(const Field& field, Config& config, std::string_view variable, std::string_view value) {
  std::visit(
      [&](auto* target) {
        using T = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::filesystem::path>) {
          *target = std::string(value);
        } else if constexpr (std::is_same_v<T, int>) {
          const std::string_view text = trim(value);
          int number = 0;
          const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
          if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
            throw_env_value_error(variable, field.key, "an integer", value);
          }
          *target = number;
        } else if constexpr (std::is_same_v<T, bool>) {
          const std::string text = core::ascii_lower(trim(value));
          if (text == "true" || text == "1")
            *target = true;
          else if (text == "false" || text == "0")
            *target = false;
          else
            throw_env_value_error(variable, field.key, "true, false, 1 or 0", value);
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          std::vector<std::string> items;
          std::string_view rest = value;
          while (true) {
            const std::size_t comma = rest.find(',');
            const std::string_view item = trim(rest.substr(0, comma));
            if (!item.empty()) items.emplace_back(item);
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
          }
          *target = std::move(items);
        } else {
          std::optional<T> parsed;
          if constexpr (std::is_same_v<T, Mode>)
            parsed = parse_mode(trim(value));
          else
            parsed = parse_engine(trim(value));
          if (!parsed) throw_env_value_error(variable, field.key, type_name<T>(), value);
          *target = *parsed;
        }
      },
      field.get(config));
}

void apply_environment(const std::map<std::string, std::string>& env, Config& config) {
  for (const auto& [name, value] : env) {
    if (name.size() < kEnvPrefix.size()) continue;
    const std::string upper_name = [&name = name] {  // named: clang before 16 cannot capture a binding
      std::string out = name;
      std::transform(out.begin(), out.end(), out.begin(),
                     [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
      return out;
    }();
    if (!upper_name.starts_with(kEnvPrefix) || is_reserved_variable(upper_name)) continue;
    const std::string key = env_name_to_key(name);
    const Field* field = find_field(key);
    if (field == nullptr) {
      throw ConfigError("Environment variable " + name + " does not name a setting (no setting \"" + key +
                        "\"); use PORTAL_<SECTION>__<KEY>, e.g. PORTAL_SERVER__PORT.");
    }
    assign_from_env(*field, config, name, value);
  }
}

}  // namespace

std::string Config::public_url() const {
  if (!server.public_url.empty()) return server.public_url;
  const bool ipv6 = server.host.find(':') != std::string::npos;
  return "http://" + (ipv6 ? "[" + server.host + "]" : server.host) + ":" + std::to_string(server.port);
}

std::filesystem::path Config::sqlite_path() const { return data_dir / database.sqlite_file; }

std::map<std::string, std::string> process_environment() {
  std::map<std::string, std::string> env;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos || equals == 0) continue;
    env.emplace(std::string(text.substr(0, equals)), std::string(text.substr(equals + 1)));
  }
  return env;
}

Config load_config(const std::filesystem::path& file, const std::map<std::string, std::string>& env) {
  Config config;
  if (!file.empty()) apply_file(file, config);
  apply_environment(env, config);
  validate(config);
  return config;
}

}  // namespace portal::app
