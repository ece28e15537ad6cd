#pragma once
// A Steam account's public name and avatar (reference/protocols.md section 3.4). Behind an
// interface: the Web API in production, the dev OpenID provider in demo mode.

#include "core/result.hpp"
#include "integrations/http/http_client.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::integrations::steam {

struct SteamProfile {
  std::string steam_id;      // SteamID64 as decimal text
  std::string persona_name;  // may be empty
  std::string avatar_url;    // the 184x184 avatarfull; empty when Steam sent none
};

class SteamProfiles {
 public:
  virtual ~SteamProfiles() = default;
  // nullopt for an id Steam does not know; an error (kind unavailable) when Steam cannot be asked.
  virtual core::Result<std::optional<SteamProfile>> fetch(std::uint64_t steam_id) = 0;
};

// The player with `steam_id` in a GetPlayerSummaries answer ({"response":{"players":[...]}}), in any
// position; nullopt when absent. A body of another shape is STEAM_UNAVAILABLE.
core::Result<std::optional<SteamProfile>> parse_player_summaries(std::string_view json, std::uint64_t steam_id);

// ISteamUser/GetPlayerSummaries/v0002. The key goes only into the request URL: never into an error
// text, a log line or an answer.
class WebApiProfiles final : public SteamProfiles {
 public:
  WebApiProfiles(std::string api_key, HttpClient& http, std::string base = "https://api.steampowered.com",
                 std::chrono::milliseconds timeout = std::chrono::seconds(6));

  core::Result<std::optional<SteamProfile>> fetch(std::uint64_t steam_id) override;

 private:
  std::string api_key_;
  HttpClient& http_;
  std::string base_;
  std::chrono::milliseconds timeout_;
};

}  // namespace portal::integrations::steam
