#include "features/leaderboard/standings.hpp"

#include "core/clock.hpp"
#include "core/steam_id.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <mutex>
#include <set>

namespace portal::leaderboard {

namespace {

// Rows read from the log per query, and applied per hold of the write lock (readers wait at most
// that long: a few hundred microseconds).
constexpr std::size_t kReadChunk = 5000;
constexpr std::size_t kApplyChunk = 500;
constexpr int kGroupSets = 7;  // non-empty subsets of {pro, kol, op}
constexpr int kFilterBits = kPro | kKol | kOp;

std::unordered_map<std::uint64_t, int> parse_members(const std::unordered_map<std::string, int>& members) {
  std::unordered_map<std::uint64_t, int> out;
  for (const auto& [steam_id, bits] : members) {
    if (const auto id = core::parse_steam_id64(steam_id)) out.emplace(*id, bits);
  }
  return out;
}

}  // namespace

void Standings::Board::apply(const LoggedChange& change, std::uint64_t steam_id) {
  // One lookup for the player's key, found or made: in a million-entry map each is a cache miss.
  auto [entry, inserted] = keys.try_emplace(steam_id, RankKey{0, 0, steam_id});
  RankKey& key = entry->second;
  const bool moves = change.added.kills != 0 || change.added.deaths != 0;
  if (!inserted && moves) order.erase(key);
  key.kills += change.added.kills;
  key.deaths += change.added.deaths;
  if (inserted || moves) order.insert(key);
  updated_at = std::max(updated_at, change.changed_at);
  auto& kept = unfolded[steam_id];
  UnfoldedChange compact{change.seq, {}};
  const auto fields = counter_fields(change.added);
  for (std::size_t i = 0; i < fields.size(); ++i) compact.added[i] = static_cast<std::int32_t>(*fields[i]);
  // In seq order, though apply_own() may bring a change before an older one the log brings later.
  const auto at =
      std::upper_bound(kept.changes.begin(), kept.changes.end(), change.seq,
                       [](std::int64_t seq, const UnfoldedChange& kept_change) { return seq < kept_change.seq; });
  kept.changes.insert(at, compact);
  if (change.nickname && (!kept.name || kept.name->seq < change.seq)) {
    kept.name = UnfoldedName{change.seq, *change.nickname};
  }
}

void Unfolded::add_to(Counters& counters, std::string& nickname, std::int64_t folded_through) const {
  const auto fields = counter_fields(counters);
  for (const auto& change : changes) {
    if (change.seq <= folded_through) continue;
    for (std::size_t i = 0; i < fields.size(); ++i) *fields[i] += change.added[i];
  }
  if (name && name->seq > folded_through && !name->nickname.empty()) nickname = name->nickname;
}

Standings::Standings(db::Database& database, MemberGroups members)
    : log_(database), members_source_(std::move(members)) {}

FollowReport Standings::follow() {
  const auto started = std::chrono::steady_clock::now();
  FollowReport report;
  apply_handed_over();
  const LogPosition at = log_.position();
  std::set<std::int64_t> changed;
  if (!loaded_ || at.epoch != position_.epoch || position_.seq < at.pruned_through) {
    load();
    report.loaded = true;
  } else {
    for (;;) {
      const auto after = [this] {
        const std::shared_lock lock(mutex_);
        return position_.seq;
      }();
      const auto changes = log_.changes_after(after, kReadChunk);
      for (std::size_t from = 0; from < changes.size(); from += kApplyChunk) {
        const std::unique_lock lock(mutex_);
        for (std::size_t i = from; i < std::min(changes.size(), from + kApplyChunk); ++i) {
          const auto& change = changes[i];
          const bool taken = change.seq <= position_.seq || applied_ahead(change.seq);
          const auto steam_id = taken ? std::nullopt : core::parse_steam_id64(change.steam_id);
          if (steam_id) {
            add(change, *steam_id);
            changed.insert(change.board_id);
          }
          if (!taken) ++report.changes;
          position_.seq = std::max(position_.seq, change.seq);
        }
        absorb_ahead();
      }
      if (changes.size() < kReadChunk) break;
    }
    forget_folded(at.folded_through);
  }

  auto members = parse_members(members_source_ ? members_source_() : std::unordered_map<std::string, int>{});
  const std::unique_lock lock(mutex_);
  if (members != members_) {
    members_ = std::move(members);
    for (auto& [id, board] : boards_) regroup(board);
  } else {
    for (auto& [id, board] : boards_) {
      if (board.groups_stale) regroup(board);
    }
  }
  report.boards = report.loaded ? boards_.size() : changed.size();
  report.seq = position_.seq;
  report.took = core::elapsed_since(started);
  return report;
}

void Standings::apply_own(const std::vector<LoggedChange>& changes) {
  const std::unique_lock lock(mutex_);
  if (!loaded_ || changes.empty() || changes.back().seq <= position_.seq) return;
  std::int64_t first = 0;
  for (const auto& change : changes) {
    if (change.seq <= position_.seq) continue;
    if (first == 0) first = change.seq;
    if (const auto steam_id = core::parse_steam_id64(change.steam_id)) add(change, *steam_id);
  }
  ahead_.emplace(first, changes.back().seq);
  absorb_ahead();
}

void Standings::add(const LoggedChange& change, std::uint64_t steam_id) {
  auto& board = boards_[change.board_id];
  board.apply(change, steam_id);
  unfolded_order_.push_back(UnfoldedEntry{change.seq, change.board_id, steam_id});
  // Only a member's move changes the order of a group list.
  if (const auto member = members_.find(steam_id); member != members_.end() && (member->second & kFilterBits) != 0) {
    board.groups_stale = true;
  }
}

void Standings::hand_over(std::vector<LoggedChange> changes) {
  if (changes.empty()) return;
  const std::lock_guard lock(handed_over_mutex_);
  handed_over_.push_back(std::move(changes));
}

std::size_t Standings::apply_handed_over() {
  std::vector<std::vector<LoggedChange>> batches;
  {
    const std::lock_guard lock(handed_over_mutex_);
    batches.swap(handed_over_);
  }
  // One batch per hold of the lock: readers wait for a batch (about a millisecond), not for all.
  for (const auto& changes : batches) apply_own(changes);
  return batches.size();
}

bool Standings::applied_ahead(std::int64_t seq) const {
  auto range = ahead_.upper_bound(seq);
  if (range == ahead_.begin()) return false;
  --range;
  return seq <= range->second;
}

void Standings::absorb_ahead() {
  while (!ahead_.empty()) {
    const auto range = ahead_.begin();
    if (range->first > position_.seq + 1) return;
    position_.seq = std::max(position_.seq, range->second);
    ahead_.erase(range);
  }
}

void Standings::load() {
  std::map<std::int64_t, std::vector<RankKey>> keys;
  std::vector<LoggedChange> unfolded;
  auto loaded = log_.load_all(
      [&](BoardTotals&& totals) {
        if (const auto steam_id = core::parse_steam_id64(totals.steam_id)) {
          keys[totals.board_id].push_back(RankKey{totals.kills, totals.deaths, *steam_id});
        }
      },
      [&](LoggedChange&& change) { unfolded.push_back(std::move(change)); });
  Boards fresh;
  for (auto& [id, board_keys] : keys) {
    auto& board = fresh[id];
    board.keys.reserve(board_keys.size());
    for (const auto& key : board_keys) board.keys.emplace(key.steam_id, key);
    board.order.assign(std::move(board_keys));
  }
  std::deque<UnfoldedEntry> order;
  for (const auto& change : unfolded) {
    if (const auto steam_id = core::parse_steam_id64(change.steam_id)) {
      fresh[change.board_id].apply(change, *steam_id);
      order.push_back(UnfoldedEntry{change.seq, change.board_id, *steam_id});
    }
  }
  for (auto& [id, board] : fresh) board.updated_at = loaded.changed_at[id];
  {
    const std::shared_lock lock(mutex_);
    for (auto& [id, board] : fresh) regroup(board);
  }
  const std::unique_lock lock(mutex_);
  boards_ = std::move(fresh);
  unfolded_order_ = std::move(order);
  position_ = loaded.position;
  // What apply_own() took went to the boards just replaced; the log brings what the snapshot missed.
  ahead_.clear();
  loaded_ = true;
  spdlog::info("leaderboard standings loaded: {} boards, through change {} ({} not folded yet)", boards_.size(),
               position_.seq, unfolded_order_.size());
}

void Standings::forget_folded(std::int64_t seq) {
  while (true) {
    const std::unique_lock lock(mutex_);
    for (std::size_t done = 0; done < kApplyChunk; ++done) {
      // In seq order but for the rows apply_own() took before older ones: such a row holds the
      // older ones back until the fold passes it too, which costs memory for a moment, not counts.
      if (unfolded_order_.empty() || unfolded_order_.front().seq > seq) return;
      const auto entry = unfolded_order_.front();
      unfolded_order_.pop_front();
      auto& board = boards_[entry.board_id];
      const auto player = board.unfolded.find(entry.steam_id);
      if (player == board.unfolded.end()) continue;
      auto& kept = player->second;
      const auto change = std::find_if(kept.changes.begin(), kept.changes.end(),
                                       [&](const UnfoldedChange& kept_change) { return kept_change.seq == entry.seq; });
      if (change != kept.changes.end()) kept.changes.erase(change);
      if (kept.name && kept.name->seq <= seq) kept.name.reset();
      if (kept.changes.empty()) board.unfolded.erase(player);
    }
  }
}

void Standings::regroup(Board& board) const {
  board.groups_stale = false;
  std::vector<std::pair<RankKey, int>> ranked;
  for (const auto& [steam_id, bits] : members_) {
    if ((bits & kFilterBits) == 0) continue;
    if (const auto key = board.keys.find(steam_id); key != board.keys.end()) ranked.emplace_back(key->second, bits);
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return ranks_above(a.first, b.first); });
  for (int set = 1; set <= kGroupSets; ++set) {
    auto& list = board.groups[static_cast<std::size_t>(set)];
    list.clear();
    // A player is in the list of every filter that names at least one of their groups.
    for (const auto& [key, bits] : ranked) {
      if ((bits & set) != 0) list.push_back(key);
    }
  }
}

Standing Standings::standing_of(const RankKey& key, std::int64_t rank, std::int64_t position) const {
  const auto member = members_.find(key.steam_id);
  return Standing{rank,      position,   std::to_string(key.steam_id),
                  key.kills, key.deaths, member == members_.end() ? 0 : member->second};
}

std::int64_t Standings::size(std::int64_t board_id) const {
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  return board == boards_.end() ? 0 : board->second.order.size();
}

std::int64_t Standings::updated_at(std::int64_t board_id) const {
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  return board == boards_.end() ? 0 : board->second.updated_at;
}

std::vector<Standing> Standings::by_rank(std::int64_t board_id, std::int64_t first, std::int64_t last) const {
  std::vector<Standing> out;
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  if (board == boards_.end()) return out;
  std::int64_t rank = std::max<std::int64_t>(first, 1);
  for (const auto& key : board->second.order.slice(first, last)) {
    out.push_back(standing_of(key, rank, rank));
    ++rank;
  }
  return out;
}

std::vector<Standing> Standings::by_group_position(std::int64_t board_id, int group_set, std::int64_t first,
                                                   std::int64_t last) const {
  std::vector<Standing> out;
  if (group_set < 1 || group_set > kGroupSets) return out;
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  if (board == boards_.end()) return out;
  const auto& list = board->second.groups[static_cast<std::size_t>(group_set)];
  const std::int64_t size = static_cast<std::int64_t>(list.size());
  for (std::int64_t position = std::max<std::int64_t>(first, 1); position <= std::min(last, size); ++position) {
    // The list holds the key as of its last regroup; the player may have moved since.
    const auto& listed = list[static_cast<std::size_t>(position - 1)];
    const auto current = board->second.keys.find(listed.steam_id);
    const auto& key = current == board->second.keys.end() ? listed : current->second;
    out.push_back(standing_of(key, board->second.order.rank_of(key).value_or(0), position));
  }
  return out;
}

std::int64_t Standings::group_size(std::int64_t board_id, int group_set) const {
  if (group_set < 1 || group_set > kGroupSets) return 0;
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  return board == boards_.end()
             ? 0
             : static_cast<std::int64_t>(board->second.groups[static_cast<std::size_t>(group_set)].size());
}

std::optional<Standing> Standings::find(std::int64_t board_id, const std::string& steam_id) const {
  const auto id = core::parse_steam_id64(steam_id);
  if (!id) return std::nullopt;
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  if (board == boards_.end()) return std::nullopt;
  const auto key = board->second.keys.find(*id);
  if (key == board->second.keys.end()) return std::nullopt;
  const auto rank = board->second.order.rank_of(key->second).value_or(0);
  return standing_of(key->second, rank, rank);
}

int Standings::group_bits(const std::string& steam_id) const {
  const auto id = core::parse_steam_id64(steam_id);
  if (!id) return 0;
  const std::shared_lock lock(mutex_);
  const auto member = members_.find(*id);
  return member == members_.end() ? 0 : member->second;
}

std::unordered_map<std::string, Unfolded> Standings::unfolded(std::int64_t board_id,
                                                              const std::vector<std::string>& steam_ids) const {
  std::unordered_map<std::string, Unfolded> out;
  const std::shared_lock lock(mutex_);
  const auto board = boards_.find(board_id);
  if (board == boards_.end() || board->second.unfolded.empty()) return out;
  for (const auto& steam_id : steam_ids) {
    const auto id = core::parse_steam_id64(steam_id);
    if (!id) continue;
    if (const auto changes = board->second.unfolded.find(*id); changes != board->second.unfolded.end()) {
      out.emplace(steam_id, changes->second);
    }
  }
  return out;
}

std::map<std::int64_t, Unfolded> Standings::unfolded_of(const std::string& steam_id) const {
  std::map<std::int64_t, Unfolded> out;
  const auto id = core::parse_steam_id64(steam_id);
  if (!id) return out;
  const std::shared_lock lock(mutex_);
  for (const auto& [board_id, board] : boards_) {
    if (const auto changes = board.unfolded.find(*id); changes != board.unfolded.end()) {
      out.emplace(board_id, changes->second);
    }
  }
  return out;
}

std::vector<BoardSize> Standings::sizes() const {
  std::vector<BoardSize> out;
  const std::shared_lock lock(mutex_);
  for (const auto& [id, board] : boards_) {
    const std::size_t map_bytes = board.keys.bucket_count() * (sizeof(std::uint64_t) + sizeof(RankKey) + 1);
    std::size_t unfolded = 0;
    std::size_t unfolded_bytes = board.unfolded.bucket_count() * (sizeof(std::uint64_t) + sizeof(Unfolded) + 1);
    for (const auto& [steam_id, kept] : board.unfolded) {
      unfolded += kept.changes.size();
      unfolded_bytes +=
          kept.changes.capacity() * sizeof(UnfoldedChange) + (kept.name ? kept.name->nickname.capacity() : 0);
    }
    out.push_back(BoardSize{id, board.order.size(), board.order.memory_bytes() + map_bytes + unfolded_bytes, unfolded});
  }
  return out;
}

}  // namespace portal::leaderboard
