#include "features/servers/tracker.hpp"

#include "features/servers/live_state.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace portal::servers {
namespace {

using namespace std::chrono_literals;

GameServer server(std::int64_t id) {
  GameServer s;
  s.id = id;
  s.ip = "127.0.0.1";
  s.port = 27000 + static_cast<int>(id);
  s.name = "server " + std::to_string(id);
  s.category = "deathmatch";
  s.region = "ap-shanghai";
  return s;
}

LiveReading answered(int players, int max_players, std::string map = "de_dust2") {
  LiveReading r;
  r.answered = true;
  r.players = players;
  r.max_players = max_players;
  r.map = std::move(map);
  r.has_player_list = true;
  r.player_list = {{"alice", 61}};
  return r;
}

class TrackerTest : public ::testing::Test {
 protected:
  Tracker tracker{{.offline_after_misses = 3, .plugin_fresh = 30s}};
  Tracker::Clock::time_point t0 = Tracker::Clock::now();
};

TEST_F(TrackerTest, AnsweringServerIsOpenWithItsData) {
  auto snap = tracker.apply_cycle({server(1)}, {answered(5, 16)}, t0);
  ASSERT_EQ(snap->servers.size(), 1u);
  const auto& v = snap->servers[0];
  EXPECT_TRUE(v.open);
  EXPECT_EQ(v.players, 5);
  EXPECT_EQ(v.max_players, 16);
  EXPECT_EQ(v.map, "de_dust2");
  EXPECT_EQ(v.player_list.size(), 1u);
}

TEST_F(TrackerTest, PingIsTheLastAnswersRoundTripAndGoneWhenOffline) {
  auto reading = answered(5, 16);
  reading.ping_ms = 23;
  auto snap = tracker.apply_cycle({server(1)}, {reading}, t0);
  ASSERT_TRUE(snap->servers[0].ping_ms.has_value());
  EXPECT_EQ(*snap->servers[0].ping_ms, 23);
  EXPECT_EQ(snap->servers[0].tickrate, kDefaultTickrate);
  EXPECT_EQ(kDefaultTickrate, 64);

  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 10s);
  EXPECT_EQ(snap->servers[0].ping_ms, 23) << "one miss keeps the last data";
  tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 20s);
  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 30s);
  EXPECT_FALSE(snap->servers[0].open);
  EXPECT_FALSE(snap->servers[0].ping_ms.has_value()) << "no ping for a server that does not answer";
  EXPECT_FALSE(tracker.apply_cycle({server(2)}, {LiveReading{}}, t0)->servers[0].ping_ms.has_value());
}

TEST(SharedLiveList, CarriesPingAndTickrateAndReadsOlderRowsWithout) {
  ServerView online;
  online.id = 1;
  online.ping_ms = 17;
  online.tickrate = 128;
  ServerView offline;
  offline.id = 2;
  const auto views = decode_views(encode_views({online, offline}));
  ASSERT_EQ(views.size(), 2u);
  EXPECT_EQ(views[0].ping_ms, 17);
  EXPECT_EQ(views[0].tickrate, 128);
  EXPECT_FALSE(views[1].ping_ms.has_value());

  // A row published by an instance from before ping and tickrate were shared.
  const auto old = decode_views(
      R"([{"id":3,"ip":"127.0.0.1","port":27015,"name":"a","name_display":"","category":"deathmatch",)"
      R"("region":"ap-shanghai","ontop":0,"star":0,"open":true,"map":"de_dust2","players":1,"max_players":10,)"
      R"("player_list":[]}])");
  ASSERT_EQ(old.size(), 1u);
  EXPECT_FALSE(old[0].ping_ms.has_value());
  EXPECT_EQ(old[0].tickrate, kDefaultTickrate);
}

TEST_F(TrackerTest, NeverAnsweredServerIsClosed) {
  auto snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0);
  EXPECT_FALSE(snap->servers[0].open);
  EXPECT_EQ(snap->servers[0].players, 0);
}

TEST_F(TrackerTest, OfflineOnlyAfterTheConfiguredMissesAndBackOnItsOwn) {
  tracker.apply_cycle({server(1)}, {answered(5, 16)}, t0);
  auto snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 10s);
  EXPECT_TRUE(snap->servers[0].open) << "one miss keeps the last data";
  EXPECT_EQ(snap->servers[0].players, 5);
  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 20s);
  EXPECT_TRUE(snap->servers[0].open);
  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 30s);
  EXPECT_FALSE(snap->servers[0].open) << "three misses";
  EXPECT_EQ(snap->servers[0].players, 0);
  EXPECT_EQ(snap->servers[0].map, "de_dust2") << "the last known map stays";
  snap = tracker.apply_cycle({server(1)}, {answered(2, 16)}, t0 + 40s);
  EXPECT_TRUE(snap->servers[0].open);
  EXPECT_EQ(snap->servers[0].players, 2);
}

TEST_F(TrackerTest, MissingPlayerListKeepsThePreviousNames) {
  tracker.apply_cycle({server(1)}, {answered(5, 16)}, t0);
  LiveReading info_only = answered(6, 16);
  info_only.has_player_list = false;
  info_only.player_list.clear();
  auto snap = tracker.apply_cycle({server(1)}, {info_only}, t0 + 10s);
  EXPECT_EQ(snap->servers[0].players, 6);
  ASSERT_EQ(snap->servers[0].player_list.size(), 1u);
  EXPECT_EQ(snap->servers[0].player_list[0].name, "alice");
}

TEST_F(TrackerTest, FreshPluginPushWinsThenExpires) {
  tracker.apply_cycle({server(1)}, {answered(5, 16)}, t0);
  auto snap = tracker.apply_push(1, {.map = "de_nuke", .max_players = 20, .players = {{"bob", 5}, {"eve", 9}}}, t0);
  EXPECT_EQ(snap->servers[0].map, "de_nuke");
  EXPECT_EQ(snap->servers[0].players, 2);
  EXPECT_EQ(snap->servers[0].player_list[1].name, "eve");
  snap = tracker.apply_cycle({server(1)}, {answered(5, 16)}, t0 + 31s);
  EXPECT_EQ(snap->servers[0].map, "de_dust2") << "a stale push gives way to A2S";
}

TEST_F(TrackerTest, RemovedServersDisappearAndOrderFollowsTheList) {
  tracker.apply_cycle({server(1), server(2)}, {answered(1, 10), answered(2, 10)}, t0);
  auto snap = tracker.apply_cycle({server(2)}, {answered(3, 10)}, t0 + 10s);
  ASSERT_EQ(snap->servers.size(), 1u);
  EXPECT_EQ(snap->servers[0].id, 2);
}

TEST(Snapshot, ItemHasExactlyTheSpecFields) {
  ServerView v;
  v.ip = "10.0.0.1";
  v.port = 27015;
  v.name = "DM #1";
  v.category = "deathmatch";
  v.region = "ap-shanghai";
  v.open = true;
  v.players = 7;
  v.max_players = 16;
  v.map = "de_mirage";
  v.ontop = 2;
  auto snap = make_snapshot({v});
  const auto items = boost::json::parse(*snap->json).as_array();
  ASSERT_EQ(items.size(), 1u);
  const auto& item = items[0].as_object();
  EXPECT_EQ(item.size(), 12u);
  EXPECT_EQ(item.at("players").as_string(), "7/16");
  EXPECT_EQ(item.at("players_max").as_int64(), 16);
  EXPECT_EQ(item.at("open").as_int64(), 1);
  EXPECT_EQ(item.at("ontop").as_int64(), 2);
  EXPECT_EQ(item.at("name_display").as_string(), "");
  EXPECT_FALSE(snap->etag.empty());
  EXPECT_NE(make_snapshot({})->etag, snap->etag);
}

TEST(GameServerRules, Validation) {
  GameServer s = server(1);
  EXPECT_FALSE(validate(s).has_value());
  s.category = "surf";
  ASSERT_TRUE(validate(s).has_value());
  EXPECT_EQ(validate(s)->details.at("field").as_string(), "category");
  s = server(1);
  s.ip = "not-an-ip";
  EXPECT_EQ(validate(s)->details.at("field").as_string(), "ip");
  s = server(1);
  s.region = "mars";
  EXPECT_EQ(validate(s)->details.at("field").as_string(), "region");
  s = server(1);
  s.port = 70000;
  EXPECT_EQ(validate(s)->details.at("field").as_string(), "port");
}

TEST_F(TrackerTest, APushFromAnotherInstanceCountsUntilItIsStale) {
  PluginPush push{"de_ancient", 10, {{"Zhang San", 120}}};
  tracker.note_push(1, push, t0 - 10s);
  auto snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0);
  EXPECT_TRUE(snap->servers[0].open);
  EXPECT_EQ(snap->servers[0].map, "de_ancient");
  // An older report does not replace a newer one.
  tracker.note_push(1, PluginPush{"de_nuke", 10, {}}, t0 - 20s);
  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 1s);
  EXPECT_EQ(snap->servers[0].map, "de_ancient");
  snap = tracker.apply_cycle({server(1)}, {LiveReading{}}, t0 + 21s);
  EXPECT_FALSE(snap->servers[0].open);
}

TEST_F(TrackerTest, AFollowerServesTheSharedListWithItsOwnPushesOverIt) {
  std::vector<std::int64_t> shared;
  tracker.on_push([&](std::int64_t id, const PluginPush&) { shared.push_back(id); });
  tracker.set_leading(false);
  ServerView one;
  one.id = 1;
  one.name = "server 1";
  one.map = "de_dust2";
  ServerView two = one;
  two.id = 2;
  auto snap = tracker.adopt({one, two});
  ASSERT_EQ(snap->servers.size(), 2u);
  snap = tracker.apply_push(2, PluginPush{"de_inferno", 12, {{"Li Si", 5}}}, t0);
  ASSERT_EQ(snap->servers.size(), 2u);
  EXPECT_FALSE(snap->servers[0].open);
  EXPECT_TRUE(snap->servers[1].open);
  EXPECT_EQ(snap->servers[1].map, "de_inferno");
  EXPECT_EQ(snap->servers[1].players, 1);
  EXPECT_EQ(shared, (std::vector<std::int64_t>{2}));
  // The next shared list replaces it.
  snap = tracker.adopt({one});
  ASSERT_EQ(snap->servers.size(), 1u);
}

}  // namespace
}  // namespace portal::servers
