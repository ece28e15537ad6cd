#include "features/leaderboard/seasons.hpp"

#include "core/error.hpp"
#include "core/iso_time.hpp"
#include "core/text.hpp"

#include <chrono>
#include <optional>
#include <utility>

namespace portal::leaderboard {

namespace {

core::Error validation(std::string_view field, std::string message) {
  return core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", std::move(message), {{"field", field}});
}

core::Error not_found(std::int64_t id) {
  return core::Error::make(core::ErrorKind::not_found, "SEASON_NOT_FOUND",
                           "season " + std::to_string(id) + " does not exist", {{"seasonId", id}});
}

}  // namespace

core::Result<std::string> normalize_season_name(std::string_view raw) {
  const std::string_view name = core::trim_text(raw);
  std::size_t characters = 0;
  for (std::size_t at = 0; at < name.size();) {
    const auto decoded = core::decode_utf8(name, at);
    if (!decoded) return validation("name", "the season name is not valid UTF-8");
    if (core::is_control_char(decoded->first))
      return validation("name", "the season name must not contain control characters");
    at += decoded->second;
    ++characters;
  }
  if (characters < kSeasonNameMinLength) return validation("name", "the season name must not be empty");
  if (characters > kSeasonNameMaxLength) {
    return validation("name", "the season name must be at most " + std::to_string(kSeasonNameMaxLength) +
                                  " characters, got " + std::to_string(characters));
  }
  return std::string(name);
}

core::Result<Season> Seasons::add(std::string name, std::int64_t starts_at, const std::string& actor) {
  auto normalized = normalize_season_name(name);
  if (!normalized) return normalized.error();
  const std::int64_t now = now_unix_();
  if (starts_at < 0) return validation("startsAt", "startsAt must not be negative");
  if (starts_at > now) {
    return validation("startsAt",
                      "a season cannot start in the future: the open season receives stats at once; "
                      "add it when it begins");
  }
  const std::string stored = std::move(normalized).value();
  auto outcome = repository_.insert({stored, starts_at, now, actor});
  using Status = SeasonRepository::InsertOutcome::Status;
  switch (outcome.status) {
    case Status::name_taken:
      return core::Error::make(core::ErrorKind::conflict, "SEASON_NAME_TAKEN",
                               "a season named '" + stored + "' exists already", {{"field", "name"}});
    case Status::starts_before_open: {
      const Season& open = *outcome.open;
      auto error =
          validation("startsAt", "the new season must not start before the open season '" + open.name + "' (id " +
                                     std::to_string(open.id) + "), which starts at " + core::iso_utc(open.starts_at));
      error.details["openSeasonId"] = open.id;
      return error;
    }
    case Status::inserted:
      break;
  }
  return std::move(outcome.season);
}

core::Result<Season> Seasons::close(std::int64_t id, std::int64_t now, const std::string& actor) {
  auto outcome = repository_.close(id, now, actor);
  using Status = SeasonRepository::CloseOutcome::Status;
  switch (outcome.status) {
    case Status::not_found:
      return not_found(id);
    case Status::already_closed:
      return core::Error::make(core::ErrorKind::conflict, "SEASON_CLOSED",
                               "season " + std::to_string(id) + " ('" + outcome.season.name + "') is closed already",
                               {{"seasonId", id}});
    case Status::closed:
      break;
  }
  return std::move(outcome.season);
}

std::vector<Season> Seasons::list() const { return repository_.list(); }

std::optional<Season> Seasons::find(std::int64_t id) const { return repository_.find(id); }

std::optional<Season> Seasons::current() const { return repository_.open_season(); }

}  // namespace portal::leaderboard
