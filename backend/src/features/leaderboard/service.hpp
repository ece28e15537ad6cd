#pragma once
// The leaderboard's rules for callers: applying plugin batches, and reading the top block, pages, a
// player's entries and the seasons. Knows nothing of HTTP; answers typed values or core::Error.
//
// Page size: 50 players. The order of pages, the top block and ranks come from this instance's
// standings (standings.hpp): a batch this instance took shows milliseconds after its answer, one
// another instance took within a second or so; a page past the end is empty.
// Season 0 means all time.

#include "core/result.hpp"
#include "db/database.hpp"
#include "features/leaderboard/batch.hpp"
#include "features/leaderboard/board_repository.hpp"
#include "features/leaderboard/ingest_repository.hpp"
#include "features/leaderboard/season.hpp"
#include "features/leaderboard/standings.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace portal::leaderboard {

inline constexpr std::int64_t kPageSize = 50;
inline constexpr std::int64_t kTopSize = 5;
inline constexpr std::int64_t kMaxPage = 1'000'000;

struct IngestResult {
  std::string batch_id;
  bool applied = false;  // false: the same batch had been applied before
  std::size_t players = 0;
  std::optional<std::int64_t> season_id;
};

struct Listing {
  std::vector<RankedPlayer> players;
  std::int64_t season = 0;
  std::int64_t page = 1;
  std::int64_t total = 0;  // players in the list (in the filter when one is given)
  std::int64_t ranked_at = 0;
};

class LeaderboardService {
 public:
  using Clock = std::function<std::int64_t()>;
  // seasons: newest first (the season repository's list). A batch applied is handed over to the
  // standings (Standings::hand_over) and applied is told then: the composition root wakes the jobs
  // that apply it within milliseconds and bring the group filters' order up to date.
  LeaderboardService(db::Database& database, Standings& standings, std::function<std::vector<Season>()> seasons,
                     Clock now = {}, std::function<void()> applied = {});

  core::Result<IngestResult> ingest(std::int64_t server_id, const boost::json::object& body);

  core::Result<Listing> top(Mode mode, std::int64_t season) const;
  // group_set: 0 = no filter, else bits 1 pro, 2 kol, 4 op.
  core::Result<Listing> page(Mode mode, std::int64_t season, std::int64_t page, int group_set) const;
  core::Result<std::vector<RankedPlayer>> player(const std::string& steam_id, std::int64_t season) const;
  std::vector<Season> seasons() const { return seasons_(); }

 private:
  core::Result<BoardInfo> board(const BoardKey& key) const;
  // The players named, in the order given, with their names and counters.
  std::vector<RankedPlayer> with_records(std::int64_t board_id, Mode mode, const std::vector<Standing>& order) const;

  BoardRepository boards_;
  Standings& standings_;
  IngestRepository ingest_;
  std::function<std::vector<Season>()> seasons_;
  Clock now_;
  std::function<void()> applied_;
};

}  // namespace portal::leaderboard
