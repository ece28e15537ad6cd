#pragma once
// The documented order of a board (most kills, then fewest deaths, then lowest SteamID64) kept in
// memory as an order-statistic sequence: a player's rank, and the players at ranks a..b, are answered
// in O(log n), and moving one player costs O(log n + block), whatever the size of the board. Distinct
// players never tie, so ranks are exactly 1..n.
//
// Layout: sorted blocks of at most kMaxBlock keys (a key is 24 bytes) with a Fenwick tree over the
// block sizes; about 25 bytes a player. The same idea as Python's sortedcontainers.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace portal::leaderboard {

struct RankKey {
  std::int64_t kills = 0;
  std::int64_t deaths = 0;
  std::uint64_t steam_id = 0;  // SteamID64

  friend bool operator==(const RankKey&, const RankKey&) = default;
};

// True when `a` ranks above `b`.
inline bool ranks_above(const RankKey& a, const RankKey& b) {
  if (a.kills != b.kills) return a.kills > b.kills;
  if (a.deaths != b.deaths) return a.deaths < b.deaths;
  return a.steam_id < b.steam_id;
}

class RankOrder {
 public:
  // Moving a player erases and inserts, each shifting half a block on average: at 1,024 keys that
  // copying was a sixth of the standings' CPU while following 100,000 changes a second (perf,
  // bench/RESULTS.md section 6). 256 shifts a quarter as much for two more comparisons a search: a
  // move in a 1,000,000-key order took 1.20 us instead of 1.64 (128: 1.02, at twice the blocks).
  static constexpr std::size_t kMaxBlock = 256;

  // Replaces the content; `keys` may come in any order and must be distinct.
  void assign(std::vector<RankKey> keys);
  // False when the key is there already (insert) or was not there (erase).
  bool insert(const RankKey& key);
  bool erase(const RankKey& key);

  std::int64_t size() const { return size_; }
  // 1-based; nullopt when the key is not held.
  std::optional<std::int64_t> rank_of(const RankKey& key) const;
  // The keys at ranks first..last (1-based, inclusive), clipped to the size.
  std::vector<RankKey> slice(std::int64_t first, std::int64_t last) const;
  std::size_t memory_bytes() const;

 private:
  // The block a key belongs in: the first whose last key does not rank above it (or the last block).
  std::size_t block_for(const RankKey& key) const;
  std::int64_t keys_before(std::size_t block) const;
  // The block holding the key at 0-based index `index`, and the index within it.
  std::pair<std::size_t, std::size_t> locate(std::int64_t index) const;
  void fenwick_add(std::size_t block, std::int64_t delta);
  void rebuild_index();

  std::vector<std::vector<RankKey>> blocks_;
  std::vector<RankKey> last_keys_;     // blocks_[i].back()
  std::vector<std::int64_t> fenwick_;  // over blocks_[i].size()
  std::int64_t size_ = 0;
};

}  // namespace portal::leaderboard
