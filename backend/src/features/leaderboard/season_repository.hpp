#pragma once
// SQL of seasons and of the boards they own. Every write is one write transaction together with its
// audit_log rows; the checks a write depends on (name taken, the open season) are read inside it.
// PostgreSQL serializes season writes with a transaction-scoped advisory lock; SQLite's BEGIN
// IMMEDIATE already lets one writer in at a time.

#include "db/database.hpp"
#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/season.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

// One board as the operator commands list it: a mode in a season, or in all time.
struct BoardSummary {
  std::int64_t id = 0;
  std::optional<std::int64_t> season_id;  // nullopt: all time
  Mode mode = Mode::dm;
  std::int64_t players = 0;     // players with stats on it
  std::int64_t changed_at = 0;  // the last batch or seeding applied (unix seconds; 0 = never)
};

class SeasonRepository {
 public:
  explicit SeasonRepository(db::Database& database) : database_(database) {}

  // Newest first: starts_at DESC, id DESC.
  std::vector<Season> list() const;
  std::optional<Season> find(std::int64_t id) const;
  // The season with no end, if any (the schema allows at most one).
  std::optional<Season> open_season() const;
  // Every board, all-time boards (season nullopt) first, then by season id and mode.
  std::vector<BoardSummary> boards() const;

  struct NewSeason {
    std::string name;  // already validated
    std::int64_t starts_at = 0;
    std::int64_t created_at = 0;
    std::string actor;   // for audit_log
    std::string reason;  // for audit_log, when given (the console's changes carry one)
  };
  struct InsertOutcome {
    enum class Status { inserted, name_taken, starts_before_open } status = Status::inserted;
    Season season;               // inserted: the new season
    std::optional<Season> open;  // the season that was open before: closed at starts_at when inserted
  };
  // In one write transaction: refuses a taken name, or a start before the open season's start;
  // otherwise closes the open season at starts_at ('season.close'), inserts the season and its board
  // for each mode ('season.create').
  InsertOutcome insert(const NewSeason& season);

  struct CloseOutcome {
    enum class Status { closed, not_found, already_closed } status = Status::closed;
    Season season;  // as stored after the call (closed, already_closed)
  };
  // Sets ends_at (raised to starts_at when earlier, as the schema requires) and writes 'season.close'.
  CloseOutcome close(std::int64_t id, std::int64_t ends_at, const std::string& actor, const std::string& reason = {});

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
