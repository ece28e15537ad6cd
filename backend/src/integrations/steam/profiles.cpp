#include "integrations/steam/profiles.hpp"

#include "integrations/steam/openid.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <utility>

namespace portal::integrations::steam {

namespace {

std::string string_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  if (!value || !value->is_string()) return {};
  return std::string(value->get_string());
}

}  // namespace

core::Result<std::optional<SteamProfile>> parse_player_summaries(std::string_view json, std::uint64_t steam_id) {
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(json, error);
  if (error || !root.is_object()) return steam_unavailable("GetPlayerSummaries answered with something not JSON");
  const auto* response = root.get_object().if_contains("response");
  const auto* players = response && response->is_object() ? response->get_object().if_contains("players") : nullptr;
  if (!players || !players->is_array()) return steam_unavailable("GetPlayerSummaries answered without a player list");

  const std::string wanted = std::to_string(steam_id);
  for (const auto& player : players->get_array()) {
    if (!player.is_object() || string_member(player.get_object(), "steamid") != wanted) continue;
    const auto& fields = player.get_object();
    SteamProfile profile{wanted, string_member(fields, "personaname"), string_member(fields, "avatarfull")};
    // The URL ends up in an <img src>; only a web address belongs there.
    if (!profile.avatar_url.starts_with("https://") && !profile.avatar_url.starts_with("http://")) {
      profile.avatar_url.clear();
    }
    return std::optional<SteamProfile>(std::move(profile));
  }
  return std::optional<SteamProfile>();
}

WebApiProfiles::WebApiProfiles(std::string api_key, HttpClient& http, std::string base,
                               std::chrono::milliseconds timeout)
    : api_key_(std::move(api_key)), http_(http), base_(std::move(base)), timeout_(timeout) {}

core::Result<std::optional<SteamProfile>> WebApiProfiles::fetch(std::uint64_t steam_id) {
  const std::string url = base_ + "/ISteamUser/GetPlayerSummaries/v0002/?key=" + percent_encode(api_key_) +
                          "&steamids=" + std::to_string(steam_id);
  auto reply = http_.get(url, timeout_);
  // The upstream's own message names host and port at most, never the query with the key.
  if (!reply) return steam_unavailable("The Steam Web API could not be reached: " + reply.error().message);
  if (reply->status == 401 || reply->status == 403) {
    return steam_unavailable("The Steam Web API refused the configured key (HTTP " + std::to_string(reply->status) +
                             ")");
  }
  if (reply->status != 200) {
    return steam_unavailable("The Steam Web API answered HTTP " + std::to_string(reply->status));
  }
  return parse_player_summaries(reply->body, steam_id);
}

}  // namespace portal::integrations::steam
