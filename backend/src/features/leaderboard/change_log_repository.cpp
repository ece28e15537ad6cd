#include "features/leaderboard/change_log_repository.hpp"

#include "db/row.hpp"
#include "db/transaction.hpp"
#include "features/leaderboard/change_rows.hpp"

namespace portal::leaderboard {

namespace {

LogPosition read_position(soci::session& sql) {
  long long epoch = 0;
  long long pruned = 0;
  long long folded = 0;
  sql << "SELECT index_epoch, changes_pruned_through, changes_folded_through FROM leaderboard_meta WHERE id = 1",
      soci::into(epoch), soci::into(pruned), soci::into(folded);
  return LogPosition{epoch, pruned, folded, 0};
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

LoadedBoards ChangeLogRepository::load_all(const std::function<void(BoardTotals&&)>& each,
                                           const std::function<void(LoggedChange&&)>& unfolded) const {
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
      const long long folded = position.folded_through;
      detail::ChangeRows rows(detail::kFetchChunk);
      detail::fetch_changes((sql.prepare << detail::changes_sql("seq > :folded"), soci::use(folded)), rows, unfolded);
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
    out.reserve(limit);
    detail::ChangeRows rows(std::min(limit, detail::kFetchChunk));
    detail::fetch_changes(
        (sql.prepare << detail::changes_sql("seq > :after") + " LIMIT :limit", soci::use(from), soci::use(most)), rows,
        [&](LoggedChange&& change) { out.push_back(std::move(change)); });
    return out;
  });
}

std::int64_t ChangeLogRepository::prune(std::int64_t before) {
  return database_.with_session([&](soci::session& sql) {
    const long long cutoff = before;
    return db::write_transaction(sql, database_.engine(), [&]() -> std::int64_t {
      long long highest = 0;
      soci::indicator none = soci::i_null;
      // Changes not folded yet are the only record of what their batches added.
      sql << "SELECT MAX(c.seq) FROM leaderboard_changes c, leaderboard_meta m WHERE m.id = 1 AND c.changed_at < "
             ":before AND c.seq <= m.changes_folded_through",
          soci::use(cutoff), soci::into(highest, none);
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
