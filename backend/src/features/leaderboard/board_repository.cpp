#include "features/leaderboard/board_repository.hpp"

#include "db/row.hpp"
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

}  // namespace

std::optional<BoardInfo> BoardRepository::board(const BoardKey& key) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<BoardInfo> {
    const long long season = key.season;
    const std::string mode(to_string(key.mode));
    long long id = 0;
    long long ranked = 0;
    long long ranked_at = 0;
    sql << "SELECT b.id, b.ranked, b.ranked_at FROM leaderboard_boards b WHERE " << kBoardByKey, soci::use(season),
        soci::use(mode), soci::into(id), soci::into(ranked), soci::into(ranked_at);
    if (!sql.got_data()) return std::nullopt;
    return BoardInfo{id, ranked, ranked_at};
  });
}

std::vector<RankedPlayer> BoardRepository::by_rank(const BoardKey& key, std::int64_t first, std::int64_t last) const {
  return database_.with_session([&](soci::session& sql) {
    const long long season = key.season;
    const std::string mode(to_string(key.mode));
    const long long from = first;
    const long long to = last;
    std::vector<RankedPlayer> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT r.rank, " << player_columns("r.group_bits")
                     << " FROM leaderboard_boards b JOIN leaderboard_ranks r ON r.board_id = b.id AND r.generation = "
                        "b.generation"
                     << kNames << " WHERE " << kBoardByKey << " AND r.rank BETWEEN :first AND :last ORDER BY r.rank",
         soci::use(season), soci::use(mode), soci::use(from), soci::use(to));
    for (const auto& row : rows) {
      auto player = read_player(row, 1);
      player.rank = db::row_int64(row, 0);
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
    const long long season = key.season;
    const std::string mode(to_string(key.mode));
    const long long set = group_set;
    const long long from = first;
    const long long to = last;
    std::vector<RankedPlayer> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT g.position, r.rank, " << player_columns("r.group_bits")
                     << " FROM leaderboard_boards b JOIN leaderboard_group_ranks g ON g.board_id = b.id AND "
                        "g.generation = b.generation JOIN leaderboard_ranks r ON r.board_id = b.id AND r.generation = "
                        "b.generation AND r.rank = g.rank"
                     << kNames << " WHERE " << kBoardByKey
                     << " AND g.group_set = :group_set AND g.position BETWEEN :first AND :last ORDER BY g.position",
         soci::use(season), soci::use(mode), soci::use(set), soci::use(from), soci::use(to));
    for (const auto& row : rows) {
      auto player = read_player(row, 2);
      player.position = db::row_int64(row, 0);
      player.rank = db::row_int64(row, 1);
      player.mode = key.mode;
      out.push_back(std::move(player));
    }
    return out;
  });
}

std::int64_t BoardRepository::group_size(const BoardKey& key, int group_set) const {
  return database_.with_session([&](soci::session& sql) -> std::int64_t {
    const long long season = key.season;
    const std::string mode(to_string(key.mode));
    const long long set = group_set;
    long long last = 0;
    sql << "SELECT g.position FROM leaderboard_boards b JOIN leaderboard_group_ranks g ON g.board_id = b.id AND "
           "g.generation = b.generation WHERE "
        << kBoardByKey << " AND g.group_set = :group_set ORDER BY g.position DESC LIMIT 1",
        soci::use(season), soci::use(mode), soci::use(set), soci::into(last);
    return sql.got_data() ? last : 0;
  });
}

std::vector<RankedPlayer> BoardRepository::player(std::int64_t season, const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    const long long season_key = season;
    std::vector<RankedPlayer> out;
    soci::rowset<soci::row> ranked =
        (sql.prepare << "SELECT b.mode, r.rank, " << player_columns("r.group_bits")
                     << " FROM leaderboard_boards b JOIN leaderboard_ranks r ON r.board_id = b.id AND r.generation = "
                        "b.generation AND r.steam_id = :steam_id"
                     << kNames << " WHERE COALESCE(b.season_id, 0) = :season",
         soci::use(steam_id), soci::use(season_key));
    for (const auto& row : ranked) {
      auto player = read_player(row, 2);
      player.mode = mode_from_string(db::row_string(row, 0)).value_or(Mode::dm);
      player.rank = db::row_int64(row, 1);
      player.position = *player.rank;
      out.push_back(std::move(player));
    }
    // Stats that arrived after the last ranking: shown without a rank until the next one.
    soci::rowset<soci::row> live =
        (sql.prepare << "SELECT b.mode, " << player_columns("0")
                     << " FROM leaderboard_boards b JOIN leaderboard_stats r ON r.board_id = b.id AND r.steam_id = "
                        ":steam_id"
                     << kNames << " WHERE COALESCE(b.season_id, 0) = :season",
         soci::use(steam_id), soci::use(season_key));
    for (const auto& row : live) {
      const auto mode = mode_from_string(db::row_string(row, 0)).value_or(Mode::dm);
      if (std::any_of(out.begin(), out.end(), [&](const RankedPlayer& p) { return p.mode == mode; })) continue;
      auto player = read_player(row, 1);
      player.mode = mode;
      out.push_back(std::move(player));
    }
    std::sort(out.begin(), out.end(), [](const RankedPlayer& a, const RankedPlayer& b) { return a.mode < b.mode; });
    return out;
  });
}

}  // namespace portal::leaderboard
