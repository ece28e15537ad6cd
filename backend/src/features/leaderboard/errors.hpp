#pragma once
// The stable error codes of the leaderboard feature, one function each; http/api_error turns the kind
// into the status.
//   VALIDATION_FAILED   422  a bad field: page, steamId, a stats batch field, a season's name or startsAt
//                            (core::validation_failed)
//   UNKNOWN_MODE        404  the board's mode is none of dm, dm-pistol, solo, retakes (details.mode)
//   SEASON_NOT_FOUND    404  no season with this id (details.season on the boards, details.seasonId for the
//                            season admin)
//   SEASON_NAME_TAKEN   409  another season has this name (details.field name)
//   SEASON_CLOSED       409  the season is closed already (details.seasonId)
//   NO_OPEN_SEASON      409  closing the open season when none is open
//   BATCH_ID_REUSED     409  a stats batch id came back with different stats (details.batchId)

#include "core/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::leaderboard::errors {

inline core::Error steam_id_invalid() { return core::validation_failed("steamId", "steamId must be a SteamID64"); }

inline core::Error page_out_of_range() {
  return core::validation_failed("page", "page must be a whole number from 1 to 1000000");
}

inline core::Error unknown_mode(std::string_view mode) {
  return core::Error::make(core::ErrorKind::not_found, "UNKNOWN_MODE",
                           "Unknown mode; modes are dm, dm-pistol, solo, retakes", {{"mode", mode}});
}

// A board's season.
inline core::Error board_season_not_found(std::int64_t season) {
  return core::Error::make(core::ErrorKind::not_found, "SEASON_NOT_FOUND", "No season with this id",
                           {{"season", season}});
}

// A season the admin names.
inline core::Error season_not_found(std::int64_t id) {
  return core::Error::make(core::ErrorKind::not_found, "SEASON_NOT_FOUND",
                           "season " + std::to_string(id) + " does not exist", {{"seasonId", id}});
}

inline core::Error season_name_taken(const std::string& name) {
  return core::Error::make(core::ErrorKind::conflict, "SEASON_NAME_TAKEN",
                           "a season named '" + name + "' exists already", {{"field", "name"}});
}

inline core::Error no_open_season() {
  return core::Error::make(core::ErrorKind::conflict, "NO_OPEN_SEASON", "no season is open");
}

inline core::Error season_closed(std::int64_t id, const std::string& name) {
  return core::Error::make(core::ErrorKind::conflict, "SEASON_CLOSED",
                           "season " + std::to_string(id) + " ('" + name + "') is closed already", {{"seasonId", id}});
}

inline core::Error batch_id_reused(const std::string& batch_id) {
  return core::Error::make(core::ErrorKind::conflict, "BATCH_ID_REUSED",
                           "This batch id was used before for different stats", {{"batchId", batch_id}});
}

}  // namespace portal::leaderboard::errors
