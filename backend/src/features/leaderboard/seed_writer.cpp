#include "features/leaderboard/seed_writer.hpp"

#include <stdexcept>
#include <string_view>
#include <utility>

namespace portal::leaderboard {

namespace {

const std::string kStatsConflict =
    " ON CONFLICT (board_id, steam_id) DO UPDATE SET kills = leaderboard_stats.kills + excluded.kills, "
    "deaths = leaderboard_stats.deaths + excluded.deaths, headshots = leaderboard_stats.headshots + "
    "excluded.headshots, "
    "playtime = leaderboard_stats.playtime + excluded.playtime, wins = leaderboard_stats.wins + excluded.wins, "
    "loses = leaderboard_stats.loses + excluded.loses, "
    "rifle_kills = leaderboard_stats.rifle_kills + excluded.rifle_kills, "
    "awp_kills = leaderboard_stats.awp_kills + excluded.awp_kills, "
    "pistol_kills = leaderboard_stats.pistol_kills + excluded.pistol_kills, "
    "clutches = leaderboard_stats.clutches + excluded.clutches, "
    "clutchwins = leaderboard_stats.clutchwins + excluded.clutchwins, updated_at = excluded.updated_at";
const std::string kPlayersConflict =
    " ON CONFLICT (steam_id) DO UPDATE SET nickname = excluded.nickname, updated_at = excluded.updated_at";

// SQLite: prepared statements bound to vectors; SQLite steps them row by row in-process.
class SqliteWriter final : public ChunkWriter {
 public:
  SqliteWriter(soci::session& sql, std::int64_t now) {
    player_updated_.reserve(16384);
    players_ = std::make_unique<soci::statement>(
        (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) "
                        "VALUES (:steam_id, :nickname, :updated_at)" +
                            kPlayersConflict,
         soci::use(player_ids_), soci::use(nicknames_), soci::use(player_updated_)));
    std::string values = ":board_id, :steam_id";
    for (int i = 0; i < kCounterCount; ++i) values += ", :c" + std::to_string(i);
    soci::details::prepare_temp_type prepare =
        (sql.prepare << "INSERT INTO leaderboard_stats (board_id, steam_id, " + std::string(kCounterColumns) +
                            ", updated_at) VALUES (" + values + ", :updated_at)" + kStatsConflict,
         soci::use(board_ids_), soci::use(steam_ids_));
    for (auto& column : counters_) prepare, soci::use(column);
    stats_ = std::make_unique<soci::statement>((prepare, soci::use(stats_updated_)));
    now_ = now;
  }

  void write(Chunk& chunk) override {
    if (!chunk.player_ids.empty()) {
      player_ids_.swap(chunk.player_ids);
      nicknames_.swap(chunk.nicknames);
      player_updated_.assign(player_ids_.size(), now_);
      players_->execute(true);
      player_ids_.swap(chunk.player_ids);
      nicknames_.swap(chunk.nicknames);
    }
    for (auto& board : chunk.boards) {
      if (board.steam_ids.empty()) continue;
      steam_ids_.swap(board.steam_ids);
      for (std::size_t i = 0; i < counters_.size(); ++i) counters_[i].swap(board.counters[i]);
      board_ids_.assign(steam_ids_.size(), board.board_id);
      stats_updated_.assign(steam_ids_.size(), now_);
      stats_->execute(true);
      steam_ids_.swap(board.steam_ids);
      for (std::size_t i = 0; i < counters_.size(); ++i) counters_[i].swap(board.counters[i]);
    }
  }

 private:
  long long now_ = 0;
  std::vector<std::string> player_ids_, nicknames_;
  std::vector<long long> player_updated_;
  std::vector<long long> board_ids_;
  std::vector<std::string> steam_ids_;
  std::array<std::vector<long long>, kCounterCount> counters_;
  std::vector<long long> stats_updated_;
  std::unique_ptr<soci::statement> players_, stats_;
};

// PostgreSQL: one round trip per table and chunk, the rows passed as array literals to unnest().
class PostgresWriter final : public ChunkWriter {
 public:
  PostgresWriter(soci::session& sql, std::int64_t now) : now_(now) {
    players_ = std::make_unique<soci::statement>(
        (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) "
                        "SELECT s, n, :now FROM unnest(CAST(:ids AS text[]), CAST(:names AS text[])) AS t (s, n)" +
                            kPlayersConflict,
         soci::use(now_), soci::use(player_ids_), soci::use(nicknames_)));
    std::string columns = "b, s";
    std::string arrays = "CAST(:boards AS bigint[]), CAST(:steam_ids AS text[])";
    for (int i = 0; i < kCounterCount; ++i) {
      columns += ", c" + std::to_string(i);
      arrays += ", CAST(:c" + std::to_string(i) + " AS bigint[])";
    }
    soci::details::prepare_temp_type prepare =
        (sql.prepare << "INSERT INTO leaderboard_stats (board_id, steam_id, " + std::string(kCounterColumns) +
                            ", updated_at) SELECT " + columns + ", :now FROM unnest(" + arrays + ") AS t (" + columns +
                            ")" + kStatsConflict,
         soci::use(now_), soci::use(board_ids_), soci::use(steam_ids_));
    for (auto& column : counters_) prepare, soci::use(column);
    stats_ = std::make_unique<soci::statement>(prepare);
  }

  void write(Chunk& chunk) override {
    if (!chunk.player_ids.empty()) {
      player_ids_ = array_of(chunk.player_ids, false);
      nicknames_ = array_of(chunk.nicknames, true);
      players_->execute(true);
    }
    board_ids_ = "{";
    steam_ids_ = "{";
    for (auto& column : counters_) column = "{";
    bool first = true;
    for (const auto& board : chunk.boards) {
      const std::string board_id = std::to_string(board.board_id);
      for (std::size_t row = 0; row < board.steam_ids.size(); ++row) {
        const char* separator = first ? "" : ",";
        first = false;
        board_ids_ += separator + board_id;
        steam_ids_ += separator + board.steam_ids[row];
        for (std::size_t i = 0; i < counters_.size(); ++i) {
          counters_[i] += separator + std::to_string(board.counters[i][row]);
        }
      }
    }
    if (first) return;
    board_ids_ += "}";
    steam_ids_ += "}";
    for (auto& column : counters_) column += "}";
    stats_->execute(true);
  }

 private:
  // A PostgreSQL array literal; quoted elements escape '"' and '\'. SteamIDs are digits only.
  static std::string array_of(const std::vector<std::string>& items, bool quote) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ',';
      if (!quote) {
        out += items[i];
        continue;
      }
      out += '"';
      for (const char c : items[i]) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += '"';
    }
    return out + "}";
  }

  long long now_ = 0;
  std::string player_ids_, nicknames_;
  std::string board_ids_, steam_ids_;
  std::array<std::string, kCounterCount> counters_;
  std::unique_ptr<soci::statement> players_, stats_;
};

}  // namespace

std::unique_ptr<ChunkWriter> make_chunk_writer(soci::session& sql, db::Engine engine, std::int64_t now) {
  if (engine == db::Engine::sqlite) return std::make_unique<SqliteWriter>(sql, now);
  return std::make_unique<PostgresWriter>(sql, now);
}

}  // namespace portal::leaderboard
