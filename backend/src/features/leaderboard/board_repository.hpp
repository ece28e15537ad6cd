#pragma once
// Reading boards and players' records. The order of a board is held in memory (standings.hpp); this
// gives what goes around it: a board by (season, mode), the records (name, avatar, counters) of the
// players a page names, and a player's records on each board of a season. Every query is a
// primary-key or unique-index lookup.

#include "db/database.hpp"
#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/stats.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace portal::leaderboard {

// All time is season 0 here.
struct BoardKey {
  std::int64_t season = 0;
  Mode mode = Mode::dm;
};

struct BoardInfo {
  std::int64_t id = 0;
  std::int64_t ranked = 0;     // players in the board's order
  std::int64_t ranked_at = 0;  // unix seconds of the newest batch the order includes; 0 = never
};

struct RankedPlayer {
  std::optional<std::int64_t> rank;  // nullopt: has stats, not in this instance's order yet
  std::int64_t position = 0;         // within the list asked for (the rank when unfiltered)
  Mode mode = Mode::dm;
  std::string steam_id;
  std::string nickname;
  std::string avatar;  // empty when the player has no portal account with one
  int group_bits = 0;
  Counters counters;
};

// A player's record on one board.
struct BoardRecord {
  std::int64_t board_id = 0;
  bool in_table = false;  // false: leaderboard_stats holds nothing of the player's on this board yet
  RankedPlayer player;
};

// Records as the tables held them, with the log position the fold had reached in the same snapshot:
// the changes after it are not in the records (leaderboard_meta.changes_folded_through).
struct Records {
  std::int64_t folded_through = 0;
  std::unordered_map<std::string, RankedPlayer> players;  // SteamID64 -> record
};

struct PlayerRecords {
  std::int64_t folded_through = 0;
  std::vector<BoardRecord> boards;
};

class BoardRepository {
 public:
  // Records asked for at once, at most: a page.
  static constexpr std::size_t kMaxRecords = 50;

  explicit BoardRepository(db::Database& database) : database_(database) {}

  std::optional<std::int64_t> board_id(const BoardKey& key) const;
  // The records on the board of up to kMaxRecords players (more throw std::invalid_argument); a player
  // the table holds nothing of is left out.
  Records records(std::int64_t board_id, const std::vector<std::string>& steam_ids) const;
  // The player's record on each board of the season (in_table false where the table holds none).
  PlayerRecords player(std::int64_t season, const std::string& steam_id) const;

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
