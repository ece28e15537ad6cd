#include "features/leaderboard/stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace portal::leaderboard {
namespace {

PlayerStats player(std::string steam_id, std::int64_t kills, std::int64_t deaths) {
  return PlayerStats{std::move(steam_id), Counters{.kills = kills, .deaths = deaths}};
}

TEST(RankingOrder, MoreKillsThenFewerDeathsThenLowerSteamId) {
  std::vector<PlayerStats> players{
      player("76561198000000009", 10, 5), player("76561198000000001", 12, 30), player("76561198000000003", 10, 2),
      player("76561198000000002", 10, 5), player("76561198000000004", 0, 0),   player("76561198000000005", 10, 0),
  };
  std::sort(players.begin(), players.end(),
            [](const PlayerStats& a, const PlayerStats& b) { return ranks_above(a, b); });
  std::vector<std::string> order;
  for (const auto& p : players) order.push_back(p.steam_id);
  EXPECT_EQ(order, (std::vector<std::string>{"76561198000000001", "76561198000000005", "76561198000000003",
                                             "76561198000000002", "76561198000000009", "76561198000000004"}));
}

TEST(RankingOrder, IsAStrictOrderWithoutTiesBetweenPlayers) {
  const auto a = player("76561198000000001", 5, 5);
  const auto b = player("76561198000000002", 5, 5);
  EXPECT_TRUE(ranks_above(a, b));
  EXPECT_FALSE(ranks_above(b, a));
  EXPECT_FALSE(ranks_above(a, a));
}

TEST(Counters, AddFieldByField) {
  Counters total{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  total += Counters{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(total, (Counters{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
}

}  // namespace
}  // namespace portal::leaderboard
