#pragma once
// Reading rankings. Every query is a primary-key or unique-index lookup: a board by (season, mode), a
// page as a range of ranks (or of positions within a group filter), a player by SteamID64. Rows come
// from the generation the board points at, joined in the same statement, so one answer never mixes
// two rankings.

#include "db/database.hpp"
#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/stats.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

// All time is season 0 here.
struct BoardKey {
  std::int64_t season = 0;
  Mode mode = Mode::dm;
};

struct BoardInfo {
  std::int64_t id = 0;
  std::int64_t ranked = 0;     // players in the visible ranking
  std::int64_t ranked_at = 0;  // unix seconds; 0 = not ranked yet
};

struct RankedPlayer {
  std::optional<std::int64_t> rank;  // nullopt: has stats, not in a ranking yet
  std::int64_t position = 0;         // within the list asked for (the rank when unfiltered)
  Mode mode = Mode::dm;
  std::string steam_id;
  std::string nickname;
  std::string avatar;  // empty when the player has no portal account with one
  int group_bits = 0;
  Counters counters;
};

class BoardRepository {
 public:
  explicit BoardRepository(db::Database& database) : database_(database) {}

  std::optional<BoardInfo> board(const BoardKey& key) const;
  // Ranks first..last (inclusive) of the board's visible ranking.
  std::vector<RankedPlayer> by_rank(const BoardKey& key, std::int64_t first, std::int64_t last) const;
  // Positions first..last among the players holding one of the groups in group_set (bits 1 pro, 2 kol,
  // 4 op), and how many such players there are.
  std::vector<RankedPlayer> by_group_position(const BoardKey& key, int group_set, std::int64_t first,
                                              std::int64_t last) const;
  std::int64_t group_size(const BoardKey& key, int group_set) const;
  // The player's entry on each board of the season; players with stats not ranked yet come with no rank.
  std::vector<RankedPlayer> player(std::int64_t season, const std::string& steam_id) const;

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
