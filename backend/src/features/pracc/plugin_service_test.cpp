#include "features/pracc/plugin_dto.hpp"
#include "features/pracc/plugin_keys.hpp"
#include "features/pracc/plugin_service.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <set>

namespace portal::pracc {
namespace {

namespace json = boost::json;

std::string field_of(const core::Error& e) {
  return e.details.contains("field") ? std::string(e.details.at("field").as_string()) : "";
}

TEST(RentalPluginKey, Is32RandomBytesInBase64Url) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const std::string key = new_plugin_key();
    EXPECT_EQ(key.size(), 43u) << "32 bytes, unpadded";
    EXPECT_EQ(key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
              std::string::npos)
        << key;
    seen.insert(key);
  }
  EXPECT_EQ(seen.size(), 50u);
}

TEST(RentalPluginKey, OpensTheRoutesUntilTheServerIsGoneOrPastItsGrace) {
  RentalServer server;
  server.expires_at = 1000;
  for (const Phase phase : {Phase::creating, Phase::running, Phase::restarting, Phase::updating, Phase::verifying,
                            Phase::switching, Phase::starting}) {
    server.phase = phase;
    EXPECT_TRUE(plugin_key_accepted(server, 500, 100)) << to_string(phase);
    EXPECT_FALSE(plugin_key_accepted(server, 1100, 100)) << to_string(phase) << " past expiry and grace";
  }
  for (const Phase phase : {Phase::terminating, Phase::terminated, Phase::failed, Phase::relocated}) {
    server.phase = phase;
    EXPECT_FALSE(plugin_key_accepted(server, 500, 100)) << to_string(phase);
  }
  server.phase = Phase::expired;
  EXPECT_TRUE(plugin_key_accepted(server, 1099, 100)) << "stopped, within the grace period";
  EXPECT_FALSE(plugin_key_accepted(server, 1100, 100)) << "past the grace period";
}

TEST(RentalPluginPlayers, AreAtMost64IndividualSteamIdsWithNamesOfAtMost64Bytes) {
  std::vector<SeenPlayer> players(64, SeenPlayer{"76561198000000001", std::string(64, 'n')});
  EXPECT_TRUE(check_players(players));
  std::string chinese;
  for (int i = 0; i < 21; ++i) chinese += "明";
  EXPECT_TRUE(check_players({{"76561198000000001", chinese}})) << "63 bytes of UTF-8";
  EXPECT_FALSE(check_players({{"76561198000000001", chinese + "明"}})) << "66 bytes";
  players.push_back(players.front());
  EXPECT_EQ(field_of(check_players(players).error()), "players");

  EXPECT_EQ(field_of(check_players({{"76561198000000001", ""}, {"7656119800000001", ""}}).error()),
            "players[1].steamid")
      << "16 digits";
  EXPECT_EQ(field_of(check_players({{"76561202255233023", ""}}).error()), "players[0].steamid") << "prefix 7656120";
  EXPECT_EQ(field_of(check_players({{"7656119800000000x", ""}}).error()), "players[0].steamid");
  EXPECT_EQ(field_of(check_players({{"76561198000000001", std::string(65, 'n')}}).error()), "players[0].name");
  EXPECT_EQ(check_players({{"76561198000000001", std::string(65, 'n')}}).error().code, "VALIDATION_FAILED");
}

TEST(RentalPluginPlayers, TheBodyRefusesUnknownKeysMoreThan64RowsAndLongNames) {
  const auto row = json::object{{"steamid", "76561198000000001"}, {"name", "Owner"}};
  EXPECT_TRUE(http::dto::parse<dto::PlayersReport>(json::object{{"players", json::array{row}}}));
  EXPECT_FALSE(http::dto::parse<dto::PlayersReport>(json::object{{"players", json::array{row}}, {"extra", 1}}));
  json::array many(65, row);
  EXPECT_EQ(http::dto::parse<dto::PlayersReport>(json::object{{"players", many}}).error().code, "VALIDATION_FAILED");
  auto named = row;
  named["name"] = std::string(65, 'n');
  EXPECT_FALSE(http::dto::parse<dto::PlayersReport>(json::object{{"players", json::array{named}}}));
  EXPECT_FALSE(
      http::dto::parse<dto::PlayersReport>(json::object{{"players", json::array{json::object{{"name", "x"}}}}}))
      << "steamid is required";
}

}  // namespace
}  // namespace portal::pracc
