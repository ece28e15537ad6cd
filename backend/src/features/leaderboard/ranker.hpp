#pragma once
// Turns changed boards into a new ranking generation: reads the live totals of a board in rank order
// from one consistent snapshot, writes ranks 1..n (and the positions within each group filter) in
// short write transactions, switches readers to the new generation in one statement, then deletes the
// old one. No request path ranks anything; readers only look ranks up.

#include "db/database.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace portal::leaderboard {

struct RefreshReport {
  std::int64_t board_id = 0;
  std::int64_t generation = 0;
  std::int64_t players = 0;
  std::chrono::milliseconds took{0};
};

// Group bits as stored with a ranking: the badges and the PRO/KOL/OP filters.
enum GroupBit : int { kPro = 1, kKol = 2, kOp = 4, kVip = 8 };
// SteamID64 -> group bits of every account holding an active group now. Memberships belong to the
// accounts feature; the composition root passes them in (auth::MembershipService::active_members).
using MemberGroups = std::function<std::unordered_map<std::string, int>()>;

class Ranker {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds; default: the system clock
  Ranker(db::Database& database, MemberGroups members, Clock now = {});

  // Every board marked dirty (stats or memberships changed), one after another. Boards another
  // instance is refreshing are skipped.
  std::vector<RefreshReport> refresh_dirty();
  // One board, dirty or not; nullopt when another instance holds it.
  std::optional<RefreshReport> refresh(std::int64_t board_id);
  // Marks every board dirty when the set of active pro/kol/op/vip members differs from the one the
  // last rankings were taken with (a grant, a revoke or an expiry), so badges and filters follow.
  bool note_membership_changes();

 private:
  db::Database& database_;
  MemberGroups members_;
  Clock now_;
  std::string members_fingerprint_;
};

}  // namespace portal::leaderboard
