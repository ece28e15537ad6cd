#include "features/leaderboard/rank_order.hpp"

#include <algorithm>

namespace portal::leaderboard {

namespace {
// ranks_above for keys, as one callable: stats.hpp overloads the name for PlayerStats.
constexpr auto key_ranks_above = [](const RankKey& a, const RankKey& b) { return ranks_above(a, b); };
}  // namespace

void RankOrder::assign(std::vector<RankKey> keys) {
  std::sort(keys.begin(), keys.end(), key_ranks_above);
  blocks_.clear();
  const std::size_t fill = kMaxBlock / 2;
  for (std::size_t at = 0; at < keys.size(); at += fill) {
    const auto end = keys.begin() + static_cast<std::ptrdiff_t>(std::min(keys.size(), at + fill));
    blocks_.emplace_back(keys.begin() + static_cast<std::ptrdiff_t>(at), end);
  }
  size_ = static_cast<std::int64_t>(keys.size());
  rebuild_index();
}

void RankOrder::rebuild_index() {
  last_keys_.resize(blocks_.size());
  fenwick_.assign(blocks_.size() + 1, 0);
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    last_keys_[i] = blocks_[i].back();
    // Linear Fenwick construction: each node passes its sum to its parent.
    fenwick_[i + 1] += static_cast<std::int64_t>(blocks_[i].size());
    const std::size_t parent = (i + 1) + ((i + 1) & (~(i + 1) + 1));
    if (parent < fenwick_.size()) fenwick_[parent] += fenwick_[i + 1];
  }
}

void RankOrder::fenwick_add(std::size_t block, std::int64_t delta) {
  for (std::size_t i = block + 1; i < fenwick_.size(); i += i & (~i + 1)) fenwick_[i] += delta;
}

std::int64_t RankOrder::keys_before(std::size_t block) const {
  std::int64_t sum = 0;
  for (std::size_t i = block; i > 0; i -= i & (~i + 1)) sum += fenwick_[i];
  return sum;
}

std::pair<std::size_t, std::size_t> RankOrder::locate(std::int64_t index) const {
  // Fenwick descent: the largest prefix of whole blocks holding at most `index` keys.
  std::size_t position = 0;
  std::size_t step = 1;
  while (step * 2 < fenwick_.size()) step *= 2;
  std::int64_t remaining = index;
  for (; step > 0; step /= 2) {
    if (position + step < fenwick_.size() && fenwick_[position + step] <= remaining) {
      position += step;
      remaining -= fenwick_[position];
    }
  }
  return {position, static_cast<std::size_t>(remaining)};
}

std::size_t RankOrder::block_for(const RankKey& key) const {
  const auto it = std::lower_bound(last_keys_.begin(), last_keys_.end(), key, key_ranks_above);
  if (it == last_keys_.end()) return last_keys_.size() - 1;
  return static_cast<std::size_t>(it - last_keys_.begin());
}

bool RankOrder::insert(const RankKey& key) {
  if (blocks_.empty()) {
    blocks_.push_back({key});
    size_ = 1;
    rebuild_index();
    return true;
  }
  const std::size_t b = block_for(key);
  auto& block = blocks_[b];
  const auto at = std::lower_bound(block.begin(), block.end(), key, key_ranks_above);
  if (at != block.end() && *at == key) return false;
  block.insert(at, key);
  ++size_;
  if (block.size() > kMaxBlock) {
    std::vector<RankKey> upper(block.begin() + static_cast<std::ptrdiff_t>(block.size() / 2), block.end());
    block.resize(block.size() / 2);
    blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(b) + 1, std::move(upper));
    rebuild_index();
  } else {
    last_keys_[b] = block.back();
    fenwick_add(b, 1);
  }
  return true;
}

bool RankOrder::erase(const RankKey& key) {
  if (blocks_.empty()) return false;
  const std::size_t b = block_for(key);
  auto& block = blocks_[b];
  const auto at = std::lower_bound(block.begin(), block.end(), key, key_ranks_above);
  if (at == block.end() || !(*at == key)) return false;
  block.erase(at);
  --size_;
  if (block.empty()) {
    blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(b));
    rebuild_index();
  } else {
    last_keys_[b] = block.back();
    fenwick_add(b, -1);
  }
  return true;
}

std::optional<std::int64_t> RankOrder::rank_of(const RankKey& key) const {
  if (blocks_.empty()) return std::nullopt;
  const std::size_t b = block_for(key);
  const auto& block = blocks_[b];
  const auto at = std::lower_bound(block.begin(), block.end(), key, key_ranks_above);
  if (at == block.end() || !(*at == key)) return std::nullopt;
  return keys_before(b) + (at - block.begin()) + 1;
}

std::vector<RankKey> RankOrder::slice(std::int64_t first, std::int64_t last) const {
  std::vector<RankKey> out;
  first = std::max<std::int64_t>(first, 1);
  last = std::min(last, size_);
  if (first > last) return out;
  out.reserve(static_cast<std::size_t>(last - first + 1));
  auto [b, i] = locate(first - 1);
  for (std::int64_t n = last - first + 1; n > 0 && b < blocks_.size(); --n) {
    out.push_back(blocks_[b][i]);
    if (++i == blocks_[b].size()) {
      ++b;
      i = 0;
    }
  }
  return out;
}

std::size_t RankOrder::memory_bytes() const {
  std::size_t bytes = blocks_.capacity() * sizeof(std::vector<RankKey>) + last_keys_.capacity() * sizeof(RankKey) +
                      fenwick_.capacity() * sizeof(std::int64_t);
  for (const auto& block : blocks_) bytes += block.capacity() * sizeof(RankKey);
  return bytes;
}

}  // namespace portal::leaderboard
