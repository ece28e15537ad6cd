#include "features/leaderboard/service.hpp"

#include "core/steam_id.hpp"
#include "features/leaderboard/errors.hpp"

#include <chrono>

namespace portal::leaderboard {

namespace {

std::int64_t system_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

LeaderboardService::LeaderboardService(db::Database& database, std::function<std::vector<Season>()> seasons, Clock now)
    : boards_(database),
      ingest_(database),
      seasons_(std::move(seasons)),
      now_(now ? std::move(now) : Clock(system_now)) {}

core::Result<IngestResult> LeaderboardService::ingest(std::int64_t server_id, const boost::json::object& body) {
  auto batch = parse_batch(body);
  if (!batch) return batch.error();
  const auto outcome = ingest_.apply(server_id, *batch, content_hash(*batch), now_());
  if (outcome.kind == IngestOutcome::Kind::id_reused) {
    return errors::batch_id_reused(batch->batch_id);
  }
  return IngestResult{batch->batch_id, outcome.kind == IngestOutcome::Kind::applied, batch->players.size(),
                      outcome.season_id};
}

core::Result<BoardInfo> LeaderboardService::board(const BoardKey& key) const {
  auto info = boards_.board(key);
  if (!info) return errors::board_season_not_found(key.season);
  return *info;
}

core::Result<Listing> LeaderboardService::top(Mode mode, std::int64_t season) const {
  const BoardKey key{season, mode};
  auto info = board(key);
  if (!info) return info.error();
  return Listing{boards_.by_rank(key, 1, kTopSize), season, 1, info->ranked, info->ranked_at};
}

core::Result<Listing> LeaderboardService::page(Mode mode, std::int64_t season, std::int64_t page, int group_set) const {
  if (page < 1 || page > kMaxPage) {
    return errors::page_out_of_range();
  }
  const BoardKey key{season, mode};
  auto info = board(key);
  if (!info) return info.error();
  const std::int64_t first = (page - 1) * kPageSize + 1;
  const std::int64_t last = page * kPageSize;
  if (group_set == 0) return Listing{boards_.by_rank(key, first, last), season, page, info->ranked, info->ranked_at};
  return Listing{boards_.by_group_position(key, group_set, first, last), season, page,
                 boards_.group_size(key, group_set), info->ranked_at};
}

core::Result<std::vector<RankedPlayer>> LeaderboardService::player(const std::string& steam_id,
                                                                   std::int64_t season) const {
  if (!core::is_steam_id64(steam_id)) {
    return errors::steam_id_invalid();
  }
  if (season != 0 && !boards_.board(BoardKey{season, Mode::dm})) return errors::board_season_not_found(season);
  return boards_.player(season, steam_id);
}

}  // namespace portal::leaderboard
