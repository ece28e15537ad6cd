#include "features/leaderboard/service.hpp"

#include "core/steam_id.hpp"
#include "features/leaderboard/errors.hpp"

#include <algorithm>
#include <chrono>

namespace portal::leaderboard {

namespace {

std::int64_t system_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

LeaderboardService::LeaderboardService(db::Database& database, Standings& standings,
                                       std::function<std::vector<Season>()> seasons, Clock now,
                                       std::function<void()> applied)
    : boards_(database),
      standings_(standings),
      ingest_(database),
      seasons_(std::move(seasons)),
      now_(now ? std::move(now) : Clock(system_now)),
      applied_(std::move(applied)) {}

core::Result<IngestResult> LeaderboardService::ingest(std::int64_t server_id, const boost::json::object& body) {
  auto batch = parse_batch(body);
  if (!batch) return batch.error();
  auto outcome = ingest_.apply(server_id, *batch, content_hash(*batch), now_());
  if (outcome.kind == IngestOutcome::Kind::id_reused) {
    return errors::batch_id_reused(batch->batch_id);
  }
  if (outcome.kind == IngestOutcome::Kind::applied) {
    standings_.hand_over(std::move(outcome.changes));
    if (applied_) applied_();
  }
  return IngestResult{batch->batch_id, outcome.kind == IngestOutcome::Kind::applied, batch->players.size(),
                      outcome.season_id};
}

core::Result<BoardInfo> LeaderboardService::board(const BoardKey& key) const {
  const auto id = boards_.board_id(key);
  if (!id) return errors::board_season_not_found(key.season);
  return BoardInfo{*id, standings_.size(*id), standings_.updated_at(*id)};
}

std::vector<RankedPlayer> LeaderboardService::with_records(std::int64_t board_id, Mode mode,
                                                           const std::vector<Standing>& order) const {
  std::vector<std::string> ids;
  ids.reserve(order.size());
  for (const auto& standing : order) ids.push_back(standing.steam_id);
  // The unfolded changes first: the standings forget one only once the tables hold it.
  const auto unfolded = standings_.unfolded(board_id, ids);
  auto records = boards_.records(board_id, ids);
  std::vector<RankedPlayer> out;
  out.reserve(order.size());
  for (const auto& standing : order) {
    auto record = records.players.find(standing.steam_id);
    const bool in_table = record != records.players.end();
    RankedPlayer player = in_table ? std::move(record->second) : RankedPlayer{};
    if (const auto changes = unfolded.find(standing.steam_id); changes != unfolded.end()) {
      // Without a row in the table, none of the player's changes had been folded.
      changes->second.add_to(player.counters, player.nickname, in_table ? records.folded_through : 0);
    }
    player.steam_id = standing.steam_id;
    player.rank = standing.rank;
    player.position = standing.position;
    player.mode = mode;
    player.group_bits = standing.group_bits;
    // The order's own kills and deaths, so a page's numbers always agree with its order.
    player.counters.kills = standing.kills;
    player.counters.deaths = standing.deaths;
    out.push_back(std::move(player));
  }
  return out;
}

core::Result<Listing> LeaderboardService::top(Mode mode, std::int64_t season) const {
  auto info = board(BoardKey{season, mode});
  if (!info) return info.error();
  return Listing{with_records(info->id, mode, standings_.by_rank(info->id, 1, kTopSize)), season, 1, info->ranked,
                 info->ranked_at};
}

core::Result<Listing> LeaderboardService::page(Mode mode, std::int64_t season, std::int64_t page, int group_set) const {
  if (page < 1 || page > kMaxPage) {
    return errors::page_out_of_range();
  }
  auto info = board(BoardKey{season, mode});
  if (!info) return info.error();
  const std::int64_t first = (page - 1) * kPageSize + 1;
  const std::int64_t last = page * kPageSize;
  if (group_set == 0) {
    return Listing{with_records(info->id, mode, standings_.by_rank(info->id, first, last)), season, page, info->ranked,
                   info->ranked_at};
  }
  return Listing{with_records(info->id, mode, standings_.by_group_position(info->id, group_set, first, last)), season,
                 page, standings_.group_size(info->id, group_set), info->ranked_at};
}

core::Result<std::vector<RankedPlayer>> LeaderboardService::player(const std::string& steam_id,
                                                                   std::int64_t season) const {
  if (!core::is_steam_id64(steam_id)) {
    return errors::steam_id_invalid();
  }
  if (season != 0 && !boards_.board_id(BoardKey{season, Mode::dm})) return errors::board_season_not_found(season);
  std::vector<RankedPlayer> out;
  const auto unfolded = standings_.unfolded_of(steam_id);
  auto records = boards_.player(season, steam_id);
  for (auto& record : records.boards) {
    const auto changes = unfolded.find(record.board_id);
    if (!record.in_table && changes == unfolded.end()) continue;
    auto player = std::move(record.player);
    player.steam_id = steam_id;
    if (changes != unfolded.end()) {
      changes->second.add_to(player.counters, player.nickname, record.in_table ? records.folded_through : 0);
    }
    player.group_bits = standings_.group_bits(steam_id);
    if (const auto standing = standings_.find(record.board_id, steam_id)) {
      player.rank = standing->rank;
      player.position = standing->rank;
    }
    out.push_back(std::move(player));
  }
  std::sort(out.begin(), out.end(), [](const RankedPlayer& a, const RankedPlayer& b) { return a.mode < b.mode; });
  return out;
}

}  // namespace portal::leaderboard
