#pragma once
// The order of every board, held in memory by each instance and kept up to date from the change log
// (change_log_repository.hpp) by the `leaderboard.standings` job, which runs on every instance. Pages,
// the top block, a player's rank and the group filters are answered from here; only names and the
// other counters come from the database. Instances that applied the log to the same seq hold the same
// order, so ranks agree between them.
//
// Each log row is what one batch added. Until the fold (fold_repository.hpp) has added a row into the
// tables, the standings also keep it ("unfolded"), and readers add the rows the tables they read do
// not hold yet (LeaderboardService), so a batch's counters and names show as soon as its kills do.
//
// The instance that took a batch hands its rows over (hand_over) and applies them within
// milliseconds on a thread of its own (apply_handed_over), and its follow() passes those rows over;
// other instances take them from the log at their next follow. Adding a change is commutative, so
// the order is the same whichever comes first.
//
// The work per follow() grows with the changes since the last one; the whole board is read only at
// start, after a bulk write (the seeder raises the log's epoch) or when this instance fell behind
// the pruned log.

#include "features/leaderboard/change_log_repository.hpp"
#include "features/leaderboard/columns.hpp"
#include "features/leaderboard/rank_order.hpp"

#include <boost/unordered/unordered_flat_map.hpp>

#include <array>
#include <chrono>
#include <deque>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace portal::leaderboard {

// Group bits: the badges and the PRO/KOL/OP filters.
enum GroupBit : int { kPro = 1, kKol = 2, kOp = 4, kVip = 8 };
// SteamID64 -> group bits of every account holding an active group now. Memberships belong to the
// accounts feature; the composition root passes them in (auth::MembershipService::active_members).
using MemberGroups = std::function<std::unordered_map<std::string, int>()>;

struct Standing {
  std::int64_t rank = 0;
  std::int64_t position = 0;  // within the list asked for (the rank when unfiltered)
  std::string steam_id;
  std::int64_t kills = 0;  // as ordered: the page's numbers agree with its order
  std::int64_t deaths = 0;
  int group_bits = 0;
};

struct FollowReport {
  bool loaded = false;      // the whole of every board was read
  std::size_t changes = 0;  // log rows applied (not those apply_own() had taken)
  std::size_t boards = 0;   // boards whose order changed
  std::int64_t seq = 0;     // applied through
  std::chrono::milliseconds took{0};
};

// What one change the fold had not added into leaderboard_stats when this instance last looked adds:
// 56 bytes, as a busy second keeps about 100,000 of them (a batch adds at most 1,000 to a counter).
struct UnfoldedChange {
  std::int64_t seq = 0;
  std::array<std::int32_t, kCounterCount> added{};  // in the order of kCounterColumns
};

struct UnfoldedName {
  std::int64_t seq = 0;
  std::string nickname;
};

// A player's unfolded changes on one board, in seq order, and the newest name they gave.
struct Unfolded {
  std::vector<UnfoldedChange> changes;
  std::optional<UnfoldedName> name;

  // Adds to `counters` and `nickname` what the changes after `folded_through` add (the tables a
  // record was read from hold the changes up to it).
  void add_to(Counters& counters, std::string& nickname, std::int64_t folded_through) const;
};

struct BoardSize {
  std::int64_t board_id = 0;
  std::int64_t players = 0;
  std::size_t memory_bytes = 0;
  std::size_t unfolded = 0;  // changes kept until the fold adds them
};

class Standings {
 public:
  Standings(db::Database& database, MemberGroups members);

  // Applies the log written since the last call (everything, the first time) and takes the members'
  // groups again. Called by one thread at a time (the job); readers may run alongside.
  FollowReport follow();
  // Applies the rows a batch of this instance just appended (IngestOutcome::changes: in seq order,
  // without a gap), so they show here before the next follow. Rows this instance has already followed
  // are left out. The group filters' order takes them at the next follow; their ranks show at once.
  void apply_own(const std::vector<LoggedChange>& changes);
  // Keeps such rows for apply_handed_over(), so the plugin's answer does not wait for the order.
  void hand_over(std::vector<LoggedChange> changes);
  // apply_own() of every batch handed over so far, oldest first; follow() does it first too.
  // Returns the batches applied.
  std::size_t apply_handed_over();

  std::int64_t size(std::int64_t board_id) const;
  // When the newest batch (or seeding) the order includes was applied (unix seconds; 0 = never): the
  // same on every instance that followed the log as far.
  std::int64_t updated_at(std::int64_t board_id) const;
  std::vector<Standing> by_rank(std::int64_t board_id, std::int64_t first, std::int64_t last) const;
  // group_set: bits 1 pro, 2 kol, 4 op; positions count the players holding at least one of them.
  std::vector<Standing> by_group_position(std::int64_t board_id, int group_set, std::int64_t first,
                                          std::int64_t last) const;
  std::int64_t group_size(std::int64_t board_id, int group_set) const;
  std::optional<Standing> find(std::int64_t board_id, const std::string& steam_id) const;
  int group_bits(const std::string& steam_id) const;
  // The unfolded changes of these players on the board (players without any are left out). Take them
  // before reading the tables: this instance forgets a change only after the tables hold it.
  std::unordered_map<std::string, Unfolded> unfolded(std::int64_t board_id,
                                                     const std::vector<std::string>& steam_ids) const;
  // Board id -> the player's unfolded changes on it.
  std::map<std::int64_t, Unfolded> unfolded_of(const std::string& steam_id) const;
  std::vector<BoardSize> sizes() const;

 private:
  struct Board {
    RankOrder order;
    boost::unordered_flat_map<std::uint64_t, RankKey> keys;  // SteamID64 -> its key in `order`
    std::array<std::vector<RankKey>, 8> groups;              // [group_set]: members in rank order
    std::int64_t updated_at = 0;                             // see updated_at()
    boost::unordered_flat_map<std::uint64_t, Unfolded> unfolded;
    bool groups_stale = false;  // a member moved: regroup at the end of the next follow()
    // Adds the change to the player's key and keeps it as unfolded.
    void apply(const LoggedChange& change, std::uint64_t steam_id);
  };
  using Boards = std::map<std::int64_t, Board>;

  void load();
  void regroup(Board& board) const;
  // Forgets the unfolded changes up to `seq` (the tables hold them now), oldest first.
  void forget_folded(std::int64_t seq);
  // Applies one change of the log to its board and keeps it as unfolded. Caller holds the lock.
  void add(const LoggedChange& change, std::uint64_t steam_id);
  // Whether apply_own() took this seq already. Caller holds the lock.
  bool applied_ahead(std::int64_t seq) const;
  // Moves position_ over the ranges apply_own() took that now follow it. Caller holds the lock.
  void absorb_ahead();
  Standing standing_of(const RankKey& key, std::int64_t rank, std::int64_t position) const;

  ChangeLogRepository log_;
  MemberGroups members_source_;

  mutable std::shared_mutex mutex_;
  Boards boards_;
  std::unordered_map<std::uint64_t, int> members_;  // SteamID64 -> group bits
  LogPosition position_;
  std::map<std::int64_t, std::int64_t> ahead_;  // first -> last seq of rows apply_own() took past position_
  // (seq, board id, SteamID64) of every unfolded change kept, in seq order.
  struct UnfoldedEntry {
    std::int64_t seq;
    std::int64_t board_id;
    std::uint64_t steam_id;
  };
  std::deque<UnfoldedEntry> unfolded_order_;
  bool loaded_ = false;

  std::mutex handed_over_mutex_;  // not mutex_: handing over never waits for readers or the follow
  std::vector<std::vector<LoggedChange>> handed_over_;
};

}  // namespace portal::leaderboard
