#include "features/leaderboard/fold_repository.hpp"

#include "core/clock.hpp"
#include "db/transaction.hpp"
#include "features/leaderboard/columns.hpp"

#include <optional>
#include <string>

namespace portal::leaderboard {

namespace {

// The changes of the range being folded.
constexpr const char* kRange = "FROM leaderboard_changes c WHERE c.seq > :folded AND c.seq <= :through";

std::string counter_sums() {
  std::string sums;
  for (const auto column : kCounterColumnNames) sums += ", SUM(c." + std::string(column) + ")";
  return sums;
}

// Adds rows of (board_id, steam_id, counters..., updated_at) from `source` into leaderboard_stats, in
// key order, so that one page write takes every player of that page the range names. A board removed
// by hand (a season deleted in the database) is skipped: its rows could never be written, and would
// stop every later fold.
std::string add_stats_sql(const std::string& source) {
  std::string adds;
  for (const auto column : kCounterColumnNames) {
    const std::string name(column);
    adds += ", " + name + " = leaderboard_stats." + name + " + excluded." + name;
  }
  return std::string("INSERT INTO leaderboard_stats (board_id, steam_id, ") + kCounterColumns + ", updated_at) " +
         source + " ORDER BY 1, 2 ON CONFLICT (board_id, steam_id) DO UPDATE SET updated_at = excluded.updated_at" +
         adds;
}

// What the range adds per (board, player), with the newest change's time.
std::string range_sums_select(const std::string& where_more = "") {
  return "SELECT c.board_id, c.steam_id" + counter_sums() + ", MAX(c.changed_at) " + kRange + where_more +
         " GROUP BY c.board_id, c.steam_id";
}

// Sets the names of (steam_id, nickname, updated_at) rows from `source`. A name that did not change
// is not written again (most batches repeat it): updated_at is when the name last changed.
std::string rename_sql(const std::string& source) {
  return "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) " + source +
         " ORDER BY 1 ON CONFLICT (steam_id) DO UPDATE SET nickname = excluded.nickname, updated_at = "
         "excluded.updated_at WHERE leaderboard_players.nickname <> excluded.nickname";
}

// Players of (steam_id, '', updated_at) rows from `source`: known from now on, with no name.
std::string remember_sql(const std::string& source) {
  return "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) " + source +
         " ORDER BY 1 ON CONFLICT (steam_id) DO NOTHING";
}

// Players the range names without any name.
std::string unnamed_select() {
  return std::string("SELECT c.steam_id, '', MAX(c.changed_at) ") + kRange +
         " GROUP BY c.steam_id HAVING COUNT(c.nickname) = 0";
}

std::size_t run(soci::session& sql, const std::string& text, long long folded, long long through) {
  soci::statement statement = (sql.prepare << text, soci::use(folded), soci::use(through));
  statement.execute(true);
  return static_cast<std::size_t>(statement.get_affected_rows());
}

std::size_t run(soci::session& sql, const std::string& text) {
  soci::statement statement = (sql.prepare << text);
  statement.execute(true);
  return static_cast<std::size_t>(statement.get_affected_rows());
}

long long folded_through(soci::session& sql, bool for_update) {
  long long folded = 0;
  // FOR UPDATE: two folds at once on PostgreSQL would both add the same changes.
  sql << (for_update ? "SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1 FOR UPDATE"
                     : "SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1"),
      soci::into(folded);
  return folded;
}

// The end of the range of the next `limit` changes after `folded`; nothing when there are none. Every
// change up to it is committed (the log's seq order is its commit order, ingest_repository.cpp), and
// none in the range changes: the log is only appended to, and pruned below changes_folded_through.
std::optional<long long> range_end(soci::session& sql, long long folded, std::size_t limit, std::size_t& changes) {
  const long long most = static_cast<long long>(limit);
  long long count = 0;
  long long through = 0;
  soci::indicator none = soci::i_null;
  sql << "SELECT COUNT(*), MAX(seq) FROM (SELECT seq FROM leaderboard_changes WHERE seq > :folded ORDER BY seq "
         "LIMIT :limit) next",
      soci::use(folded), soci::use(most), soci::into(count), soci::into(through, none);
  if (count == 0 || none != soci::i_ok) return std::nullopt;
  changes = static_cast<std::size_t>(count);
  return through;
}

// PostgreSQL: one transaction sums and writes; other writers go on beside it (row locks).
FoldReport fold_in_one_transaction(soci::session& sql, std::size_t limit) {
  const auto started = std::chrono::steady_clock::now();
  auto written = db::write_transaction(sql, db::Engine::postgresql, [&] {
    FoldReport report;
    const long long folded = folded_through(sql, true);
    report.through = folded;
    const auto through = range_end(sql, folded, limit, report.changes);
    if (!through) return report;
    const std::string known = " AND c.board_id IN (SELECT id FROM leaderboard_boards)";
    report.stats_rows = run(sql, add_stats_sql(range_sums_select(known)), folded, *through);
    report.players =
        run(sql,
            rename_sql(std::string("SELECT steam_id, nickname, changed_at FROM (SELECT c.steam_id, c.nickname, "
                                   "c.changed_at, ROW_NUMBER() OVER (PARTITION BY c.steam_id ORDER BY c.seq DESC) AS "
                                   "newest ") +
                       kRange + " AND c.nickname IS NOT NULL) named WHERE newest = 1"),
            folded, *through);
    report.players += run(sql, remember_sql(unnamed_select()), folded, *through);
    sql << "UPDATE leaderboard_meta SET changes_folded_through = :through WHERE id = 1", soci::use(*through);
    report.through = *through;
    return report;
  });
  written.write_held = core::elapsed_since(started);
  return written;
}

// SQLite takes one writer at a time, and every stats batch waits while the fold writes. So the sums
// are made first, outside the write transaction, into this connection's temporary tables (which
// take no lock on the database), and the write transaction only adds them in key order: about a
// fifth of the time the one-statement fold held the lock (bench/RESULTS.md section 6).
FoldReport fold_in_two_steps(soci::session& sql, std::size_t limit) {
  FoldReport report;
  const long long folded = folded_through(sql, false);
  report.through = folded;
  const auto through = range_end(sql, folded, limit, report.changes);
  if (!through) return report;

  // Keyed as the tables they are added into, so the write below reads them in key order without
  // sorting them while it holds the writer's turn (a tenth of that turn, bench/RESULTS.md section 6).
  std::string columns;
  for (const auto column : kCounterColumnNames) columns += ", " + std::string(column) + " INTEGER NOT NULL";
  sql << "CREATE TEMP TABLE IF NOT EXISTS fold_sums (board_id INTEGER NOT NULL, steam_id TEXT NOT NULL" + columns +
             ", updated_at INTEGER NOT NULL, PRIMARY KEY (board_id, steam_id)) WITHOUT ROWID";
  sql << "CREATE TEMP TABLE IF NOT EXISTS fold_names (steam_id TEXT PRIMARY KEY, nickname TEXT, updated_at INTEGER "
         "NOT NULL) WITHOUT ROWID";
  const auto clear = [&] {
    sql << "DELETE FROM temp.fold_sums";
    sql << "DELETE FROM temp.fold_names";
  };
  clear();  // a fold that failed halfway may have left rows
  run(sql, "INSERT INTO temp.fold_sums " + range_sums_select(), folded, *through);
  // SQLite takes the bare columns of the row whose seq is the MAX: the newest name given.
  run(sql,
      std::string("INSERT INTO temp.fold_names SELECT steam_id, nickname, changed_at FROM (SELECT c.steam_id, "
                  "c.nickname, c.changed_at, MAX(c.seq) ") +
          kRange + " AND c.nickname IS NOT NULL GROUP BY c.steam_id)",
      folded, *through);
  run(sql,
      "INSERT INTO temp.fold_names SELECT steam_id, NULL, changed FROM (" +
          std::string("SELECT c.steam_id, MAX(c.changed_at) AS changed ") + kRange +
          " GROUP BY c.steam_id HAVING COUNT(c.nickname) = 0)",
      folded, *through);

  const auto writing = std::chrono::steady_clock::now();
  const bool done = db::write_transaction(sql, db::Engine::sqlite, [&] {
    // Another instance may have folded the range meanwhile (the job is elected, but an election can
    // change hands): then these sums are not added.
    if (folded_through(sql, false) != folded) return false;
    report.stats_rows = run(sql, add_stats_sql("SELECT * FROM temp.fold_sums WHERE board_id IN (SELECT id FROM "
                                               "leaderboard_boards)"));
    report.players = run(sql, rename_sql("SELECT * FROM temp.fold_names WHERE nickname IS NOT NULL"));
    report.players +=
        run(sql, remember_sql("SELECT steam_id, '', updated_at FROM temp.fold_names WHERE nickname IS NULL"));
    sql << "UPDATE leaderboard_meta SET changes_folded_through = :through WHERE id = 1", soci::use(*through);
    return true;
  });
  report.write_held = core::elapsed_since(writing);
  clear();
  if (!done) {
    FoldReport none;
    none.through = folded_through(sql, false);
    return none;
  }
  report.through = *through;
  return report;
}

}  // namespace

FoldReport FoldRepository::fold(std::size_t limit) {
  return database_.with_session([&](soci::session& sql) {
    return database_.engine() == db::Engine::postgresql ? fold_in_one_transaction(sql, limit)
                                                        : fold_in_two_steps(sql, limit);
  });
}

}  // namespace portal::leaderboard
