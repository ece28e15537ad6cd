#pragma once
// Applying a stats batch: one write transaction that records the batch id, adds the deltas to the
// open season's board and the all-time board of the mode, keeps the players' nicknames, and marks
// both boards for the ranking job. A batch id seen before changes nothing.

#include "db/database.hpp"
#include "features/leaderboard/batch.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::leaderboard {

struct IngestOutcome {
  enum class Kind { applied, duplicate, id_reused } kind = Kind::applied;
  std::optional<std::int64_t> season_id;  // the season the batch went to (besides all time)
};

class IngestRepository {
 public:
  explicit IngestRepository(db::Database& database) : database_(database) {}

  IngestOutcome apply(std::int64_t server_id, const StatsBatch& batch, const std::string& content_hash,
                      std::int64_t now);

 private:
  db::Database& database_;
};

}  // namespace portal::leaderboard
