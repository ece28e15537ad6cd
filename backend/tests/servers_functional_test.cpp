// The servers feature end to end: the refresher against simulated CS2 servers, the three read
// endpoints, the plugin push and the announcement.

#include "core/crypto.hpp"
#include "core/gzip.hpp"
#include "features/content/announcements.hpp"
#include "features/servers/repository.hpp"
#include "sim/cs2/sim_cluster.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json/serialize.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

namespace portal::test {
namespace {

using ::testing::HasSubstr;

sim::SimServerSpec spec(std::string name, int max_players, int players) {
  sim::SimServerSpec s;
  s.name = std::move(name);
  s.map = "de_dust2";
  s.max_players = max_players;
  s.initial_players = players;
  s.churn = 0;  // the player counts stay as set, so assertions are exact
  return s;
}

// Servers: 0 online with RCON, 1 full, 2 empty, 3 never answers, 4 answers only after a challenge.
std::vector<sim::SimServerSpec> specs() {
  auto online = spec("Online DM", 16, 5);
  online.rcon_password = "rcon-secret";
  auto full = spec("Full Retakes", 10, 10);
  auto empty = spec("Empty 1v1", 2, 0);
  auto dead = spec("Dead", 16, 3);
  dead.offline = true;
  auto challenged = spec("Challenged", 12, 4);
  challenged.require_challenge = true;
  return {online, full, empty, dead, challenged};
}

class ServersFunctional : public ::testing::Test {
 protected:
  sim::SimCluster cluster{specs(), 7};
  std::vector<std::uint16_t> ports = cluster.ports();
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.servers.refresh_interval_s = 1;
            c.servers.query_timeout_ms = 300;
            c.servers.offline_after_misses = 1;
          },
      .seed =
          [this](db::Database& database) {
            servers::Repository repository(database);
            const char* categories[] = {"deathmatch", "retakes", "solo 1v1", "casual", "competitive"};
            const auto all = specs();
            for (std::size_t i = 0; i < all.size(); ++i) {
              servers::GameServer s;
              s.ip = "127.0.0.1";
              s.port = ports[i];
              s.name = all[i].name;
              s.category = categories[i];
              s.region = i % 2 ? "eu-frankfurt" : "ap-shanghai";
              s.ontop = i == 1 ? 1 : 0;
              s.rcon_password = all[i].rcon_password;
              repository.insert(s);
            }
          },
  }};
  HttpClient client;

  std::string address(std::size_t i) const { return "ip=127.0.0.1&port=" + std::to_string(ports[i]); }

  // Waits (generously: the machine may be loaded) until every live server has been read once.
  boost::json::array wait_for_list() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
      auto list = client.get(app.url("/api/servers")).json().as_array();
      int open = 0;
      for (const auto& item : list) open += static_cast<int>(item.at("open").as_int64());
      if (list.size() == 5 && open == 4) return list;
      if (std::chrono::steady_clock::now() > deadline) return list;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  static const boost::json::object& by_name(const boost::json::array& list, std::string_view name) {
    for (const auto& item : list) {
      if (item.at("name").as_string() == name) return item.as_object();
    }
    throw std::runtime_error("no server named " + std::string(name));
  }
};

TEST_F(ServersFunctional, RefresherReadsEveryKindOfServer) {
  const auto list = wait_for_list();
  ASSERT_EQ(list.size(), 5u);
  EXPECT_EQ(by_name(list, "Online DM").at("players").as_string(), "5/16");
  EXPECT_EQ(by_name(list, "Online DM").at("map").as_string(), "de_dust2");
  EXPECT_EQ(by_name(list, "Full Retakes").at("players").as_string(), "10/10");
  EXPECT_EQ(by_name(list, "Empty 1v1").at("players").as_string(), "0/2");
  EXPECT_EQ(by_name(list, "Empty 1v1").at("open").as_int64(), 1);
  EXPECT_EQ(by_name(list, "Dead").at("open").as_int64(), 0);
  EXPECT_EQ(by_name(list, "Challenged").at("open").as_int64(), 1);
  EXPECT_EQ(by_name(list, "Challenged").at("players").as_string(), "4/12");
}

TEST_F(ServersFunctional, ListChangesApplyWithoutRestart) {
  wait_for_list();
  {
    // What `portal servers remove` and `edit` do, from another connection while the portal runs.
    db::Database database(app.database());
    servers::Repository repository(database);
    const auto empty = repository.find_by_endpoint("127.0.0.1", ports[2]);
    ASSERT_TRUE(empty);
    ASSERT_TRUE(repository.remove(empty->id));
    auto full = repository.find_by_endpoint("127.0.0.1", ports[1]);
    ASSERT_TRUE(full);
    full->name_display = "Renamed while running";
    repository.update(*full);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  boost::json::array list;
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    list = client.get(app.url("/api/servers")).json().as_array();
  } while (list.size() != 4 && std::chrono::steady_clock::now() < deadline);
  ASSERT_EQ(list.size(), 4u);
  EXPECT_EQ(by_name(list, "Full Retakes").at("name_display").as_string(), "Renamed while running");
}

TEST_F(ServersFunctional, ListFiltersAndCaching) {
  wait_for_list();
  auto filtered = client.get(app.url("/api/servers?modes=retakes,deathmatch&regions=ap-shanghai")).json().as_array();
  ASSERT_EQ(filtered.size(), 1u);
  EXPECT_EQ(filtered[0].at("name").as_string(), "Online DM");
  EXPECT_TRUE(client.get(app.url("/api/servers?maps=de_nuke")).json().as_array().empty());

  auto plain = client.get(app.url("/api/servers"));
  const std::string etag = plain.header("ETag");
  ASSERT_FALSE(etag.empty());
  auto packed = client.get(app.url("/api/servers"), {"Accept-Encoding: gzip"});
  EXPECT_EQ(packed.header("Content-Encoding"), "gzip");
  if (packed.header("ETag") == etag) {
    EXPECT_EQ(core::gzip_decompress(packed.body), plain.body);
  }
  auto revalidated = client.get(app.url("/api/servers"), {"If-None-Match: " + packed.header("ETag")});
  EXPECT_EQ(revalidated.status, 304);
}

TEST_F(ServersFunctional, PlayerNamesFromRconAndDurationsFromA2s) {
  wait_for_list();
  auto rcon = client.get(app.url("/api/server/info?" + address(0))).json();
  const auto& named = rcon.at("players").at("list").as_array();
  ASSERT_EQ(named.size(), 5u);
  for (const auto& p : named) EXPECT_FALSE(p.at("name").as_string().empty());
  // Stock CS2 sends empty names over A2S; the durations are still there.
  auto a2s = client.get(app.url("/api/server/info?" + address(1))).json();
  const auto& unnamed = a2s.at("players").at("list").as_array();
  ASSERT_EQ(unnamed.size(), 10u);
  EXPECT_TRUE(unnamed[0].at("raw").at("time").is_number());
}

TEST_F(ServersFunctional, InfoRefusesAddressesOutsideOurList) {
  auto unknown = client.get(app.url("/api/server/info?ip=8.8.8.8&port=27015"));
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json().at("error").as_string(), "SERVER_NOT_FOUND");
  auto missing = client.get(app.url("/api/server/info?ip=127.0.0.1"));
  EXPECT_EQ(missing.status, 422);
  EXPECT_EQ(missing.json().at("details").at("field").as_string(), "port");
}

TEST_F(ServersFunctional, DetailsCarryTheHistory) {
  wait_for_list();
  auto details = client.get(app.url("/api/servers/127.0.0.1:" + std::to_string(ports[0])));
  ASSERT_EQ(details.status, 200) << details.body;
  auto body = details.json();
  EXPECT_EQ(body.at("server").at("name").as_string(), "Online DM");
  ASSERT_FALSE(body.at("history").as_array().empty());
  EXPECT_EQ(body.at("history").as_array().back().at("players").as_int64(), 5);
  EXPECT_EQ(client.get(app.url("/api/servers/127.0.0.1:1")).status, 404);
}

TEST_F(ServersFunctional, DetailsCarryPingAndTickrateButTheListDoesNot) {
  const auto list = wait_for_list();
  for (const auto& item : list) {
    EXPECT_FALSE(item.as_object().contains("ping")) << "the list item stays the spec's";
    EXPECT_FALSE(item.as_object().contains("tickrate"));
  }
  const auto online = client.get(app.url("/api/servers/127.0.0.1:" + std::to_string(ports[0]))).json();
  const auto& server = online.at("server").as_object();
  // Measured A2S round trip to a simulated server on this machine: a few ms at most.
  ASSERT_TRUE(server.at("ping").is_int64()) << boost::json::serialize(server);
  EXPECT_GE(server.at("ping").as_int64(), 0);
  EXPECT_LT(server.at("ping").as_int64(), 1000);
  EXPECT_EQ(server.at("tickrate").as_int64(), 64);

  const auto dead = client.get(app.url("/api/servers/127.0.0.1:" + std::to_string(ports[3]))).json();
  EXPECT_EQ(dead.at("server").at("open").as_int64(), 0);
  EXPECT_TRUE(dead.at("server").at("ping").is_null()) << "no ping for a server that never answered";
  EXPECT_EQ(dead.at("server").at("tickrate").as_int64(), 64);
}

TEST_F(ServersFunctional, PluginPushWithGoodAndBadKeys) {
  wait_for_list();
  std::string key;
  {
    db::Database database(app.database());
    servers::Repository repository(database);
    const auto server = repository.find_by_endpoint("127.0.0.1", ports[1]);
    ASSERT_TRUE(server);
    key = "plugin-key-for-tests";
    repository.set_plugin_key(server->id, core::sha256_hex(key), "status,stats,members,bind");
  }
  const std::string payload = R"({"ip":"127.0.0.1","port":)" + std::to_string(ports[1]) +
                              R"(,"map":"de_ancient","max_players":10,"players":[{"name":"Zhang San","time":120}]})";
  auto bad = client.post_json(app.url("/api/plugin/servers/status"), payload, {"Authorization: Bearer wrong"});
  EXPECT_EQ(bad.status, 401);
  EXPECT_EQ(bad.json().at("error").as_string(), "INVALID_SERVER_KEY");
  auto good = client.post_json(app.url("/api/plugin/servers/status"), payload, {"Authorization: Bearer " + key});
  EXPECT_EQ(good.status, 204) << good.body;
  auto info = client.get(app.url("/api/server/info?" + address(1))).json();
  ASSERT_EQ(info.at("players").at("list").as_array().size(), 1u);
  EXPECT_EQ(info.at("players").at("list").as_array()[0].at("name").as_string(), "Zhang San");
  auto malformed = client.post_json(app.url("/api/plugin/servers/status"), R"({"ip":"127.0.0.1","port":"x"})",
                                    {"Authorization: Bearer " + key});
  EXPECT_EQ(malformed.status, 422);
}

TEST_F(ServersFunctional, AnnouncementPerLanguage) {
  EXPECT_TRUE(client.get(app.url("/api/server/announcement?lang=en")).json().as_array().empty());
  {
    db::Database database(app.database());
    content::Announcements announcements(database);
    ASSERT_TRUE(announcements.set("en", "Maintenance at 22:00"));
    ASSERT_TRUE(announcements.set("zh", "22:00 维护"));
  }
  auto en = client.get(app.url("/api/server/announcement?lang=en")).json().as_array();
  ASSERT_EQ(en.size(), 1u);
  EXPECT_EQ(en[0].at("text").as_string(), "Maintenance at 22:00");
  EXPECT_THAT(std::string(en[0].at("updatedAt").as_string()), HasSubstr("T"));
  EXPECT_EQ(client.get(app.url("/api/server/announcement")).json().as_array()[0].at("text").as_string(), "22:00 维护");
  EXPECT_EQ(client.get(app.url("/api/server/announcement?lang=fr")).status, 422);
}

}  // namespace
}  // namespace portal::test
