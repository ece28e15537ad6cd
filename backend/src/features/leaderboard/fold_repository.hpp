#pragma once
// Adds the change log into leaderboard_stats and leaderboard_players: the other half of append-only
// ingestion (ingest_repository.hpp). Run by one elected job ("leaderboard.fold"). Each call takes the
// oldest unfolded changes, sums them per (board, player), writes the sums in key order, so that one
// page write carries every player of that page the changes named (the sums and writes run inside the
// database: no row crosses into the portal), and moves
// leaderboard_meta.changes_folded_through past them, all in one transaction: a change is added
// exactly once, whichever instance folds and whenever it is killed.

#include "db/database.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace portal::leaderboard {

struct FoldReport {
  std::size_t changes = 0;     // log rows folded
  std::size_t stats_rows = 0;  // leaderboard_stats rows written
  std::size_t players = 0;     // leaderboard_players rows written
  std::int64_t through = 0;    // changes_folded_through now
  // How long its write transaction took: on SQLite, how long every other writer waited for it.
  std::chrono::milliseconds write_held{0};
};

class FoldRepository {
 public:
  explicit FoldRepository(db::Database& database) : database_(database) {}

  // Folds at most `limit` changes, oldest first.
  FoldReport fold(std::size_t limit);

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
