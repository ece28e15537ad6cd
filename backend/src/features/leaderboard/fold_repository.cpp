#include "features/leaderboard/fold_repository.hpp"

#include "db/transaction.hpp"
#include "features/leaderboard/change_rows.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace portal::leaderboard {

namespace {

std::string upsert_stats_sql() {
  std::string sql = std::string("INSERT INTO leaderboard_stats (board_id, steam_id, ") + kCounterColumns +
                    ", updated_at) VALUES (:board, :steam_id, :c0, :c1, :c2, :c3, :c4, :c5, :c6, :c7, :c8, :c9, "
                    ":c10, :now) ON CONFLICT (board_id, steam_id) DO UPDATE SET updated_at = excluded.updated_at";
  for (const auto column : kCounterColumnNames) {
    const std::string name(column);
    sql += ", " + name + " = leaderboard_stats." + name + " + excluded." + name;
  }
  return sql;
}

struct StatsSum {
  Counters added;
  std::int64_t changed_at = 0;
};

struct PlayerName {
  std::optional<std::string> nickname;  // the newest name a change gave
  std::int64_t changed_at = 0;
};

// Sums are keyed as the tables' primary keys, so writing them in map order walks each B-tree once.
using StatsSums = std::map<std::pair<std::int64_t, std::string>, StatsSum>;
using PlayerNames = std::map<std::string, PlayerName>;

void write_stats(soci::session& sql, const StatsSums& sums) {
  long long board = 0;
  std::string steam_id;
  long long at = 0;
  std::array<long long, kCounterCount> c{};
  soci::statement add = (sql.prepare << upsert_stats_sql(), soci::use(board), soci::use(steam_id), soci::use(c[0]),
                         soci::use(c[1]), soci::use(c[2]), soci::use(c[3]), soci::use(c[4]), soci::use(c[5]),
                         soci::use(c[6]), soci::use(c[7]), soci::use(c[8]), soci::use(c[9]), soci::use(c[10]),
                         soci::use(at));
  for (const auto& [key, sum] : sums) {
    board = key.first;
    steam_id = key.second;
    at = sum.changed_at;
    auto added = sum.added;
    const auto fields = counter_fields(added);
    for (std::size_t i = 0; i < fields.size(); ++i) c[i] = *fields[i];
    add.execute(true);
  }
}

void write_names(soci::session& sql, const PlayerNames& names) {
  std::string steam_id;
  std::string nickname;
  long long at = 0;
  soci::statement rename =
      (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) VALUES (:steam_id, "
                      ":nickname, :now) ON CONFLICT (steam_id) DO UPDATE SET nickname = excluded.nickname, "
                      "updated_at = excluded.updated_at",
       soci::use(steam_id), soci::use(nickname), soci::use(at));
  soci::statement remember =
      (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) VALUES (:steam_id, '', "
                      ":now) ON CONFLICT (steam_id) DO NOTHING",
       soci::use(steam_id), soci::use(at));
  for (const auto& [id, name] : names) {
    steam_id = id;
    at = name.changed_at;
    if (name.nickname) {
      nickname = *name.nickname;
      rename.execute(true);
    } else {
      remember.execute(true);
    }
  }
}

// Drops the sums of boards that no longer exist (a season removed by hand): their rows could never be
// written, and would stop every later fold.
void drop_removed_boards(soci::session& sql, StatsSums& sums) {
  std::set<long long> existing;
  soci::rowset<long long> ids = sql.prepare << "SELECT id FROM leaderboard_boards";
  for (const auto id : ids) existing.insert(id);
  std::map<std::int64_t, std::size_t> dropped;
  std::erase_if(sums, [&](const auto& entry) {
    if (existing.contains(entry.first.first)) return false;
    ++dropped[entry.first.first];
    return true;
  });
  for (const auto& [board, players] : dropped) {
    spdlog::warn("leaderboard fold: board {} no longer exists; the changes of {} players on it are dropped", board,
                 players);
  }
}

}  // namespace

FoldReport FoldRepository::fold(std::size_t limit) {
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, database_.engine(), [&] {
      FoldReport report;
      long long folded = 0;
      // FOR UPDATE: two folds at once on PostgreSQL would both add the same changes.
      sql << (database_.engine() == db::Engine::postgresql
                  ? "SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1 FOR UPDATE"
                  : "SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1"),
          soci::into(folded);
      report.through = folded;
      const long long most = static_cast<long long>(limit);
      StatsSums sums;
      PlayerNames names;
      detail::ChangeRows rows(std::min(limit, detail::kFetchChunk));
      detail::fetch_changes(
          (sql.prepare << detail::changes_sql("seq > :folded") + " LIMIT :limit", soci::use(folded), soci::use(most)),
          rows, [&](LoggedChange&& change) {
            auto& sum = sums[{change.board_id, change.steam_id}];
            sum.added += change.added;
            sum.changed_at = std::max(sum.changed_at, change.changed_at);
            auto& name = names[change.steam_id];
            if (change.nickname) name.nickname = std::move(change.nickname);  // seq order: the newest wins
            name.changed_at = std::max(name.changed_at, change.changed_at);
            report.through = change.seq;
            ++report.changes;
          });
      if (report.changes == 0) return report;
      drop_removed_boards(sql, sums);
      write_stats(sql, sums);
      write_names(sql, names);
      const long long through = report.through;
      sql << "UPDATE leaderboard_meta SET changes_folded_through = :through WHERE id = 1", soci::use(through);
      report.stats_rows = sums.size();
      report.players = names.size();
      return report;
    });
  });
}

}  // namespace portal::leaderboard
