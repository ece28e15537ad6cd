#pragma once
// Applying a stats batch: one write transaction that records the batch id and appends what it adds
// to each player (with the nickname it gives) to the change log, once for the open season's board and
// once for the all-time board of the mode. It only appends: every instance's standings add the log
// to what they serve, and the fold (fold_repository.hpp) adds it into the tables later. A batch id
// seen before changes nothing.
//
// An applied batch also answers its log rows with their seqs, so the instance that took it can show it
// within milliseconds (Standings::hand_over) instead of at its next read of the log.

#include "db/database.hpp"
#include "features/leaderboard/batch.hpp"
#include "features/leaderboard/change_log_repository.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

struct IngestOutcome {
  enum class Kind { applied, duplicate, id_reused } kind = Kind::applied;
  std::optional<std::int64_t> season_id;  // the season the batch went to (besides all time)
  // Applied: the rows appended, in seq order, with their seqs.
  std::vector<LoggedChange> changes;
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
