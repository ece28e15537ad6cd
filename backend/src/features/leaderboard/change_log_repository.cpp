#include "features/leaderboard/change_log_repository.hpp"

#include "db/row.hpp"
#include "db/transaction.hpp"

namespace portal::leaderboard {

namespace {

LogPosition read_position(soci::session& sql) {
  long long epoch = 0;
  long long pruned = 0;
  sql << "SELECT index_epoch, changes_pruned_through FROM leaderboard_meta WHERE id = 1", soci::into(epoch),
      soci::into(pruned);
  return LogPosition{epoch, pruned, 0};
}

// A read transaction: one snapshot for every statement in it (WAL on SQLite, REPEATABLE READ on
// PostgreSQL), so the position and the totals agree.
template <typename Fn>
auto in_snapshot(soci::session& sql, db::Engine engine, Fn&& fn) {
  sql << (engine == db::Engine::postgresql ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
  try {
    auto result = fn();
    sql << "COMMIT";
    return result;
  } catch (...) {
    db::rollback_quietly(sql, engine);
    throw;
  }
}

}  // namespace

LoadedBoards ChangeLogRepository::load_all(const std::function<void(BoardTotals&&)>& each) const {
  return database_.with_session([&](soci::session& sql) {
    return in_snapshot(sql, database_.engine(), [&] {
      LoadedBoards loaded;
      auto& position = loaded.position;
      position = read_position(sql);
      long long highest = 0;
      soci::indicator none = soci::i_null;
      sql << "SELECT MAX(seq) FROM leaderboard_changes", soci::into(highest, none);
      position.seq = none == soci::i_ok ? highest : position.pruned_through;
      soci::rowset<soci::row> board_rows = sql.prepare << "SELECT id, changed_at FROM leaderboard_boards";
      for (const auto& row : board_rows) loaded.changed_at[db::row_int64(row, 0)] = db::row_int64(row, 1);
      // Fetched in chunks of bound vectors: a million rows as soci::row objects would cost seconds.
      constexpr std::size_t kChunk = 10000;
      std::vector<long long> boards(kChunk);
      std::vector<std::string> ids(kChunk);
      std::vector<long long> kills(kChunk);
      std::vector<long long> deaths(kChunk);
      soci::statement select = (sql.prepare << "SELECT board_id, steam_id, kills, deaths FROM leaderboard_stats",
                                soci::into(boards), soci::into(ids), soci::into(kills), soci::into(deaths));
      select.execute();
      while (select.fetch()) {
        for (std::size_t i = 0; i < ids.size(); ++i)
          each(BoardTotals{boards[i], std::move(ids[i]), kills[i], deaths[i]});
        boards.resize(kChunk);
        ids.resize(kChunk);
        kills.resize(kChunk);
        deaths.resize(kChunk);
      }
      return loaded;
    });
  });
}

LogPosition ChangeLogRepository::position() const {
  return database_.with_session([&](soci::session& sql) { return read_position(sql); });
}

std::vector<LoggedChange> ChangeLogRepository::changes_after(std::int64_t after, std::size_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    const long long from = after;
    const long long most = static_cast<long long>(limit);
    std::vector<LoggedChange> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT c.seq, c.changed_at, c.board_id, c.steam_id, COALESCE(s.kills, 0), "
                        "COALESCE(s.deaths, 0) "
                        "FROM leaderboard_changes c LEFT JOIN leaderboard_stats s ON s.board_id = c.board_id AND "
                        "s.steam_id = c.steam_id WHERE c.seq > :after ORDER BY c.seq LIMIT :limit",
         soci::use(from), soci::use(most));
    for (const auto& row : rows) {
      out.push_back(LoggedChange{
          db::row_int64(row, 0), db::row_int64(row, 1),
          BoardTotals{db::row_int64(row, 2), db::row_string(row, 3), db::row_int64(row, 4), db::row_int64(row, 5)}});
    }
    return out;
  });
}

std::int64_t ChangeLogRepository::prune(std::int64_t before) {
  return database_.with_session([&](soci::session& sql) {
    const long long cutoff = before;
    return db::write_transaction(sql, database_.engine(), [&]() -> std::int64_t {
      long long highest = 0;
      soci::indicator none = soci::i_null;
      sql << "SELECT MAX(seq) FROM leaderboard_changes WHERE changed_at < :before", soci::use(cutoff),
          soci::into(highest, none);
      if (none != soci::i_ok) return 0;
      soci::statement remove =
          (sql.prepare << "DELETE FROM leaderboard_changes WHERE seq <= :highest", soci::use(highest));
      remove.execute(true);
      sql << "UPDATE leaderboard_meta SET changes_pruned_through = :highest WHERE id = 1 AND "
             "changes_pruned_through < :again",
          soci::use(highest), soci::use(highest);
      return static_cast<std::int64_t>(remove.get_affected_rows());
    });
  });
}

void ChangeLogRepository::raise_epoch(soci::session& sql) {
  sql << "UPDATE leaderboard_meta SET index_epoch = index_epoch + 1 WHERE id = 1";
}

}  // namespace portal::leaderboard
