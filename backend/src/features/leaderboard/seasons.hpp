#pragma once
// The rules of seasons: names, the one open season, closing. Used by the `portal seasons` commands,
// the demo seed and the leaderboard routes (list, find). Knows nothing of HTTP.
//
// Errors (stable codes): VALIDATION_FAILED (422, details.field name or startsAt), SEASON_NAME_TAKEN
// (409), SEASON_NOT_FOUND (404), SEASON_CLOSED (409).

#include "core/result.hpp"
#include "features/leaderboard/season.hpp"
#include "features/leaderboard/season_repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::leaderboard {

class Seasons {
 public:
  // now_unix: the current time in unix seconds (tests pass their own clock).
  Seasons(SeasonRepository& repository, std::function<std::int64_t()> now_unix)
      : repository_(repository), now_unix_(std::move(now_unix)) {}

  // Adds a season starting at starts_at and makes it the open one: a season still open is closed at
  // starts_at in the same transaction (refused when starts_at is before that season's start), and the
  // new season gets its board in every mode. The name is trimmed; 1-32 characters, no control
  // characters, not used by another season. A start in the future is refused: the open season
  // receives stats at once.
  // `reason`, when given, goes into the audit records.
  core::Result<Season> add(std::string name, std::int64_t starts_at, const std::string& actor,
                           const std::string& reason = {});
  // Ends the open season `id` at now (at its start when now is earlier).
  core::Result<Season> close(std::int64_t id, std::int64_t now, const std::string& actor,
                             const std::string& reason = {});

  // Newest first (starts_at DESC, id DESC).
  std::vector<Season> list() const;
  std::optional<Season> find(std::int64_t id) const;
  // The open season, if any.
  std::optional<Season> current() const;

 private:
  SeasonRepository& repository_;
  std::function<std::int64_t()> now_unix_;
};

// The name as stored (trimmed of ASCII white space), or VALIDATION_FAILED with details.field "name".
core::Result<std::string> normalize_season_name(std::string_view name);

}  // namespace portal::leaderboard
