#pragma once
// What a rented server's portal plugin (deploy/cloud/portal-plugin) may do with its key (issue 15):
// read the settings it applies (join password, admins) and report the humans on the server, who
// become the owner's past teammates. Issues the key when the machine launches. Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/pracc/plugin_repository.hpp"
#include "features/pracc/rental_repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::pracc {

inline constexpr std::size_t kPlayersPerReport = 64;    // CS2 has at most 64 slots
inline constexpr std::size_t kPlayerNameMaxBytes = 64;  // UTF-8 bytes
inline constexpr std::size_t kTeammatesKeptPerOwner = 100;

struct PluginServiceDeps {
  RentalRepository& servers;
  PluginRepository& keys;
  std::int64_t grace_seconds = 0;
  std::function<std::int64_t()> now_unix;
};

struct PluginSettings {
  std::string server_id;
  std::string join_password;
  std::vector<std::string> admins;  // SteamID64s, in the owner's order
};

struct SeenPlayer {
  std::string steam_id;
  std::string name;
};

// VALIDATION_FAILED naming `players[i].steamid` or `players[i].name` for a report the plugin may not
// send: more than 64 players, an id that is not an individual SteamID64 (17 digits, 7656119...), a
// name over 64 bytes.
core::Status check_players(const std::vector<SeenPlayer>& players);

class PluginService {
 public:
  explicit PluginService(PluginServiceDeps deps) : d_(std::move(deps)) {}

  // A fresh key for the server's launch, replacing the one before; only its hash is stored.
  std::string issue_key(const RentalServer& server);
  // The rented server the key opens, while the server is not gone.
  std::optional<std::string> key_holder(std::string_view key) const;

  core::Result<PluginSettings> settings(const std::string& server_id) const;
  // Remembers the players (the owner excluded) as the owner's past teammates, newest first, at most
  // kTeammatesKeptPerOwner of them.
  core::Status report_players(const std::string& server_id, const std::vector<SeenPlayer>& players);

 private:
  PluginServiceDeps d_;
};

}  // namespace portal::pracc
