#include "integrations/cloud/user_data.hpp"

#include "core/steam_id.hpp"
#include "integrations/cloud/bootstrap_script.hpp"

#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace portal::cloud {

namespace {

constexpr std::string_view kBlockStart = "# --- portal settings ---\n";
constexpr std::string_view kBlockEnd = "# --- end portal settings ---\n";
constexpr std::string_view kVersionPrefix = "\nBOOTSTRAP_VERSION=";
// RunInstances takes at most 16 KB of base64 UserData, i.e. 12 KB of script.
constexpr std::size_t kMaxUserDataBase64Bytes = 16 * 1024;
constexpr int kMaxPlayers = 64;  // CS2's own ceiling

// The settings in the order the block lists them; render writes and parse expects these names.
constexpr std::string_view kServerRef = "PORTAL_SERVER_REF";
constexpr std::string_view kServerName = "PORTAL_SERVER_NAME";
constexpr std::string_view kJoinPassword = "PORTAL_JOIN_PASSWORD";
constexpr std::string_view kRconPassword = "PORTAL_RCON_PASSWORD";
constexpr std::string_view kGamePort = "PORTAL_GAME_PORT";
constexpr std::string_view kMaxPlayersName = "PORTAL_MAX_PLAYERS";
constexpr std::string_view kAdmins = "PORTAL_ADMINS";
constexpr std::string_view kPortalUrl = "PORTAL_URL";
constexpr std::string_view kPortalKey = "PORTAL_KEY";
constexpr std::string_view kDemoBucket = "PORTAL_DEMO_BUCKET";
constexpr std::string_view kDemoRegion = "PORTAL_DEMO_REGION";
constexpr std::string_view kDemoPrefix = "PORTAL_DEMO_PREFIX";

using Assignments = std::vector<std::pair<std::string_view, std::string>>;

core::Error invalid(std::string_view field, std::string message) {
  return core::Error::make(core::ErrorKind::validation, "INVALID_BOOTSTRAP", std::move(message), {{"field", field}});
}

std::string join_admins(const std::vector<std::string>& admins) {
  std::string out;
  for (const auto& admin : admins) {
    if (!out.empty()) out += ' ';
    out += admin;
  }
  return out;
}

Assignments assignments_of(const ServerBootstrap& s) {
  return {{kServerRef, s.server_ref},
          {kServerName, s.server_name},
          {kJoinPassword, s.join_password},
          {kRconPassword, s.rcon_password},
          {kGamePort, std::to_string(s.game_port)},
          {kMaxPlayersName, std::to_string(s.max_players)},
          {kAdmins, join_admins(s.admins)},
          {kPortalUrl, s.portal_url},
          {kPortalKey, s.portal_key},
          {kDemoBucket, s.demo_bucket},
          {kDemoRegion, s.demo_region},
          {kDemoPrefix, s.demo_prefix}};
}

bool only(std::string_view text, bool (*allowed)(char)) {
  for (const char c : text) {
    if (!allowed(c)) return false;
  }
  return true;
}
bool ref_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}
bool cos_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// What the script can carry safely: one line per value; a double quote only outside server.cfg
// (Source's cfg syntax cannot escape one); names that end up in a systemd unit and coscli's YAML
// limited to the characters Tencent allows in them anyway.
core::Status validate(const ServerBootstrap& s) {
  for (const auto& [name, value] : assignments_of(s)) {
    if (value.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos) {
      return invalid(name, std::string(name) + " holds a line break or NUL");
    }
  }
  if (s.server_ref.empty() || s.server_ref.size() > 64 || !only(s.server_ref, ref_char)) {
    return invalid(kServerRef, "PORTAL_SERVER_REF must be 1-64 of A-Z a-z 0-9 _ - .");
  }
  const std::pair<std::string_view, const std::string*> cfg_values[] = {
      {kServerName, &s.server_name}, {kJoinPassword, &s.join_password}, {kRconPassword, &s.rcon_password}};
  for (const auto& [name, value] : cfg_values) {
    if (value->find('"') != std::string::npos) return invalid(name, std::string(name) + " holds a double quote");
  }
  if (s.game_port < 1 || s.game_port > 65535) return invalid(kGamePort, "PORTAL_GAME_PORT must be 1-65535");
  if (s.max_players < 1 || s.max_players > kMaxPlayers) {
    return invalid(kMaxPlayersName, "PORTAL_MAX_PLAYERS must be 1-64");
  }
  for (const auto& admin : s.admins) {
    if (!core::is_steam_id64(admin)) return invalid(kAdmins, "PORTAL_ADMINS holds a value that is not a SteamID64");
  }
  if (!only(s.demo_bucket, cos_name_char)) return invalid(kDemoBucket, "PORTAL_DEMO_BUCKET must be a-z 0-9 -");
  if (!only(s.demo_region, cos_name_char)) return invalid(kDemoRegion, "PORTAL_DEMO_REGION must be a-z 0-9 -");
  if (s.demo_prefix.starts_with('/'))
    return invalid(kDemoPrefix, "PORTAL_DEMO_PREFIX is a COS key prefix, no leading /");
  return core::Ok{};
}

// Single quotes keep every byte literal in bash; a quote itself closes, escapes and reopens.
std::string shell_quote(std::string_view value) {
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  out += '\'';
  return out;
}

// The inverse of shell_quote: '...' segments joined by \' and nothing else.
std::optional<std::string> shell_unquote(std::string_view text) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    if (at >= text.size() || text[at] != '\'') return std::nullopt;
    const auto close = text.find('\'', at + 1);
    if (close == std::string_view::npos) return std::nullopt;
    out.append(text.substr(at + 1, close - at - 1));
    at = close + 1;
    if (at == text.size()) return out;
    if (text.substr(at, 2) != "\\'") return std::nullopt;
    out += '\'';
    at += 2;
  }
}

// Where the block's lines begin and end (both markers excluded); nullopt without both markers.
struct Block {
  std::size_t begin = 0;
  std::size_t end = 0;
};
std::optional<Block> find_block(std::string_view script) {
  const auto start = script.find(kBlockStart);
  if (start == std::string_view::npos || (start > 0 && script[start - 1] != '\n')) return std::nullopt;
  const std::size_t begin = start + kBlockStart.size();
  const auto end = script.find(kBlockEnd, begin);
  // The end marker must open a line (right after the start marker's newline when the block is empty).
  if (end == std::string_view::npos || script[end - 1] != '\n') return std::nullopt;
  return Block{begin, end};
}

std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 6) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || text.front() == '-') return std::nullopt;
  return value;
}

std::vector<std::string> split_admins(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    const auto space = text.find(' ');
    if (space != 0) out.emplace_back(text.substr(0, space));
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return out;
}

core::Result<ServerBootstrap> from_values(std::map<std::string_view, std::string> values) {
  ServerBootstrap s;
  const auto port = whole_number(values[kGamePort]);
  if (!port) return invalid(kGamePort, "PORTAL_GAME_PORT is not a number");
  const auto players = whole_number(values[kMaxPlayersName]);
  if (!players) return invalid(kMaxPlayersName, "PORTAL_MAX_PLAYERS is not a number");
  s.server_ref = std::move(values[kServerRef]);
  s.server_name = std::move(values[kServerName]);
  s.join_password = std::move(values[kJoinPassword]);
  s.rcon_password = std::move(values[kRconPassword]);
  s.game_port = *port;
  s.max_players = *players;
  s.admins = split_admins(values[kAdmins]);
  s.portal_url = std::move(values[kPortalUrl]);
  s.portal_key = std::move(values[kPortalKey]);
  s.demo_bucket = std::move(values[kDemoBucket]);
  s.demo_region = std::move(values[kDemoRegion]);
  s.demo_prefix = std::move(values[kDemoPrefix]);
  return s;
}

}  // namespace

std::string_view bootstrap_version() {
  const std::string_view script = bootstrap_script_template();
  const auto at = script.find(kVersionPrefix);
  if (at == std::string_view::npos) return {};
  std::string_view version = script.substr(at + kVersionPrefix.size());
  version = version.substr(0, version.find('\n'));
  if (version.size() >= 2 && version.front() == '\'' && version.back() == '\'') {
    version = version.substr(1, version.size() - 2);
  }
  return version;
}

core::Result<std::string> render_user_data(const ServerBootstrap& settings) {
  if (auto valid = validate(settings); !valid) return valid.error();
  const std::string_view script = bootstrap_script_template();
  const auto block = find_block(script);
  if (!block) return invalid("script", "the compiled-in bootstrap script has no settings block");

  std::string out(script.substr(0, block->begin));
  for (const auto& [name, value] : assignments_of(settings)) {
    out += name;
    out += '=';
    out += shell_quote(value);
    out += '\n';
  }
  out += script.substr(block->end);
  if ((out.size() + 2) / 3 * 4 > kMaxUserDataBase64Bytes) {
    return invalid("script", "the rendered script exceeds Tencent's 16 KB of base64 user data");
  }
  return out;
}

core::Result<ServerBootstrap> parse_user_data(std::string_view script) {
  const auto block = find_block(script);
  if (!block) return invalid("script", "the script has no portal settings block");

  std::map<std::string_view, std::string> values;
  for (const auto& [name, value] : assignments_of(ServerBootstrap{})) values.emplace(name, std::string{});
  std::set<std::string_view> seen;

  std::string_view lines = script.substr(block->begin, block->end - block->begin);
  while (!lines.empty()) {
    const auto newline = lines.find('\n');
    const std::string_view line = lines.substr(0, newline);
    lines.remove_prefix(newline == std::string_view::npos ? lines.size() : newline + 1);

    const auto equals = line.find('=');
    const std::string_view name = line.substr(0, equals);
    const auto known = values.find(name);
    if (equals == std::string_view::npos || known == values.end()) {
      return invalid("script", "the settings block has a line that is not a known setting: " + std::string(line));
    }
    if (!seen.insert(name).second) return invalid(name, std::string(name) + " is set twice");
    auto value = shell_unquote(line.substr(equals + 1));
    if (!value) return invalid(name, std::string(name) + " is not a single-quoted value");
    known->second = std::move(*value);
  }
  if (seen.size() != values.size()) return invalid("script", "the settings block lacks a setting");

  auto settings = from_values(std::move(values));
  if (!settings) return settings;
  if (auto valid = validate(*settings); !valid) return valid.error();
  return settings;
}

}  // namespace portal::cloud
