#include "features/leaderboard/board_repository.hpp"

#include "db/row.hpp"
#include "db/statement_cache.hpp"
#include "features/leaderboard/columns.hpp"

#include <array>
#include <stdexcept>

namespace portal::leaderboard {

namespace {

// Columns 0..3: steam_id, nickname, username, avatar; then the counters.
std::string player_columns() {
  std::string columns = "r.steam_id, COALESCE(p.nickname, ''), COALESCE(u.username, ''), COALESCE(u.avatar, '')";
  std::string_view names = kCounterColumns;
  while (!names.empty()) {
    const auto comma = names.find(',');
    columns += std::string(", r.") + std::string(names.substr(0, comma));
    names = comma == std::string_view::npos ? std::string_view{} : names.substr(comma + 2);
  }
  return columns;
}

constexpr const char* kNames =
    " LEFT JOIN leaderboard_players p ON p.steam_id = r.steam_id LEFT JOIN users u ON u.steam_id = r.steam_id";

// Reads the columns of player_columns() starting at `first`.
RankedPlayer read_player(const soci::row& row, std::size_t first) {
  RankedPlayer out;
  out.steam_id = db::row_string(row, first);
  out.nickname = db::row_string(row, first + 1);
  if (out.nickname.empty()) out.nickname = db::row_string(row, first + 2);
  out.avatar = db::row_string(row, first + 3);
  auto& c = out.counters;
  std::int64_t* fields[] = {&c.kills,       &c.deaths,    &c.headshots,    &c.playtime, &c.wins,      &c.loses,
                            &c.rifle_kills, &c.awp_kills, &c.pistol_kills, &c.clutches, &c.clutchwins};
  std::size_t column = first + 4;
  for (auto* field : fields) *field = db::row_int64(row, column++);
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
  std::string sql = "SELECT " + player_columns() + " FROM leaderboard_stats r" + kNames +
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
      : statement((sql.prepare << "SELECT b.id, b.mode, " + player_columns() +
                                      " FROM leaderboard_boards b JOIN leaderboard_stats r ON r.board_id = b.id AND "
                                      "r.steam_id = :steam_id" +
                                      kNames + " WHERE COALESCE(b.season_id, 0) = :season",
                   soci::use(steam_id), soci::use(season), soci::into(row))) {}
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

std::unordered_map<std::string, RankedPlayer> BoardRepository::records(
    std::int64_t board_id, const std::vector<std::string>& steam_ids) const {
  if (steam_ids.size() > kMaxRecords) throw std::invalid_argument("at most 50 records at once");
  std::unordered_map<std::string, RankedPlayer> out;
  if (steam_ids.empty()) return out;
  return database_.with_session([&](soci::session& sql) {
    auto query = database_.statements().take<RecordsQuery>(sql);
    query->board = board_id;
    for (std::size_t i = 0; i < kMaxRecords; ++i) query->ids[i] = i < steam_ids.size() ? steam_ids[i] : std::string();
    query->statement.execute();
    while (query->statement.fetch()) {
      auto player = read_player(query->row, 0);
      auto steam_id = player.steam_id;
      out.emplace(std::move(steam_id), std::move(player));
    }
    return out;
  });
}

std::vector<BoardRecord> BoardRepository::player(std::int64_t season, const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<BoardRecord> out;
    auto query = database_.statements().take<PlayerQuery>(sql);
    query->steam_id = steam_id;
    query->season = season;
    query->statement.execute();
    while (query->statement.fetch()) {
      BoardRecord record{db::row_int64(query->row, 0), read_player(query->row, 2)};
      record.player.mode = mode_from_string(db::row_string(query->row, 1)).value_or(Mode::dm);
      out.push_back(std::move(record));
    }
    return out;
  });
}

}  // namespace portal::leaderboard
