#include "features/leaderboard/batch.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::leaderboard {
namespace {

core::Result<StatsBatch> parse(std::string_view text) { return parse_batch(boost::json::parse(text).as_object()); }

// A valid batch with one player whose fields are `player_fields`.
std::string with_player(const std::string& player_fields) {
  return R"({"batchId":"match-1","mode":"retakes","players":[{"steamid":"76561198000000001")" +
         (player_fields.empty() ? "" : "," + player_fields) + "}]}";
}

std::string field_of(const core::Result<StatsBatch>& result) {
  return std::string(result.error().details.at("field").as_string());
}

TEST(StatsBatch, ReadsEveryCounter) {
  const auto batch =
      parse(with_player(R"("nickname":"小明","kills":20,"deaths":7,"headshots":9,"playtime":31,"wins":8,"loses":5,)"
                        R"("rifle_kills":12,"awp_kills":3,"pistol_kills":4,"clutches":3,"clutchwins":2)"));
  ASSERT_TRUE(batch) << batch.error().message;
  EXPECT_EQ(batch->batch_id, "match-1");
  EXPECT_EQ(batch->mode, Mode::retakes);
  ASSERT_EQ(batch->players.size(), 1U);
  const auto& p = batch->players[0];
  EXPECT_EQ(p.steam_id, "76561198000000001");
  EXPECT_EQ(p.nickname, "小明");
  EXPECT_EQ(p.counters, (Counters{20, 7, 9, 31, 8, 5, 12, 3, 4, 3, 2}));
}

TEST(StatsBatch, AbsentCountersAreZeroAndAbsentNicknameKeepsTheOldOne) {
  const auto batch = parse(with_player(R"("kills":1)"));
  ASSERT_TRUE(batch);
  EXPECT_EQ(batch->players[0].counters, (Counters{.kills = 1}));
  EXPECT_FALSE(batch->players[0].nickname.has_value());
}

TEST(StatsBatch, RefusesUnknownModesAndBadIds) {
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"casual","players":[{"steamid":"76561198000000001"}]})")), "mode");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","players":[{"steamid":"76561198000000001"}]})")), "mode");
  EXPECT_EQ(field_of(parse(R"({"batchId":"has space","mode":"dm","players":[{"steamid":"76561198000000001"}]})")),
            "batchId");
  EXPECT_EQ(field_of(parse(R"({"batchId":"","mode":"dm","players":[{"steamid":"76561198000000001"}]})")), "batchId");
  EXPECT_EQ(field_of(parse(R"({"batchId":7,"mode":"dm","players":[{"steamid":"76561198000000001"}]})")), "batchId");
  EXPECT_EQ(field_of(parse(R"({"batchId":")" + std::string(65, 'x') +
                           R"(","mode":"dm","players":[{"steamid":"76561198000000001"}]})")),
            "batchId");
  EXPECT_TRUE(parse(R"({"batchId":")" + std::string(64, 'x') +
                    R"(","mode":"dm-pistol","players":[{"steamid":"76561198000000001"}]})"));
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[],"extra":1})")), "extra");
}

TEST(StatsBatch, RefusesNegativeFractionalTextAndAbsurdNumbers) {
  EXPECT_EQ(field_of(parse(with_player(R"("kills":-1)"))), "players[0].kills");
  EXPECT_EQ(field_of(parse(with_player(R"("deaths":2.5)"))), "players[0].deaths");
  EXPECT_EQ(field_of(parse(with_player(R"("deaths":"2")"))), "players[0].deaths");
  EXPECT_EQ(field_of(parse(with_player(R"("kills":1001)"))), "players[0].kills");
  EXPECT_EQ(field_of(parse(with_player(R"("kills":18446744073709551615)"))), "players[0].kills");
  EXPECT_EQ(field_of(parse(with_player(R"("playtime":721)"))), "players[0].playtime");
  EXPECT_EQ(field_of(parse(with_player(R"("wins":101)"))), "players[0].wins");
  EXPECT_TRUE(parse(with_player(R"("kills":1000,"deaths":1000,"playtime":720,"wins":100,"loses":100)")));
}

TEST(StatsBatch, RefusesInconsistentCounters) {
  EXPECT_EQ(field_of(parse(with_player(R"("kills":3,"headshots":4)"))), "players[0].headshots");
  EXPECT_EQ(field_of(parse(with_player(R"("kills":5,"rifle_kills":3,"awp_kills":2,"pistol_kills":1)"))),
            "players[0].rifle_kills");
  EXPECT_EQ(field_of(parse(with_player(R"("clutches":1,"clutchwins":2)"))), "players[0].clutchwins");
}

TEST(StatsBatch, RefusesBadPlayers) {
  EXPECT_EQ(field_of(parse(with_player(R"("kils":3)"))), "players[0].kils");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[{"kills":1}]})")), "players[0].steamid");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[{"steamid":"12345"}]})")), "players[0].steamid");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[3]})")), "players[0]");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[{"steamid":"76561198000000001"},)"
                           R"({"steamid":"76561198000000001"}]})")),
            "players[1].steamid");
  EXPECT_EQ(field_of(parse(R"({"batchId":"a","mode":"dm","players":[]})")), "players");
  std::string many = R"({"batchId":"a","mode":"dm","players":[)";
  for (int i = 0; i < 129; ++i)
    many += std::string(i ? "," : "") + R"({"steamid":"765611980000)" + std::to_string(10000 + i) + "\"}";
  EXPECT_EQ(field_of(parse(many + "]}")), "players");
}

TEST(StatsBatch, NicknamesAreCleanUtf8OfAtMost64Bytes) {
  EXPECT_TRUE(parse(with_player(R"("nickname":")" + std::string(64, 'n') + "\"")));
  EXPECT_EQ(field_of(parse(with_player(R"("nickname":")" + std::string(65, 'n') + "\""))), "players[0].nickname");
  EXPECT_EQ(field_of(parse(with_player(R"("nickname":"tab\there")"))), "players[0].nickname");
  EXPECT_EQ(field_of(parse(with_player(R"("nickname":"nul\u0000")"))), "players[0].nickname");
  EXPECT_EQ(field_of(parse(with_player(R"("nickname":"c1\u0085")"))), "players[0].nickname");
  EXPECT_EQ(field_of(parse(with_player(R"("nickname":5)"))), "players[0].nickname");
  EXPECT_TRUE(parse(with_player(R"("nickname":"Ünïcødé 玩家 🎯")")));
}

TEST(StatsBatch, ContentHashFollowsTheContentOnly) {
  const auto a = parse(with_player(R"("kills":3,"nickname":"a")"));
  const auto same = parse(with_player(R"("nickname":"a","kills":3)"));
  const auto other = parse(with_player(R"("kills":4,"nickname":"a")"));
  const auto renamed = parse(with_player(R"("kills":3,"nickname":"b")"));
  ASSERT_TRUE(a && same && other && renamed);
  EXPECT_EQ(content_hash(*a), content_hash(*same));
  EXPECT_NE(content_hash(*a), content_hash(*other));
  EXPECT_NE(content_hash(*a), content_hash(*renamed));
}

}  // namespace
}  // namespace portal::leaderboard
