#pragma once
// A community game server as stored, and the rules for its fields (spec 000 §3: the ten modes;
// region codes as in spec 001 §3).

#include "core/error.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::servers {

struct GameServer {
  std::int64_t id = 0;
  std::string ip;
  int port = 0;
  std::string name;
  std::string name_display;
  std::string category;
  std::string region;
  int ontop = 0;
  int star = 0;
  bool enabled = true;
  std::string rcon_password;    // never leaves the backend
  std::string plugin_key_hash;  // SHA-256 hex of the plugin's key; empty when none was issued
  std::string plugin_key_scopes = "status,stats,members,bind";  // what the key may do, comma-separated
  bool demo = false;

  std::string endpoint() const { return ip + ":" + std::to_string(port); }
};

// The fields an operator sets; every one optional for an edit.
struct GameServerChanges {
  std::optional<std::string> ip;
  std::optional<int> port;
  std::optional<std::string> name;
  std::optional<std::string> name_display;
  std::optional<std::string> category;
  std::optional<std::string> region;
  std::optional<int> ontop;
  std::optional<int> star;
  std::optional<bool> enabled;
  std::optional<std::string> rcon_password;
};

const std::vector<std::string_view>& known_categories();
const std::vector<std::string_view>& known_regions();

// A VALIDATION_FAILED error naming the first bad field, or nullopt.
std::optional<core::Error> validate(const GameServer& server);

// Applies the set fields of `changes` onto `server`.
void apply(const GameServerChanges& changes, GameServer& server);

}  // namespace portal::servers
