#include "features/pracc/plugin_service.hpp"

#include "core/crypto.hpp"
#include "core/steam_id.hpp"
#include "features/pracc/errors.hpp"
#include "features/pracc/plugin_keys.hpp"

namespace portal::pracc {

namespace {
constexpr const char* kPluginActor = "job:pracc";

bool individual_steam_id(std::string_view id) {
  return id.size() == 17 && id.starts_with("7656119") && core::is_steam_id64(id);
}
}  // namespace

core::Status check_players(const std::vector<SeenPlayer>& players) {
  if (players.size() > kPlayersPerReport) {
    return core::validation_failed("players", "at most 64 players a report");
  }
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string at = "players[" + std::to_string(i) + "]";
    if (!individual_steam_id(players[i].steam_id)) {
      return core::validation_failed(at + ".steamid", "steamid must be a SteamID64 (17 digits, 7656119...)");
    }
    if (players[i].name.size() > kPlayerNameMaxBytes) {
      return core::validation_failed(at + ".name", "name must be at most 64 bytes");
    }
  }
  return core::Ok{};
}

std::string PluginService::issue_key(const RentalServer& server) {
  std::string key = new_plugin_key();
  d_.keys.set_key_hash(server.id, core::sha256_hex(key), d_.now_unix(), kPluginActor);
  return key;
}

std::optional<std::string> PluginService::key_holder(std::string_view key) const {
  if (key.empty() || key.size() > kPluginKeyMaxLength) return std::nullopt;
  auto id = d_.keys.server_with_key_hash(core::sha256_hex(key));
  if (!id) return std::nullopt;
  const auto server = d_.servers.find(*id);
  if (!server || !plugin_key_accepted(*server, d_.now_unix(), d_.grace_seconds)) return std::nullopt;
  return id;
}

core::Result<PluginSettings> PluginService::settings(const std::string& server_id) const {
  const auto server = d_.servers.find(server_id);
  if (!server) return errors::server_not_found();
  PluginSettings out{server->id, server->join_password, {}};
  for (const auto& admin : server->admins) out.admins.push_back(admin.steam_id);
  return out;
}

core::Status PluginService::report_players(const std::string& server_id, const std::vector<SeenPlayer>& players) {
  if (auto checked = check_players(players); !checked) return checked;
  const auto server = d_.servers.find(server_id);
  if (!server) return errors::server_not_found();
  std::vector<RentalRepository::Teammate> seen;
  for (const auto& player : players) {
    if (player.steam_id == server->owner_steam_id) continue;
    seen.push_back({player.steam_id, player.name});
  }
  if (seen.empty()) return core::Ok{};
  d_.servers.remember_teammates(server->owner_steam_id, seen, d_.now_unix());
  d_.keys.keep_latest_teammates(server->owner_steam_id, kTeammatesKeptPerOwner);
  return core::Ok{};
}

}  // namespace portal::pracc
