#include "features/leaderboard/seasons.hpp"

#include "core/error.hpp"
#include "core/iso_time.hpp"
#include "core/text.hpp"
#include "features/leaderboard/errors.hpp"

#include <chrono>
#include <optional>
#include <utility>

namespace portal::leaderboard {

core::Result<std::string> normalize_season_name(std::string_view raw) {
  const std::string_view name = core::trim_text(raw);
  std::size_t characters = 0;
  for (std::size_t at = 0; at < name.size();) {
    const auto decoded = core::decode_utf8(name, at);
    if (!decoded) return core::validation_failed("name", "the season name is not valid UTF-8");
    if (core::is_control_char(decoded->first))
      return core::validation_failed("name", "the season name must not contain control characters");
    at += decoded->second;
    ++characters;
  }
  if (characters < kSeasonNameMinLength) return core::validation_failed("name", "the season name must not be empty");
  if (characters > kSeasonNameMaxLength) {
    return core::validation_failed("name", "the season name must be at most " + std::to_string(kSeasonNameMaxLength) +
                                               " characters, got " + std::to_string(characters));
  }
  return std::string(name);
}

core::Result<Season> Seasons::add(std::string name, std::int64_t starts_at, const std::string& actor,
                                  const std::string& reason) {
  auto normalized = normalize_season_name(name);
  if (!normalized) return normalized.error();
  const std::int64_t now = now_unix_();
  if (starts_at < 0) return core::validation_failed("startsAt", "startsAt must not be negative");
  if (starts_at > now) {
    return core::validation_failed("startsAt",
                                   "a season cannot start in the future: the open season receives stats at once; "
                                   "add it when it begins");
  }
  const std::string stored = std::move(normalized).value();
  auto outcome = repository_.insert({stored, starts_at, now, actor, reason});
  using Status = SeasonRepository::InsertOutcome::Status;
  switch (outcome.status) {
    case Status::name_taken:
      return errors::season_name_taken(stored);
    case Status::starts_before_open: {
      const Season& open = *outcome.open;
      auto error = core::validation_failed("startsAt", "the new season must not start before the open season '" +
                                                           open.name + "' (id " + std::to_string(open.id) +
                                                           "), which starts at " + core::iso_utc(open.starts_at));
      error.details["openSeasonId"] = open.id;
      return error;
    }
    case Status::inserted:
      break;
  }
  return std::move(outcome.season);
}

core::Result<Season> Seasons::close(std::int64_t id, std::int64_t now, const std::string& actor,
                                    const std::string& reason) {
  auto outcome = repository_.close(id, now, actor, reason);
  using Status = SeasonRepository::CloseOutcome::Status;
  switch (outcome.status) {
    case Status::not_found:
      return errors::season_not_found(id);
    case Status::already_closed:
      return errors::season_closed(id, outcome.season.name);
    case Status::closed:
      break;
  }
  return std::move(outcome.season);
}

std::vector<Season> Seasons::list() const { return repository_.list(); }

std::optional<Season> Seasons::find(std::int64_t id) const { return repository_.find(id); }

std::optional<Season> Seasons::current() const { return repository_.open_season(); }

}  // namespace portal::leaderboard
