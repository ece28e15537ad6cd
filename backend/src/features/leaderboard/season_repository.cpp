#include "features/leaderboard/season_repository.hpp"

#include "db/audit_log.hpp"
#include "db/advisory_locks.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <tuple>
#include <stdexcept>

namespace portal::leaderboard {

namespace {

constexpr const char* kSeasonColumns = "SELECT id, name, starts_at, ends_at FROM seasons";

Season season_of(const soci::row& row) {
  Season season;
  season.id = db::row_int64(row, 0);
  season.name = db::row_string(row, 1);
  season.starts_at = db::row_int64(row, 2);
  if (row.get_indicator(3) != soci::i_null) season.ends_at = db::row_int64(row, 3);
  return season;
}

std::vector<Season> seasons_where(soci::session& sql, const std::string& tail) {
  std::vector<Season> out;
  soci::rowset<soci::row> rows = sql.prepare << std::string(kSeasonColumns) + tail;
  for (const auto& row : rows) out.push_back(season_of(row));
  return out;
}

std::optional<Season> find_in(soci::session& sql, std::int64_t id) {
  const long long key = id;
  soci::rowset<soci::row> rows = (sql.prepare << std::string(kSeasonColumns) + " WHERE id = :id", soci::use(key));
  for (const auto& row : rows) return season_of(row);
  return std::nullopt;
}

std::optional<Season> open_in(soci::session& sql) {
  for (auto& season : seasons_where(sql, " WHERE ends_at IS NULL")) return std::move(season);
  return std::nullopt;
}

// PostgreSQL reads in READ COMMITTED: without this, two season writes at the same moment could both
// find the same open season (or a free name) and the loser would fail on a constraint. The lock ends
// with the transaction. SQLite needs none: BEGIN IMMEDIATE already lets one writer in at a time.
void lock_seasons(soci::session& sql, db::Engine engine) {
  if (engine != db::Engine::postgresql) return;
  int locked = 0;
  sql << "SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(" + std::to_string(db::advisory_locks::kSeasonsClass) +
             ", 0)) AS season_lock",
      soci::into(locked);
}

std::string target_of(std::int64_t season_id) { return "season:" + std::to_string(season_id); }

void set_end(soci::session& sql, std::int64_t id, std::int64_t ends_at) {
  const long long key = id;
  const long long end = ends_at;
  sql << "UPDATE seasons SET ends_at = :ends_at WHERE id = :id", soci::use(end), soci::use(key);
}

}  // namespace

std::vector<Season> SeasonRepository::list() const {
  return database_.with_session(
      [&](soci::session& sql) { return seasons_where(sql, " ORDER BY starts_at DESC, id DESC"); });
}

std::optional<Season> SeasonRepository::find(std::int64_t id) const {
  return database_.with_session([&](soci::session& sql) { return find_in(sql, id); });
}

std::optional<Season> SeasonRepository::open_season() const {
  return database_.with_session([&](soci::session& sql) { return open_in(sql); });
}

std::vector<BoardSummary> SeasonRepository::boards() const {
  auto out = database_.with_session([&](soci::session& sql) {
    std::vector<BoardSummary> boards;
    soci::rowset<soci::row> rows =
        sql.prepare << "SELECT b.id, b.season_id, b.mode, b.changed_at, (SELECT COUNT(*) FROM leaderboard_stats s "
                       "WHERE s.board_id = b.id) FROM leaderboard_boards b";
    for (const auto& row : rows) {
      const std::string mode_text = db::row_string(row, 2);
      const auto mode = mode_from_string(mode_text);
      // The table's CHECK allows only the four modes.
      if (!mode) throw std::runtime_error("leaderboard_boards holds an unknown mode: " + mode_text);
      BoardSummary board;
      board.id = db::row_int64(row, 0);
      if (row.get_indicator(1) != soci::i_null) board.season_id = db::row_int64(row, 1);
      board.mode = *mode;
      board.changed_at = db::row_int64(row, 3);
      board.players = db::row_int64(row, 4);
      boards.push_back(board);
    }
    return boards;
  });
  std::sort(out.begin(), out.end(), [](const BoardSummary& a, const BoardSummary& b) {
    // nullopt (all time) sorts first.
    return std::tuple(a.season_id, static_cast<int>(a.mode)) < std::tuple(b.season_id, static_cast<int>(b.mode));
  });
  return out;
}

SeasonRepository::InsertOutcome SeasonRepository::insert(const NewSeason& season) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      lock_seasons(sql, engine);
      InsertOutcome outcome;
      outcome.open = open_in(sql);
      int taken = 0;
      sql << "SELECT COUNT(*) FROM seasons WHERE name = :name", soci::use(season.name), soci::into(taken);
      if (taken > 0) {
        outcome.status = InsertOutcome::Status::name_taken;
        return outcome;
      }
      if (outcome.open && season.starts_at < outcome.open->starts_at) {
        outcome.status = InsertOutcome::Status::starts_before_open;
        return outcome;
      }

      long long id = 0;
      const long long starts_at = season.starts_at;
      const long long created_at = season.created_at;
      if (outcome.open) {
        // Before the insert: the unique index on open seasons admits one at a time.
        set_end(sql, outcome.open->id, season.starts_at);
        boost::json::object closed{
            {"name", outcome.open->name}, {"endsAt", season.starts_at}, {"replacedBy", season.name}};
        if (!season.reason.empty()) closed["reason"] = season.reason;
        db::audit(sql, season.actor, "season.close", target_of(outcome.open->id), closed);
      }
      sql << "INSERT INTO seasons (name, starts_at, ends_at, created_at) VALUES (:name, :starts_at, NULL, :created_at) "
             "RETURNING id",
          soci::use(season.name), soci::use(starts_at), soci::use(created_at), soci::into(id);
      std::string mode_text;
      soci::statement add_board =
          (sql.prepare << "INSERT INTO leaderboard_boards (season_id, mode) VALUES (:season_id, :mode)", soci::use(id),
           soci::use(mode_text));
      for (const Mode mode : kModes) {
        mode_text = std::string(to_string(mode));
        add_board.execute(true);
      }
      boost::json::object created{{"name", season.name}, {"startsAt", season.starts_at}};
      if (!season.reason.empty()) created["reason"] = season.reason;
      db::audit(sql, season.actor, "season.create", target_of(id), created);

      outcome.season = Season{id, season.name, season.starts_at, std::nullopt};
      return outcome;
    });
  });
}

SeasonRepository::CloseOutcome SeasonRepository::close(std::int64_t id, std::int64_t ends_at, const std::string& actor,
                                                       const std::string& reason) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      lock_seasons(sql, engine);
      CloseOutcome outcome;
      auto season = find_in(sql, id);
      if (!season) {
        outcome.status = CloseOutcome::Status::not_found;
        return outcome;
      }
      if (!season->open()) {
        outcome.status = CloseOutcome::Status::already_closed;
        outcome.season = std::move(*season);
        return outcome;
      }
      const std::int64_t end = std::max(ends_at, season->starts_at);
      set_end(sql, id, end);
      boost::json::object details{{"name", season->name}, {"endsAt", end}};
      if (!reason.empty()) details["reason"] = reason;
      db::audit(sql, actor, "season.close", target_of(id), details);
      season->ends_at = end;
      outcome.season = std::move(*season);
      return outcome;
    });
  });
}

}  // namespace portal::leaderboard
