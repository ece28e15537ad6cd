#include "features/leaderboard/board_repository.hpp"

#include "db/row.hpp"
#include "db/statement_cache.hpp"
#include "features/leaderboard/columns.hpp"

#include <algorithm>

namespace portal::leaderboard {

namespace {

// Columns 0..4: steam_id, nickname, username, avatar, group_bits; then the counters.
std::string player_columns(const char* stats_alias) {
  std::string columns = "r.steam_id, COALESCE(p.nickname, ''), COALESCE(u.username, ''), COALESCE(u.avatar, ''), ";
  columns += stats_alias;
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
constexpr const char* kBoardByKey = "COALESCE(b.season_id, 0) = :season AND b.mode = :mode";

// Reads the columns of player_columns() starting at `first`.
RankedPlayer read_player(const soci::row& row, std::size_t first) {
  RankedPlayer out;
  out.steam_id = db::row_string(row, first);
  out.nickname = db::row_string(row, first + 1);
  if (out.nickname.empty()) out.nickname = db::row_string(row, first + 2);
  out.avatar = db::row_string(row, first + 3);
  out.group_bits = db::row_int(row, first + 4);
  auto& c = out.counters;
  std::int64_t* fields[] = {&c.kills,       &c.deaths,    &c.headshots,    &c.playtime, &c.wins,      &c.loses,
                            &c.rifle_kills, &c.awp_kills, &c.pistol_kills, &c.clutches, &c.clutchwins};
  std::size_t column = first + 5;
  for (auto* field : fields) *field = db::row_int64(row, column++);
  return out;
}

// Each query below is compiled once per connection and run again (db/statement_cache.hpp).
struct BoardQuery {
  long long season = 0;
  std::string mode;
  long long id = 0, ranked = 0, ranked_at = 0;
  soci::statement statement;
  explicit BoardQuery(soci::session& sql)
      : statement((sql.prepare << std::string("SELECT b.id, b.ranked, b.ranked_at FROM leaderboard_boards b WHERE ") +
                                      kBoardByKey,
                   soci::use(season), soci::use(mode), soci::into(id), soci::into(ranked), soci::into(ranked_at))) {}
};

struct RankPageQuery {
  long long season = 0;
  std::string mode;
  long long from = 0, to = 0;
  soci::row row;
  soci::statement statement;
  explicit RankPageQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT r.rank, " + player_columns("r.group_bits") +
                                      " FROM leaderboard_boards b JOIN leaderboard_ranks r ON r.board_id = b.id AND "
                                      "r.generation = b.generation" +
                                      kNames + " WHERE " + kBoardByKey +
                                      " AND r.rank BETWEEN :first AND :last ORDER BY r.rank",
                   soci::use(season), soci::use(mode), soci::use(from), soci::use(to), soci::into(row))) {}
};

struct GroupPageQuery {
  long long season = 0;
  std::string mode;
  long long set = 0, from = 0, to = 0;
  soci::row row;
  soci::statement statement;
  explicit GroupPageQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT g.position, r.rank, " + player_columns("r.group_bits") +
                                      " FROM leaderboard_boards b JOIN leaderboard_group_ranks g ON g.board_id = b.id "
                                      "AND g.generation = b.generation JOIN leaderboard_ranks r ON r.board_id = b.id "
                                      "AND r.generation = b.generation AND r.rank = g.rank" +
                                      kNames + " WHERE " + kBoardByKey +
                                      " AND g.group_set = :group_set AND g.position BETWEEN :first AND :last ORDER BY "
                                      "g.position",
                   soci::use(season), soci::use(mode), soci::use(set), soci::use(from), soci::use(to),
                   soci::into(row))) {}
};

struct GroupSizeQuery {
  long long season = 0;
  std::string mode;
  long long set = 0, last = 0;
  soci::statement statement;
  explicit GroupSizeQuery(soci::session& sql)
      : statement(
            (sql.prepare << std::string("SELECT g.position FROM leaderboard_boards b JOIN leaderboard_group_ranks "
                                        "g ON g.board_id = b.id AND g.generation = b.generation WHERE ") +
                                kBoardByKey + " AND g.group_set = :group_set ORDER BY g.position DESC LIMIT 1",
             soci::use(season), soci::use(mode), soci::use(set), soci::into(last))) {}
};

struct PlayerRanksQuery {
  std::string steam_id;
  long long season = 0;
  soci::row row;
  soci::statement statement;
  explicit PlayerRanksQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT b.mode, r.rank, " + player_columns("r.group_bits") +
                                      " FROM leaderboard_boards b JOIN leaderboard_ranks r ON r.board_id = b.id AND "
                                      "r.generation = b.generation AND r.steam_id = :steam_id" +
                                      kNames + " WHERE COALESCE(b.season_id, 0) = :season",
                   soci::use(steam_id), soci::use(season), soci::into(row))) {}
};

// Stats that arrived after the last ranking: shown without a rank until the next one.
struct PlayerLiveQuery {
  std::string steam_id;
  long long season = 0;
  soci::row row;
  soci::statement statement;
  explicit PlayerLiveQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT b.mode, " + player_columns("0") +
                                      " FROM leaderboard_boards b JOIN leaderboard_stats r ON r.board_id = b.id AND "
                                      "r.steam_id = :steam_id" +
                                      kNames + " WHERE COALESCE(b.season_id, 0) = :season",
                   soci::use(steam_id), soci::use(season), soci::into(row))) {}
};

}  // namespace

std::optional<BoardInfo> BoardRepository::board(const BoardKey& key) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<BoardInfo> {
    auto query = database_.statements().take<BoardQuery>(sql);
    query->season = key.season;
    query->mode = to_string(key.mode);
    if (!query->statement.execute(true)) return std::nullopt;
    return BoardInfo{query->id, query->ranked, query->ranked_at};
  });
}

std::vector<RankedPlayer> BoardRepository::by_rank(const BoardKey& key, std::int64_t first, std::int64_t last) const {
  return database_.with_session([&](soci::session& sql) {
    auto query = database_.statements().take<RankPageQuery>(sql);
    query->season = key.season;
    query->mode = to_string(key.mode);
    query->from = first;
    query->to = last;
    std::vector<RankedPlayer> out;
    query->statement.execute();
    while (query->statement.fetch()) {
      auto player = read_player(query->row, 1);
      player.rank = db::row_int64(query->row, 0);
      player.position = *player.rank;
      player.mode = key.mode;
      out.push_back(std::move(player));
    }
    return out;
  });
}

std::vector<RankedPlayer> BoardRepository::by_group_position(const BoardKey& key, int group_set, std::int64_t first,
                                                             std::int64_t last) const {
  return database_.with_session([&](soci::session& sql) {
    auto query = database_.statements().take<GroupPageQuery>(sql);
    query->season = key.season;
    query->mode = to_string(key.mode);
    query->set = group_set;
    query->from = first;
    query->to = last;
    std::vector<RankedPlayer> out;
    query->statement.execute();
    while (query->statement.fetch()) {
      auto player = read_player(query->row, 2);
      player.position = db::row_int64(query->row, 0);
      player.rank = db::row_int64(query->row, 1);
      player.mode = key.mode;
      out.push_back(std::move(player));
    }
    return out;
  });
}

std::int64_t BoardRepository::group_size(const BoardKey& key, int group_set) const {
  return database_.with_session([&](soci::session& sql) -> std::int64_t {
    auto query = database_.statements().take<GroupSizeQuery>(sql);
    query->season = key.season;
    query->mode = to_string(key.mode);
    query->set = group_set;
    return query->statement.execute(true) ? query->last : 0;
  });
}

std::vector<RankedPlayer> BoardRepository::player(std::int64_t season, const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<RankedPlayer> out;
    {
      auto ranked = database_.statements().take<PlayerRanksQuery>(sql);
      ranked->steam_id = steam_id;
      ranked->season = season;
      ranked->statement.execute();
      while (ranked->statement.fetch()) {
        auto player = read_player(ranked->row, 2);
        player.mode = mode_from_string(db::row_string(ranked->row, 0)).value_or(Mode::dm);
        player.rank = db::row_int64(ranked->row, 1);
        player.position = *player.rank;
        out.push_back(std::move(player));
      }
    }
    auto live = database_.statements().take<PlayerLiveQuery>(sql);
    live->steam_id = steam_id;
    live->season = season;
    live->statement.execute();
    while (live->statement.fetch()) {
      const auto mode = mode_from_string(db::row_string(live->row, 0)).value_or(Mode::dm);
      if (std::any_of(out.begin(), out.end(), [&](const RankedPlayer& p) { return p.mode == mode; })) continue;
      auto player = read_player(live->row, 1);
      player.mode = mode;
      out.push_back(std::move(player));
    }
    std::sort(out.begin(), out.end(), [](const RankedPlayer& a, const RankedPlayer& b) { return a.mode < b.mode; });
    return out;
  });
}

}  // namespace portal::leaderboard
