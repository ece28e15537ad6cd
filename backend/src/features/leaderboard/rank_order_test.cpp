// RankOrder against std::set with the same comparator, through enough inserts and erases to split
// blocks, empty them and move players up and down.

#include "features/leaderboard/rank_order.hpp"

#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <set>

namespace portal::leaderboard {
namespace {

struct Above {
  bool operator()(const RankKey& a, const RankKey& b) const { return ranks_above(a, b); }
};

void expect_same(const RankOrder& order, const std::set<RankKey, Above>& reference, std::mt19937& random) {
  ASSERT_EQ(order.size(), static_cast<std::int64_t>(reference.size()));
  if (reference.empty()) return;
  const std::vector<RankKey> all(reference.begin(), reference.end());
  for (int probe = 0; probe < 50; ++probe) {
    const auto index = static_cast<std::int64_t>(random() % all.size());
    EXPECT_EQ(order.rank_of(all[static_cast<std::size_t>(index)]), index + 1);
    const auto slice = order.slice(index + 1, index + 50);
    const auto expected_size = std::min<std::int64_t>(50, static_cast<std::int64_t>(all.size()) - index);
    ASSERT_EQ(static_cast<std::int64_t>(slice.size()), expected_size);
    for (std::size_t i = 0; i < slice.size(); ++i) EXPECT_EQ(slice[i], all[static_cast<std::size_t>(index) + i]);
  }
}

TEST(RankOrder, OrdersByKillsThenFewerDeathsThenLowerSteamId) {
  RankOrder order;
  order.assign({{10, 5, 3}, {10, 2, 9}, {12, 20, 1}, {10, 2, 4}});
  const auto all = order.slice(1, 10);
  ASSERT_EQ(all.size(), 4U);
  EXPECT_EQ(all[0], (RankKey{12, 20, 1}));
  EXPECT_EQ(all[1], (RankKey{10, 2, 4}));
  EXPECT_EQ(all[2], (RankKey{10, 2, 9}));
  EXPECT_EQ(all[3], (RankKey{10, 5, 3}));
  EXPECT_EQ(order.rank_of({10, 5, 3}), 4);
  EXPECT_FALSE(order.rank_of({10, 5, 4}).has_value());
  EXPECT_TRUE(order.slice(5, 9).empty());
  EXPECT_EQ(order.slice(0, 1).size(), 1U) << "ranks start at 1";
}

TEST(RankOrder, AgreesWithASortedSetThroughSplitsAndEmptiedBlocks) {
  std::mt19937 random(11);
  RankOrder order;
  std::set<RankKey, Above> reference;
  std::vector<RankKey> initial;
  for (std::uint64_t id = 1; id <= 5000; ++id) {
    const RankKey key{static_cast<std::int64_t>(random() % 300), static_cast<std::int64_t>(random() % 20), id};
    initial.push_back(key);
    reference.insert(key);
  }
  order.assign(initial);
  expect_same(order, reference, random);

  // Players gain kills (move up), new players arrive at the bottom, a run of players leaves: blocks
  // split past kMaxBlock and whole blocks empty.
  std::uint64_t next_id = 5001;
  for (int round = 0; round < 20; ++round) {
    for (int i = 0; i < 1000; ++i) {
      const auto choice = random() % 10;
      if (choice < 6 && !reference.empty()) {
        auto it = std::next(reference.begin(), static_cast<std::ptrdiff_t>(random() % reference.size()));
        RankKey moved = *it;
        ASSERT_TRUE(order.erase(moved));
        reference.erase(it);
        moved.kills += static_cast<std::int64_t>(random() % 5);
        moved.deaths += static_cast<std::int64_t>(random() % 3);
        ASSERT_TRUE(order.insert(moved));
        reference.insert(moved);
      } else if (choice < 9) {
        const RankKey fresh{0, static_cast<std::int64_t>(random() % 3), next_id++};
        ASSERT_TRUE(order.insert(fresh));
        reference.insert(fresh);
      } else if (!reference.empty()) {
        const RankKey gone = *reference.rbegin();
        ASSERT_TRUE(order.erase(gone));
        reference.erase(gone);
      }
    }
    expect_same(order, reference, random);
  }
  EXPECT_FALSE(order.insert(*reference.begin())) << "a held key is not inserted twice";
  EXPECT_FALSE(order.erase(RankKey{-1, 0, 1})) << "a key never held is not erased";
}

TEST(RankOrder, EmptiesAndFillsAgain) {
  RankOrder order;
  EXPECT_EQ(order.size(), 0);
  EXPECT_FALSE(order.rank_of({1, 1, 1}).has_value());
  EXPECT_FALSE(order.erase({1, 1, 1}));
  for (std::uint64_t id = 1; id <= 3000; ++id) ASSERT_TRUE(order.insert({1, 0, id}));
  for (std::uint64_t id = 1; id <= 3000; ++id) ASSERT_TRUE(order.erase({1, 0, id}));
  EXPECT_EQ(order.size(), 0);
  EXPECT_TRUE(order.slice(1, 50).empty());
  ASSERT_TRUE(order.insert({2, 0, 7}));
  EXPECT_EQ(order.rank_of({2, 0, 7}), 1);
}

}  // namespace
}  // namespace portal::leaderboard
