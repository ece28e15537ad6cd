#include "features/leaderboard/ranker.hpp"

#include "core/crypto.hpp"
#include "features/leaderboard/ranking_repository.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace portal::leaderboard {

namespace {

// 5,000 rows hold SQLite's write lock for a few milliseconds; other writers wait at most that long.
constexpr std::size_t kChunkRows = 5000;
// A refresh renews its lease after every chunk; a crashed one frees the board after this long.
constexpr std::int64_t kLeaseSeconds = 60;

std::int64_t system_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string fingerprint_of(const std::unordered_map<std::string, int>& members) {
  std::vector<std::pair<std::string, int>> sorted(members.begin(), members.end());
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  text.reserve(sorted.size() * 20);
  for (const auto& [steam_id, bits] : sorted) text += steam_id + ":" + std::to_string(bits) + ";";
  return core::sha256_hex(text);
}

}  // namespace

Ranker::Ranker(db::Database& database, MemberGroups members, Clock now)
    : database_(database), members_(std::move(members)), now_(now ? std::move(now) : Clock(system_now)) {}

std::vector<RefreshReport> Ranker::refresh_dirty() {
  std::vector<RefreshReport> reports;
  for (const auto board : RankingRepository(database_).dirty_boards()) {
    if (auto report = refresh(board)) reports.push_back(*report);
  }
  return reports;
}

std::optional<RefreshReport> Ranker::refresh(std::int64_t board_id) {
  RankingRepository repository(database_);
  const auto started = std::chrono::steady_clock::now();
  const std::int64_t taken_at = now_();
  const auto leased = repository.lease(board_id, taken_at, kLeaseSeconds);
  if (!leased) return std::nullopt;
  try {
    const std::int64_t generation = repository.next_generation(*leased);
    const auto members = members_ ? members_() : std::unordered_map<std::string, int>{};
    const std::int64_t players = repository.write_ranks(board_id, generation, kChunkRows,
                                                        [&] { repository.renew(board_id, now_() + kLeaseSeconds); });
    repository.write_groups(board_id, generation, members);
    repository.publish(board_id, generation, players, taken_at);
    repository.drop_generations_below(board_id, generation, kChunkRows);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    spdlog::debug("leaderboard board {} ranked: generation {}, {} players, {} ms", board_id, generation, players,
                  took.count());
    return RefreshReport{board_id, generation, players, took};
  } catch (...) {
    repository.release_failed(board_id);
    throw;
  }
}

bool Ranker::note_membership_changes() {
  if (!members_) return false;
  RankingRepository repository(database_);
  const std::string fingerprint = fingerprint_of(members_());
  if (fingerprint == members_fingerprint_) return false;
  const bool changed = fingerprint != repository.members_fingerprint();
  if (changed) {
    repository.mark_all_dirty();
    repository.set_members_fingerprint(fingerprint);
  }
  members_fingerprint_ = fingerprint;
  return changed;
}

}  // namespace portal::leaderboard
