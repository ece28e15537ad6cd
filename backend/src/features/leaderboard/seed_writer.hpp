#pragma once
// How the seeder writes its rows: chunks of players and their per-board counters, written by an
// engine-specific writer inside the caller's transaction (SQLite: prepared statements stepped row by
// row; PostgreSQL: one unnest() round trip per table and chunk).

#include "db/database.hpp"
#include "features/leaderboard/columns.hpp"
#include "features/leaderboard/stats.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace portal::leaderboard {

// Rows waiting for the next chunk, one buffer per board (written board by board: each in steam-id
// order, which keeps the primary key appends local).
struct BoardRows {
  std::int64_t board_id = 0;
  std::vector<std::string> steam_ids;
  std::array<std::vector<long long>, kCounterCount> counters;

  void add(const std::string& steam_id, const Counters& c) {
    steam_ids.push_back(steam_id);
    const std::array<std::int64_t, kCounterCount> values{c.kills,        c.deaths,   c.headshots,   c.playtime,
                                                         c.wins,         c.loses,    c.rifle_kills, c.awp_kills,
                                                         c.pistol_kills, c.clutches, c.clutchwins};
    for (std::size_t i = 0; i < values.size(); ++i) counters[i].push_back(values[i]);
  }
  void clear() {
    steam_ids.clear();
    for (auto& column : counters) column.clear();
  }
};

struct Chunk {
  std::vector<std::string> player_ids;
  std::vector<std::string> nicknames;
  std::vector<BoardRows> boards;
  std::size_t stats_rows = 0;

  std::size_t rows() const { return player_ids.size() + stats_rows; }
  void clear() {
    player_ids.clear();
    nicknames.clear();
    for (auto& board : boards) board.clear();
    stats_rows = 0;
  }
};

// Writes one chunk inside the caller's transaction.
class ChunkWriter {
 public:
  virtual ~ChunkWriter() = default;
  virtual void write(Chunk& chunk) = 0;
};

// The writer for the session's engine; its statements are prepared on `sql` once.
std::unique_ptr<ChunkWriter> make_chunk_writer(soci::session& sql, db::Engine engine, std::int64_t now);

}  // namespace portal::leaderboard
