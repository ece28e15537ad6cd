#include "features/leaderboard/seasons.hpp"

#include "core/error.hpp"

#include <chrono>
#include <cstdio>
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

// The code point at text[at] and its length in bytes; nullopt when the bytes there are not
// well-formed UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
std::optional<std::pair<char32_t, std::size_t>> decode(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return std::pair{static_cast<char32_t>(lead), std::size_t{1}};
  std::size_t length = 0;
  char32_t value = 0;
  char32_t minimum = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F, minimum = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F, minimum = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07, minimum = 0x10000;
  } else {
    return std::nullopt;
  }
  if (at + length > text.size()) return std::nullopt;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if ((next & 0xC0) != 0x80) return std::nullopt;
    value = (value << 6) | (next & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return std::nullopt;
  return std::pair{value, length};
}

// C0, DEL, C1, and the line and paragraph separators.
bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029; }

bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// ASCII white space and U+3000 (the ideographic space of Chinese input methods) at both ends.
std::string_view trim(std::string_view text) {
  constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";
  for (bool changed = true; changed;) {
    changed = false;
    if (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1), changed = true;
    if (!text.empty() && is_ascii_space(text.back())) text.remove_suffix(1), changed = true;
    if (text.starts_with(kIdeographicSpace)) text.remove_prefix(kIdeographicSpace.size()), changed = true;
    if (text.ends_with(kIdeographicSpace)) text.remove_suffix(kIdeographicSpace.size()), changed = true;
  }
  return text;
}

// "2026-01-31T16:00:00Z".
std::string utc_text(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const sys_seconds at{seconds{unix_seconds}};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss time{at - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()));
  return text;
}

}  // namespace

core::Result<std::string> normalize_season_name(std::string_view raw) {
  const std::string_view name = trim(raw);
  std::size_t characters = 0;
  for (std::size_t at = 0; at < name.size();) {
    const auto decoded = decode(name, at);
    if (!decoded) return validation("name", "the season name is not valid UTF-8");
    if (is_control(decoded->first)) return validation("name", "the season name must not contain control characters");
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
    return validation("startsAt", "a season cannot start in the future: the open season receives stats at once; "
                                  "add it when it begins");
  }
  const std::string stored = std::move(normalized).value();
  auto outcome = repository_.insert({stored, starts_at, now, actor});
  using Status = SeasonRepository::InsertOutcome::Status;
  switch (outcome.status) {
    case Status::name_taken:
      return core::Error::make(core::ErrorKind::conflict, "SEASON_NAME_TAKEN",
                               "a season named '" + stored + "' exists already",
                               {{"field", "name"}});
    case Status::starts_before_open: {
      const Season& open = *outcome.open;
      auto error = validation("startsAt", "the new season must not start before the open season '" + open.name +
                                              "' (id " + std::to_string(open.id) + "), which starts at " +
                                              utc_text(open.starts_at));
      error.details["openSeasonId"] = open.id;
      return error;
    }
    case Status::inserted: break;
  }
  return std::move(outcome.season);
}

core::Result<Season> Seasons::close(std::int64_t id, std::int64_t now, const std::string& actor) {
  auto outcome = repository_.close(id, now, actor);
  using Status = SeasonRepository::CloseOutcome::Status;
  switch (outcome.status) {
    case Status::not_found: return not_found(id);
    case Status::already_closed:
      return core::Error::make(core::ErrorKind::conflict, "SEASON_CLOSED",
                               "season " + std::to_string(id) + " ('" + outcome.season.name + "') is closed already",
                               {{"seasonId", id}});
    case Status::closed: break;
  }
  return std::move(outcome.season);
}

std::vector<Season> Seasons::list() const { return repository_.list(); }

std::optional<Season> Seasons::find(std::int64_t id) const { return repository_.find(id); }

std::optional<Season> Seasons::current() const { return repository_.open_season(); }

}  // namespace portal::leaderboard
