#pragma once
// The SQL of the ranking job (see ranker.hpp): leasing a changed board, writing a ranking generation
// from the live totals, the group positions, switching readers over, and removing old generations.

#include "db/database.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace portal::leaderboard {

struct LeasedBoard {
  std::int64_t id = 0;
  std::int64_t generation = 0;  // the one readers see now
};

class RankingRepository {
 public:
  explicit RankingRepository(db::Database& database) : database_(database) {}

  std::vector<std::int64_t> dirty_boards() const;
  void mark_all_dirty();

  // Takes the board until now + lease_s and clears its dirty flag (batches applied from here on set it
  // again); nullopt when another refresh holds it. renew() extends a held lease; release_failed()
  // gives the board back still dirty.
  std::optional<LeasedBoard> lease(std::int64_t board_id, std::int64_t now, std::int64_t lease_s);
  void renew(std::int64_t board_id, std::int64_t until);
  void release_failed(std::int64_t board_id);

  // The generation to write next: above the visible one and above any left by an interrupted refresh.
  std::int64_t next_generation(const LeasedBoard& board);

  // Writes ranks 1..n of `generation` from one consistent snapshot of the board's live totals and
  // answers n. SQLite: streamed in rank order and written in chunks of chunk_rows per transaction, so
  // other writers wait at most one chunk; on_chunk runs after each. PostgreSQL: one INSERT ... SELECT.
  std::int64_t write_ranks(std::int64_t board_id, std::int64_t generation, std::size_t chunk_rows,
                           const std::function<void()>& on_chunk);

  // Sets group_bits on the ranked members and numbers them within every group filter.
  void write_groups(std::int64_t board_id, std::int64_t generation,
                    const std::unordered_map<std::string, int>& member_bits);

  // Readers see `generation` from this statement on.
  void publish(std::int64_t board_id, std::int64_t generation, std::int64_t ranked, std::int64_t ranked_at);

  // Deletes every generation below `keep`, chunk_rows per transaction.
  void drop_generations_below(std::int64_t board_id, std::int64_t keep, std::size_t chunk_rows);

  std::string members_fingerprint() const;
  void set_members_fingerprint(const std::string& fingerprint);

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
