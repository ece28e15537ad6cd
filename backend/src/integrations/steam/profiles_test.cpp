#include "integrations/steam/profiles.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::integrations::steam {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;
using ::testing::Not;

// Shaped like a real answer: two players, not in the order asked, with the fields Steam sends.
constexpr std::string_view kSummaries = R"({"response":{"players":[
  {"steamid":"76561197960361544","communityvisibilitystate":3,"profilestate":1,"personaname":"Other",
   "profileurl":"https://steamcommunity.com/id/other/","avatar":"https://avatars.steamstatic.com/b.jpg",
   "avatarmedium":"https://avatars.steamstatic.com/b_medium.jpg","avatarfull":"https://avatars.steamstatic.com/b_full.jpg",
   "avatarhash":"b","personastate":0},
  {"steamid":"76561197972494985","communityvisibilitystate":1,"profilestate":1,"personaname":"Jürgen <3",
   "profileurl":"https://steamcommunity.com/profiles/76561197972494985/","avatar":"https://avatars.steamstatic.com/a.jpg",
   "avatarmedium":"https://avatars.steamstatic.com/a_medium.jpg","avatarfull":"https://avatars.steamstatic.com/a_full.jpg",
   "avatarhash":"a","personastate":1,"lastlogoff":1700000000}
]}})";

TEST(SteamProfilesParse, FindsThePlayerByIdInAnyPosition) {
  auto result = parse_player_summaries(kSummaries, 76561197972494985ULL);
  ASSERT_TRUE(result.ok()) << result.error().message;
  ASSERT_TRUE(result->has_value());
  EXPECT_EQ((*result)->steam_id, "76561197972494985");
  EXPECT_EQ((*result)->persona_name, "Jürgen <3");
  EXPECT_EQ((*result)->avatar_url, "https://avatars.steamstatic.com/a_full.jpg");
}

TEST(SteamProfilesParse, UnknownIdsAreAbsentNotAnError) {
  auto result = parse_player_summaries(R"({"response":{"players":[]}})", 76561197972494985ULL);
  ASSERT_TRUE(result.ok());
  EXPECT_FALSE(result->has_value());
  auto other = parse_player_summaries(kSummaries, 76561197960265729ULL);
  ASSERT_TRUE(other.ok());
  EXPECT_FALSE(other->has_value());
}

TEST(SteamProfilesParse, MissingOrOddFieldsBecomeEmpty) {
  auto result = parse_player_summaries(
      R"j({"response":{"players":[{"steamid":"76561197972494985","personaname":7,"avatarfull":"javascript:alert(1)"}]}})j",
      76561197972494985ULL);
  ASSERT_TRUE(result.ok());
  ASSERT_TRUE(result->has_value());
  EXPECT_EQ((*result)->persona_name, "");
  EXPECT_EQ((*result)->avatar_url, "");
}

TEST(SteamProfilesParse, OtherShapesAreUnavailable) {
  for (const char* body : {"", "not json", "[]", R"({"response":{}})", R"({"response":{"players":{}}})",
                           R"({"players":[]})", "<html>Error</html>"}) {
    SCOPED_TRACE(body);
    auto result = parse_player_summaries(body, 76561197972494985ULL);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().kind, core::ErrorKind::unavailable);
    EXPECT_EQ(result.error().code, "STEAM_UNAVAILABLE");
  }
}

TEST(SteamWebApiProfiles, AsksGetPlayerSummariesV2ForOneId) {
  test::FakeHttpClient http;
  http.reply_with(200, std::string(kSummaries));
  WebApiProfiles profiles("KEY+/1", http, "https://api.example");
  auto result = profiles.fetch(76561197972494985ULL);
  ASSERT_TRUE(result.ok());
  ASSERT_TRUE(result->has_value());
  EXPECT_EQ((*result)->persona_name, "Jürgen <3");
  ASSERT_EQ(http.calls().size(), 1u);
  EXPECT_EQ(http.calls()[0].method, "GET");
  EXPECT_EQ(http.calls()[0].url,
            "https://api.example/ISteamUser/GetPlayerSummaries/v0002/?key=KEY%2B%2F1&steamids=76561197972494985");
  EXPECT_EQ(http.calls()[0].timeout, 6s);
}

TEST(SteamWebApiProfiles, HttpAndNetworkFailuresAreUnavailableAndNeverNameTheKey) {
  test::FakeHttpClient http;
  http.push(upstream_unavailable("Could not resolve host: api.steampowered.com"));
  for (int status : {403, 429, 500, 404}) http.reply_with(status, "nope");
  http.reply_with(200, "<html>");
  WebApiProfiles profiles("SECRETKEY", http);
  for (int i = 0; i < 6; ++i) {
    auto result = profiles.fetch(76561197972494985ULL);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().kind, core::ErrorKind::unavailable);
    EXPECT_EQ(result.error().code, "STEAM_UNAVAILABLE");
    EXPECT_THAT(result.error().message, Not(HasSubstr("SECRETKEY")));
  }
}

}  // namespace
}  // namespace portal::integrations::steam
