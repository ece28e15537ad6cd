#pragma once
// The SQL behind the in-memory standings (standings.hpp): loading every board's order keys from one
// snapshot, reading the change log after a position, and pruning it. Ingestion appends to the log
// (ingest_repository.cpp): each row is what one batch added to one player on one board. The fold
// (fold_repository.hpp) adds the rows into leaderboard_stats; bulk writers raise the epoch instead
// (raise_epoch).

#include "db/database.hpp"
#include "features/leaderboard/stats.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

struct LogPosition {
  std::int64_t epoch = 0;           // leaderboard_meta.index_epoch
  std::int64_t pruned_through = 0;  // the highest seq pruned so far
  std::int64_t folded_through = 0;  // the highest seq added into leaderboard_stats
  std::int64_t seq = 0;             // the highest seq (load_all only)
};

struct BoardTotals {
  std::int64_t board_id = 0;
  std::string steam_id;
  std::int64_t kills = 0;
  std::int64_t deaths = 0;
};

// What one batch added to one player on one board.
struct LoggedChange {
  std::int64_t seq = 0;
  std::int64_t changed_at = 0;  // when the batch was applied (unix seconds)
  std::int64_t board_id = 0;
  std::string steam_id;
  std::optional<std::string> nickname;  // the name the batch gave, if it gave one
  Counters added;
};

struct LoadedBoards {
  LogPosition position;
  std::map<std::int64_t, std::int64_t> changed_at;  // board id -> its last batch or seeding (unix seconds)
};

class ChangeLogRepository {
 public:
  explicit ChangeLogRepository(db::Database& database) : database_(database) {}

  // Every board's players with their folded kills and deaths (`each`), then the changes not folded yet
  // in seq order (`unfolded`), and the log position they are as of, read in one snapshot (a read
  // transaction): adding the unfolded changes, then the log after `seq`, brings them up to date.
  LoadedBoards load_all(const std::function<void(BoardTotals&&)>& each,
                        const std::function<void(LoggedChange&&)>& unfolded) const;
  LogPosition position() const;
  // Up to `limit` changes after seq `after`, in seq order.
  std::vector<LoggedChange> changes_after(std::int64_t after, std::size_t limit) const;
  // Deletes the folded changes made before `before` (unix seconds) and records the highest seq deleted.
  std::int64_t prune(std::int64_t before);
  // For writers that change totals without the log: every instance loads again.
  static void raise_epoch(soci::session& sql);

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
