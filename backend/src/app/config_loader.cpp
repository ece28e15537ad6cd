// Loads Config from backend/config/portal.toml (or any TOML file) and PORTAL_* environment variables.
//
// Everything is driven by one schema table: a dotted key ("server.port") and an accessor returning a
// pointer to the field. The file and the environment are both looked up in that table, so an unknown
// key is found by the lookup failing, and the value's expected type comes from the pointer's type.

#include "app/config.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cstdint>
#include <optional>
#include <set>
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

using FieldRef = std::variant<std::string*, int*, bool*, std::vector<std::string>*, std::filesystem::path*, Mode*,
                              DbEngine*>;

struct Field {
  std::string_view key;
  FieldRef (*get)(Config&);
};

#define PORTAL_CONFIG_FIELD(dotted, member) \
  Field { dotted, [](Config& c) -> FieldRef { return &c.member; } }

// Every setting of Config, in the order of portal.toml. Keep in step with config.hpp.
const std::vector<Field>& schema() {
  static const std::vector<Field> fields = {
      PORTAL_CONFIG_FIELD("mode", mode),
      PORTAL_CONFIG_FIELD("data_dir", data_dir),

      PORTAL_CONFIG_FIELD("server.host", server.host),
      PORTAL_CONFIG_FIELD("server.port", server.port),
      PORTAL_CONFIG_FIELD("server.io_threads", server.io_threads),
      PORTAL_CONFIG_FIELD("server.read_timeout_s", server.read_timeout_s),
      PORTAL_CONFIG_FIELD("server.write_timeout_s", server.write_timeout_s),
      PORTAL_CONFIG_FIELD("server.idle_timeout_s", server.idle_timeout_s),
      PORTAL_CONFIG_FIELD("server.header_limit_bytes", server.header_limit_bytes),
      PORTAL_CONFIG_FIELD("server.body_limit_bytes", server.body_limit_bytes),
      PORTAL_CONFIG_FIELD("server.shutdown_grace_s", server.shutdown_grace_s),
      PORTAL_CONFIG_FIELD("server.public_url", server.public_url),
      PORTAL_CONFIG_FIELD("server.web_root", server.web_root),

      PORTAL_CONFIG_FIELD("security.hsts", security.hsts),
      PORTAL_CONFIG_FIELD("security.hsts_max_age_s", security.hsts_max_age_s),
      PORTAL_CONFIG_FIELD("security.cors_origins", security.cors_origins),

      PORTAL_CONFIG_FIELD("database.engine", database.engine),
      PORTAL_CONFIG_FIELD("database.sqlite_file", database.sqlite_file),
      PORTAL_CONFIG_FIELD("database.postgres_url", database.postgres_url),
      PORTAL_CONFIG_FIELD("database.pool_size", database.pool_size),
      PORTAL_CONFIG_FIELD("database.busy_timeout_ms", database.busy_timeout_ms),

      PORTAL_CONFIG_FIELD("log.level", log.level),
      PORTAL_CONFIG_FIELD("log.access_log", log.access_log),

      PORTAL_CONFIG_FIELD("features.servers.enabled", features.servers.enabled),
      PORTAL_CONFIG_FIELD("features.servers.details", features.servers.details),
      PORTAL_CONFIG_FIELD("features.servers.rules", features.servers.rules),
      PORTAL_CONFIG_FIELD("features.servers.quick_join", features.servers.quick_join),
      PORTAL_CONFIG_FIELD("features.servers.filters", features.servers.filters),
      PORTAL_CONFIG_FIELD("features.pracc.enabled", features.pracc_enabled),
      PORTAL_CONFIG_FIELD("features.inventory.enabled", features.inventory_enabled),
      PORTAL_CONFIG_FIELD("features.settings.enabled", features.settings.enabled),
      PORTAL_CONFIG_FIELD("features.settings.general", features.settings.general),
      PORTAL_CONFIG_FIELD("features.settings.profile", features.settings.profile),
      PORTAL_CONFIG_FIELD("features.settings.security", features.settings.security),

      PORTAL_CONFIG_FIELD("steam.openid_endpoint", steam.openid_endpoint),
      PORTAL_CONFIG_FIELD("steam.realm", steam.realm),
      PORTAL_CONFIG_FIELD("steam.return_url", steam.return_url),

      PORTAL_CONFIG_FIELD("links.join_address_prefix", links.join_address_prefix),
      PORTAL_CONFIG_FIELD("links.bilibili", links.bilibili),
      PORTAL_CONFIG_FIELD("links.douyin", links.douyin),
      PORTAL_CONFIG_FIELD("links.weibo", links.weibo),
      PORTAL_CONFIG_FIELD("links.qq_group", links.qq_group),
      PORTAL_CONFIG_FIELD("links.filing_number", links.filing_number),
      PORTAL_CONFIG_FIELD("links.filing_url", links.filing_url),
      PORTAL_CONFIG_FIELD("links.vip_store_url", links.vip_store_url),
      PORTAL_CONFIG_FIELD("links.vip_pay_url", links.vip_pay_url),
      PORTAL_CONFIG_FIELD("links.inventory_url", links.inventory_url),
      PORTAL_CONFIG_FIELD("links.support_email", links.support_email),
  };
  return fields;
}

#undef PORTAL_CONFIG_FIELD

const Field* find_field(std::string_view key) {
  for (const Field& field : schema()) {
    if (field.key == key) return &field;
  }
  return nullptr;
}

// True when `prefix` names a table of the schema ("server", "features", "features.servers").
bool is_table(std::string_view prefix) {
  for (const Field& field : schema()) {
    if (field.key.size() > prefix.size() && field.key.starts_with(prefix) && field.key[prefix.size()] == '.') {
      return true;
    }
  }
  return false;
}

// ---- names of types and enum values, for messages ----

template <typename T>
constexpr std::string_view type_name() {
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::filesystem::path>) return "a string";
  else if constexpr (std::is_same_v<T, int>) return "an integer";
  else if constexpr (std::is_same_v<T, bool>) return "a boolean";
  else if constexpr (std::is_same_v<T, std::vector<std::string>>) return "an array of strings";
  else if constexpr (std::is_same_v<T, Mode>) return "one of \"production\", \"demo\"";
  else return "one of \"sqlite\", \"postgresql\"";
}

std::string_view toml_type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    default: return "an unknown value";
  }
}

std::optional<Mode> parse_mode(std::string_view text) {
  if (text == "production") return Mode::production;
  if (text == "demo") return Mode::demo;
  return std::nullopt;
}

std::optional<DbEngine> parse_engine(std::string_view text) {
  if (text == "sqlite") return DbEngine::sqlite;
  if (text == "postgresql") return DbEngine::postgresql;
  return std::nullopt;
}

std::string in_quotes(std::string_view text) {
  std::string out = "\"";
  out += text;
  out += '"';
  return out;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// ---- the file ----

std::string where(const toml::node& node, const std::filesystem::path& file) {
  std::string out = "in " + file.string();
  if (node.source().begin.line > 0) out += " (line " + std::to_string(node.source().begin.line) + ")";
  return out;
}

[[noreturn]] void throw_type_error(std::string_view key, std::string_view expected, const toml::node& node,
                                   const std::filesystem::path& file) {
  throw ConfigError("Setting \"" + std::string(key) + "\" " + where(node, file) + " must be " +
                    std::string(expected) + ", not " + std::string(toml_type_name(node)) + ".");
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
            throw ConfigError("Setting \"" + std::string(field.key) + "\" " + where(node, file) +
                              " is out of range (" + std::to_string(number) + ").");
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
          if constexpr (std::is_same_v<T, Mode>) parsed = parse_mode(value->get());
          else parsed = parse_engine(value->get());
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

// Variables with the prefix that are not settings: the test harness's and the config file path.
bool is_reserved_variable(std::string_view upper_name) {
  return upper_name == "PORTAL_CONFIG" || upper_name.starts_with("PORTAL_TEST_");
}

// PORTAL_FEATURES__SERVERS__ENABLED -> features.servers.enabled
std::string env_name_to_key(std::string_view name) {
  std::string rest = lower(name.substr(kEnvPrefix.size()));
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
          const std::string text = lower(trim(value));
          if (text == "true" || text == "1") *target = true;
          else if (text == "false" || text == "0") *target = false;
          else throw_env_value_error(variable, field.key, "true, false, 1 or 0", value);
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
          if constexpr (std::is_same_v<T, Mode>) parsed = parse_mode(trim(value));
          else parsed = parse_engine(trim(value));
          if (!parsed) throw_env_value_error(variable, field.key, type_name<T>(), value);
          *target = *parsed;
        }
      },
      field.get(config));
}

void apply_environment(const std::map<std::string, std::string>& env, Config& config) {
  for (const auto& [name, value] : env) {
    if (name.size() < kEnvPrefix.size()) continue;
    const std::string upper_name = [&] {
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

// ---- validation helpers ----

[[noreturn]] void invalid(const std::string& message) { throw ConfigError(message); }

void check_range(std::string_view key, int value, long long low, long long high) {
  if (value < low || value > high) {
    invalid("Setting \"" + std::string(key) + "\" must be between " + std::to_string(low) + " and " +
            std::to_string(high) + " (it is " + std::to_string(value) + ").");
  }
}

void check_positive(std::string_view key, int value) {
  if (value <= 0) {
    invalid("Setting \"" + std::string(key) + "\" must be greater than 0 (it is " + std::to_string(value) + ").");
  }
}

void check_not_negative(std::string_view key, int value) {
  if (value < 0) {
    invalid("Setting \"" + std::string(key) + "\" must not be negative (it is " + std::to_string(value) + ").");
  }
}

bool is_host_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
}

// Empty when `text` is an http(s) origin: lowercase scheme://host[:port], nothing after. Otherwise the reason.
std::string origin_problem(std::string_view text) {
  std::string_view rest;
  if (text.starts_with("http://")) rest = text.substr(7);
  else if (text.starts_with("https://")) rest = text.substr(8);
  else return "must start with http:// or https://";
  if (rest.empty()) return "has no host";
  std::string_view host = rest;
  std::string_view port;
  if (rest.front() == '[') {  // IPv6 literal
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return "has an unterminated IPv6 address";
    host = rest.substr(0, close + 1);
    for (char c : host.substr(1, host.size() - 2)) {
      if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return "has an invalid IPv6 address";
    }
    rest.remove_prefix(close + 1);
    if (!rest.empty() && rest.front() != ':') {
      return rest.front() == '/' ? "must not have a path or a trailing slash" : "has characters after the host";
    }
    if (!rest.empty()) port = rest.substr(1);
  } else {
    const std::size_t end = rest.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.");
    host = rest.substr(0, end);
    if (end != std::string_view::npos) {
      const char c = rest[end];
      if (c == '/') return "must not have a path or a trailing slash";
      if (c == '*') return "must not contain a wildcard";
      if (c == '@') return "must not contain user information";
      if (c == '?' || c == '#') return "must not have a query or fragment";
      if (c != ':') return "has an invalid character in the host";
      port = rest.substr(end + 1);
      if (port.empty()) return "has an empty port";
    }
    if (host.empty()) return "has no host";
    if (!std::all_of(host.begin(), host.end(), is_host_char)) return "has an invalid character in the host";
    if (std::any_of(host.begin(), host.end(), [](unsigned char c) { return std::isupper(c) != 0; })) {
      return "must be lowercase (browsers send the origin lowercased)";
    }
  }
  if (rest.find('/') != std::string_view::npos) return "must not have a path or a trailing slash";
  if (!port.empty() || (rest.size() > 0 && rest.back() == ':')) {
    int number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535) {
      return "has an invalid port";
    }
  }
  return {};
}

// Empty when `text` is an absolute http(s) URL with a host and no whitespace. Otherwise the reason.
std::string http_url_problem(std::string_view text) {
  std::string_view rest;
  if (text.starts_with("http://")) rest = text.substr(7);
  else if (text.starts_with("https://")) rest = text.substr(8);
  else return "must be an http:// or https:// URL";
  if (rest.empty() || rest.front() == '/' || rest.front() == '?' || rest.front() == '#') return "has no host";
  for (char c : text) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return "must not contain spaces or control characters";
  }
  return {};
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

void validate(const Config& config) {
  if (config.data_dir.empty()) invalid("Setting \"data_dir\" must not be empty.");

  const ServerConfig& server = config.server;
  if (server.host.empty()) invalid("Setting \"server.host\" must not be empty.");
  check_range("server.port", server.port, 0, 65535);
  check_range("server.io_threads", server.io_threads, 1, 64);
  check_positive("server.read_timeout_s", server.read_timeout_s);
  check_positive("server.write_timeout_s", server.write_timeout_s);
  check_positive("server.idle_timeout_s", server.idle_timeout_s);
  check_range("server.header_limit_bytes", server.header_limit_bytes, 1024, 65536);
  check_range("server.body_limit_bytes", server.body_limit_bytes, 1024, 64LL * 1024 * 1024);
  check_not_negative("server.shutdown_grace_s", server.shutdown_grace_s);
  if (!server.public_url.empty()) {
    if (const std::string problem = origin_problem(server.public_url); !problem.empty()) {
      invalid("Setting \"server.public_url\" must be an http(s) origin such as https://cs2.example.com; " +
              in_quotes(server.public_url) + " " + problem + ".");
    }
  }

  check_not_negative("security.hsts_max_age_s", config.security.hsts_max_age_s);
  for (const std::string& origin : config.security.cors_origins) {
    if (origin == "null") {
      invalid("Setting \"security.cors_origins\" must not contain \"null\": any sandboxed page sends that origin.");
    }
    if (origin.find('*') != std::string::npos) {
      invalid("Setting \"security.cors_origins\" must list exact origins, not the wildcard " + in_quotes(origin) + ".");
    }
    if (const std::string problem = origin_problem(origin); !problem.empty()) {
      invalid("Setting \"security.cors_origins\" must list exact origins such as https://cs2.example.com; " +
              in_quotes(origin) + " " + problem + ".");
    }
  }

  const DatabaseConfig& database = config.database;
  if (database.engine == DbEngine::postgresql && database.postgres_url.empty()) {
    invalid("Setting \"database.postgres_url\" must be set when \"database.engine\" is \"postgresql\".");
  }
  if (database.engine == DbEngine::sqlite && database.sqlite_file.empty()) {
    invalid("Setting \"database.sqlite_file\" must not be empty when \"database.engine\" is \"sqlite\".");
  }
  check_range("database.pool_size", database.pool_size, 1, 64);
  check_positive("database.busy_timeout_ms", database.busy_timeout_ms);

  static const std::set<std::string, std::less<>> levels = {"trace", "debug", "info", "warn", "error", "off"};
  if (!levels.contains(config.log.level)) {
    invalid("Setting \"log.level\" must be one of trace, debug, info, warn, error, off (it is " +
            in_quotes(config.log.level) + ").");
  }

  const std::pair<std::string_view, const std::string*> urls[] = {
      {"steam.openid_endpoint", &config.steam.openid_endpoint},
      {"steam.realm", &config.steam.realm},
      {"steam.return_url", &config.steam.return_url},
      {"links.bilibili", &config.links.bilibili},
      {"links.douyin", &config.links.douyin},
      {"links.weibo", &config.links.weibo},
      {"links.qq_group", &config.links.qq_group},
      {"links.filing_url", &config.links.filing_url},
      {"links.vip_store_url", &config.links.vip_store_url},
      {"links.vip_pay_url", &config.links.vip_pay_url},
      {"links.inventory_url", &config.links.inventory_url},
  };
  for (const auto& [key, value] : urls) {
    if (value->empty()) continue;
    if (const std::string problem = http_url_problem(*value); !problem.empty()) {
      invalid("Setting \"" + std::string(key) + "\" " + problem + " (it is " + in_quotes(*value) + ").");
    }
  }

  const std::string& prefix = config.links.join_address_prefix;
  if (prefix.empty() || prefix.back() != '/') {
    invalid("Setting \"links.join_address_prefix\" must be non-empty and end with '/' (it is " + in_quotes(prefix) +
            ").");
  }
  const std::string& email = config.links.support_email;
  if (!email.empty() && (email.find('@') == std::string::npos || email.front() == '@' || email.back() == '@')) {
    invalid("Setting \"links.support_email\" must be an e-mail address (it is " + in_quotes(email) + ").");
  }
}

}  // namespace portal::app
