// The leaderboard end to end over HTTP: a game server posts stats batches, the ranking job ranks them,
// and the four read endpoints answer from the ranking (production mode, so no demo data is seeded).

#include "core/crypto.hpp"
#include "core/clock.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/leaderboard/season_repository.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/servers/repository.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace portal::test {
namespace {

namespace json = boost::json;

constexpr const char* kPluginKey = "stats-key-of-the-test-server";
constexpr std::int64_t kDay = 86400;

std::string steam_id(int n) { return std::to_string(76561198000000000LL + n); }

// A batch where player i (1..count) has 100 - i kills and i deaths, so rank i is player i.
std::string batch(const std::string& id, const std::string& mode, int count, int kills_bonus = 0) {
  json::array players;
  for (int i = 1; i <= count; ++i) {
    players.push_back({{"steamid", steam_id(i)},
                       {"nickname", "player " + std::to_string(i)},
                       {"kills", 100 - i + kills_bonus},
                       {"deaths", i},
                       {"headshots", 10},
                       {"playtime", 30}});
  }
  return json::serialize(json::object{{"batchId", id}, {"mode", mode}, {"players", players}});
}

class LeaderboardFunctional : public ::testing::Test {
 protected:
  // Set by the seed below, so declared before the app.
  std::int64_t first_season = 0;
  std::int64_t second_season = 0;
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.leaderboard.refresh_interval_s = 1;
            c.servers.query_timeout_ms = 200;  // the seeded server does not answer A2S
          },
      .seed =
          [this](db::Database& database) {
            servers::Repository repository(database);
            servers::GameServer server;
            server.ip = "10.9.8.7";
            server.port = 27015;
            server.name = "Stats server";
            server.category = "dm";
            server.region = "ap-shanghai";
            server.plugin_key_hash = core::sha256_hex(kPluginKey);
            repository.insert(server);

            leaderboard::SeasonRepository season_repository(database);
            leaderboard::Seasons seasons(season_repository, core::system_unix_now);
            first_season = seasons.add("S1", core::system_unix_now() - 60 * kDay, "test")->id;
            second_season = seasons.add("S2", core::system_unix_now() - kDay, "test")->id;

            auth::MembershipRepository membership_repository(database);
            auth::MembershipService memberships(membership_repository, core::system_unix_now);
            ASSERT_TRUE(memberships.grant_group(steam_id(3), "pro", std::nullopt, "test"));
            ASSERT_TRUE(memberships.grant_group(steam_id(60), "op", std::nullopt, "test"));
            ASSERT_TRUE(memberships.grant_group(steam_id(61), "kol", 30, "test"));
          },
  }};
  HttpClient http;

  HttpResult get(const std::string& path) { return http.get(app.url(path)); }
  HttpResult post_stats(const std::string& body, const std::string& key = kPluginKey) {
    std::vector<std::string> headers;
    if (!key.empty()) headers.push_back("Authorization: Bearer " + key);
    return http.post_json(app.url("/api/plugin/stats"), body, headers);
  }

  // Waits (up to 20 s) for the ranking job to publish a ranking of `mode` with `total` players.
  json::object ranked_page(const std::string& mode, const std::string& query, std::int64_t total) {
    json::object page;
    for (int attempt = 0; attempt < 200; ++attempt) {
      const auto answer = get("/api/leaderboard/" + mode + query);
      if (answer.status == 200) {
        page = answer.json().as_object();
        if (page.at("total").as_int64() == total) return page;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "no ranking of " << total << " players for " << mode << query << ": " << json::serialize(page);
    return page;
  }
};

TEST_F(LeaderboardFunctional, IngestedStatsAreRankedAndServed) {
  const auto applied = post_stats(batch("match-1", "dm", 70));
  ASSERT_EQ(applied.status, 200) << applied.body;
  EXPECT_EQ(applied.json().at("applied").as_bool(), true);
  EXPECT_EQ(applied.json().at("seasonId").as_int64(), second_season);

  const auto first_page = ranked_page("dm", "?page=1&season=" + std::to_string(second_season), 70);
  EXPECT_EQ(first_page.at("totalPages").as_int64(), 2);
  EXPECT_EQ(first_page.at("pageSize").as_int64(), 50);
  const auto& rows = first_page.at("data").as_array();
  ASSERT_EQ(rows.size(), 50U);
  const auto& third = rows[2].as_object();
  EXPECT_EQ(third.at("steamid").as_string(), steam_id(3));
  EXPECT_EQ(third.at("rank").as_int64(), 3);
  EXPECT_EQ(third.at("nickname").as_string(), "player 3");
  EXPECT_EQ(third.at("kills").as_int64(), 97);
  EXPECT_EQ(third.at("deaths").as_int64(), 3);
  EXPECT_EQ(third.at("usergroup").as_array(), json::array{"pro"});
  EXPECT_TRUE(third.at("avatar_url").is_null());

  const auto second_page = get("/api/leaderboard/dm?page=2&season=" + std::to_string(second_season)).json();
  EXPECT_EQ(second_page.at("data").as_array().size(), 20U);
  EXPECT_EQ(second_page.at("data").as_array()[0].at("rank").as_int64(), 51);
  EXPECT_TRUE(get("/api/leaderboard/dm?page=3").json().at("data").as_array().empty()) << "past the end";

  const auto top = get("/api/leaderboard/dm/top?season=" + std::to_string(second_season)).json();
  ASSERT_EQ(top.at("data").as_array().size(), 5U);
  EXPECT_EQ(top.at("data").as_array()[0].at("steamid").as_string(), steam_id(1));

  // All time holds the same batch; the first season got nothing.
  EXPECT_EQ(ranked_page("dm", "?season=all", 70).at("data").as_array()[0].at("steamid").as_string(), steam_id(1));
  EXPECT_EQ(get("/api/leaderboard/dm?season=" + std::to_string(first_season)).json().at("total").as_int64(), 0);
  EXPECT_EQ(get("/api/leaderboard/solo").json().at("total").as_int64(), 0);

  // Group filters list only their members, numbered from 1 (at the standings' next follow).
  const auto filtered = ranked_page("dm", "?usergroup=op,kol,pro&season=all", 3);
  const auto& members = filtered.at("data").as_array();
  ASSERT_EQ(members.size(), 3U);
  EXPECT_EQ(members[0].at("steamid").as_string(), steam_id(3));
  EXPECT_EQ(members[1].at("position").as_int64(), 2);
  EXPECT_EQ(members[1].at("rank").as_int64(), 60);
  EXPECT_EQ(members[2].at("usergroup").as_array(), json::array{"kol"});
  EXPECT_EQ(get("/api/leaderboard/dm?usergroup=op").json().at("total").as_int64(), 1);

  const auto mine = get("/api/leaderboard/user/" + steam_id(2) + "?season=" + std::to_string(second_season)).json();
  ASSERT_EQ(mine.at("data").as_array().size(), 1U);
  EXPECT_EQ(mine.at("data").as_array()[0].at("mode").as_string(), "dm");
  EXPECT_EQ(mine.at("data").as_array()[0].at("rank").as_int64(), 2);
  EXPECT_TRUE(get("/api/leaderboard/user/" + steam_id(2) + "?season=" + std::to_string(first_season))
                  .json()
                  .at("data")
                  .as_array()
                  .empty());

  const auto seasons = get("/api/leaderboard/seasons").json().as_array();
  ASSERT_EQ(seasons.size(), 2U);
  EXPECT_EQ(seasons[0].at("id").as_int64(), second_season) << "newest first";
  EXPECT_EQ(seasons[0].at("current").as_bool(), true);
  EXPECT_EQ(seasons[1].at("name").as_string(), "S1");
}

TEST_F(LeaderboardFunctional, ARepeatedBatchChangesNothing) {
  ASSERT_EQ(post_stats(batch("round-7", "retakes", 3)).status, 200);
  const auto again = post_stats(batch("round-7", "retakes", 3));
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json().at("applied").as_bool(), false);
  EXPECT_EQ(again.json().at("duplicate").as_bool(), true);

  const auto reused = post_stats(batch("round-7", "retakes", 3, 1));
  EXPECT_EQ(reused.status, 409);
  EXPECT_EQ(error_code(reused), "BATCH_ID_REUSED");

  const auto page = ranked_page("retakes", "", 3);
  EXPECT_EQ(page.at("data").as_array()[0].at("kills").as_int64(), 99) << "counted once";
}

TEST_F(LeaderboardFunctional, BadBatchesAreRefusedWholly) {
  EXPECT_EQ(post_stats(batch("a", "dm", 2), "").status, 401);
  const auto wrong_key = post_stats(batch("a", "dm", 2), "not-the-key");
  EXPECT_EQ(wrong_key.status, 401);
  EXPECT_EQ(error_code(wrong_key), "INVALID_SERVER_KEY");

  const auto unknown_mode = post_stats(batch("a", "casual", 2));
  EXPECT_EQ(unknown_mode.status, 422);
  EXPECT_EQ(unknown_mode.json().at("details").at("field").as_string(), "mode");

  // The second player's negative kills refuse the batch: the first player is not applied either.
  const auto negative = post_stats(R"({"batchId":"b","mode":"dm","players":[{"steamid":")" + steam_id(1) +
                                   R"(","kills":5},{"steamid":")" + steam_id(2) + R"(","kills":-1}]})");
  EXPECT_EQ(negative.status, 422);
  EXPECT_EQ(negative.json().at("details").at("field").as_string(), "players[1].kills");
  const auto absurd =
      post_stats(R"({"batchId":"c","mode":"dm","players":[{"steamid":")" + steam_id(1) + R"(","kills":100000}]})");
  EXPECT_EQ(absurd.status, 422);
  EXPECT_EQ(post_stats("not json").status, 400);

  EXPECT_TRUE(get("/api/leaderboard/user/" + steam_id(1)).json().at("data").as_array().empty())
      << "nothing of a refused batch was applied";
}

TEST_F(LeaderboardFunctional, ReadErrorsUseTheSharedShape) {
  const auto mode = get("/api/leaderboard/casual");
  EXPECT_EQ(mode.status, 404);
  EXPECT_EQ(error_code(mode), "UNKNOWN_MODE");
  const auto season = get("/api/leaderboard/dm?season=999");
  EXPECT_EQ(season.status, 404);
  EXPECT_EQ(error_code(season), "SEASON_NOT_FOUND");
  EXPECT_EQ(get("/api/leaderboard/dm/top?season=999").status, 404);
  EXPECT_EQ(get("/api/leaderboard/user/" + steam_id(1) + "?season=999").status, 404);

  for (const std::string query : {"?page=0", "?page=abc", "?page=-1", "?page=1000001"}) {
    const auto page = get("/api/leaderboard/dm" + query);
    EXPECT_EQ(page.status, 422) << query;
    EXPECT_EQ(page.json().at("details").at("field").as_string(), "page") << query;
  }
  EXPECT_EQ(get("/api/leaderboard/dm?usergroup=vip").json().at("details").at("field").as_string(), "usergroup");
  EXPECT_EQ(get("/api/leaderboard/dm?season=last").json().at("details").at("field").as_string(), "season");
  EXPECT_EQ(get("/api/leaderboard/user/12345").json().at("details").at("field").as_string(), "steamId");
}

}  // namespace
}  // namespace portal::test
