#include "features/leaderboard/board_repository.hpp"

#include "db/row.hpp"
#include "db/statement_cache.hpp"
#include "features/leaderboard/columns.hpp"

#include <array>
#include <stdexcept>

namespace portal::leaderboard {

namespace {

constexpr const char* kFoldedThrough = "(SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1)";

// Columns 0..3: steam_id, nickname, username, avatar; then the counters (0 where r has no row).
std::string player_columns(const std::string& steam_id) {
  std::string columns = steam_id + ", COALESCE(p.nickname, ''), COALESCE(u.username, ''), COALESCE(u.avatar, '')";
  for (const auto name : kCounterColumnNames) columns += ", COALESCE(r." + std::string(name) + ", 0)";
  return columns;
}

// The names of the player `player_id` and `user_id` (the same SteamID64, twice: each placeholder is bound once).
std::string names_joined_on(const std::string& player_id, const std::string& user_id) {
  return " LEFT JOIN leaderboard_players p ON p.steam_id = " + player_id +
         " LEFT JOIN users u ON u.steam_id = " + user_id;
}

// Reads the columns of player_columns() starting at `first`.
RankedPlayer read_player(const soci::row& row, std::size_t first) {
  RankedPlayer out;
  out.steam_id = db::row_string(row, first);
  out.nickname = db::row_string(row, first + 1);
  if (out.nickname.empty()) out.nickname = db::row_string(row, first + 2);
  out.avatar = db::row_string(row, first + 3);
  std::size_t column = first + 4;
  for (auto* field : counter_fields(out.counters)) *field = db::row_int64(row, column++);
  return out;
}

// Each query below is compiled once per connection and run again (db/statement_cache.hpp).
struct BoardQuery {
  long long season = 0;
  std::string mode;
  long long id = 0;
  soci::statement statement;
  explicit BoardQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT b.id FROM leaderboard_boards b WHERE COALESCE(b.season_id, 0) = :season "
                                  "AND b.mode = :mode",
                   soci::use(season), soci::use(mode), soci::into(id))) {}
};

std::string records_sql() {
  std::string sql = std::string("SELECT ") + kFoldedThrough + ", " + player_columns("r.steam_id") +
                    " FROM leaderboard_stats r" + names_joined_on("r.steam_id", "r.steam_id") +
                    " WHERE r.board_id = :board AND r.steam_id IN (";
  for (std::size_t i = 0; i < BoardRepository::kMaxRecords; ++i) sql += (i == 0 ? ":s" : ", :s") + std::to_string(i);
  return sql + ")";
}

using RecordIds = std::array<std::string, BoardRepository::kMaxRecords>;

soci::statement prepare_records(soci::session& sql, long long& board, RecordIds& ids, soci::row& row) {
  soci::details::prepare_temp_type query = (sql.prepare << records_sql(), soci::use(board));
  for (auto& id : ids) query, soci::use(id);
  query, soci::into(row);
  return soci::statement(query);
}

// A page's players by primary key; unused places hold '' (no SteamID is empty).
struct RecordsQuery {
  long long board = 0;
  RecordIds ids;
  soci::row row;
  soci::statement statement;
  explicit RecordsQuery(soci::session& sql) : statement(prepare_records(sql, board, ids, row)) {}
};

struct PlayerQuery {
  std::string steam_id;
  long long season = 0;
  soci::row row;
  soci::statement statement;
  explicit PlayerQuery(soci::session& sql)
      : statement(
            (sql.prepare << std::string("SELECT b.id, b.mode, ") + kFoldedThrough +
                                ", CASE WHEN r.steam_id IS NULL THEN 0 ELSE 1 END, " +
                                player_columns("COALESCE(r.steam_id, '')") +
                                " FROM leaderboard_boards b LEFT JOIN leaderboard_stats r ON r.board_id = b.id "
                                "AND r.steam_id = :steam_id" +
                                names_joined_on(":player_id", ":user_id") + " WHERE COALESCE(b.season_id, 0) = :season",
             soci::use(steam_id), soci::use(steam_id), soci::use(steam_id), soci::use(season), soci::into(row))) {}
};

}  // namespace

std::optional<std::int64_t> BoardRepository::board_id(const BoardKey& key) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<std::int64_t> {
    auto query = database_.statements().take<BoardQuery>(sql);
    query->season = key.season;
    query->mode = to_string(key.mode);
    if (!query->statement.execute(true)) return std::nullopt;
    return query->id;
  });
}

Records BoardRepository::records(std::int64_t board_id, const std::vector<std::string>& steam_ids) const {
  if (steam_ids.size() > kMaxRecords) throw std::invalid_argument("at most 50 records at once");
  Records out;
  if (steam_ids.empty()) return out;
  return database_.with_session([&](soci::session& sql) {
    auto query = database_.statements().take<RecordsQuery>(sql);
    query->board = board_id;
    for (std::size_t i = 0; i < kMaxRecords; ++i) query->ids[i] = i < steam_ids.size() ? steam_ids[i] : std::string();
    query->statement.execute();
    while (query->statement.fetch()) {
      out.folded_through = db::row_int64(query->row, 0);
      auto player = read_player(query->row, 1);
      auto steam_id = player.steam_id;
      out.players.emplace(std::move(steam_id), std::move(player));
    }
    return out;
  });
}

PlayerRecords BoardRepository::player(std::int64_t season, const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    PlayerRecords out;
    auto query = database_.statements().take<PlayerQuery>(sql);
    query->steam_id = steam_id;
    query->season = season;
    query->statement.execute();
    while (query->statement.fetch()) {
      out.folded_through = db::row_int64(query->row, 2);
      BoardRecord record{db::row_int64(query->row, 0), db::row_int64(query->row, 3) != 0, read_player(query->row, 4)};
      record.player.mode = mode_from_string(db::row_string(query->row, 1)).value_or(Mode::dm);
      out.boards.push_back(std::move(record));
    }
    return out;
  });
}

}  // namespace portal::leaderboard
