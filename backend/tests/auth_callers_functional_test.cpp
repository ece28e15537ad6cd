// Who may call, end to end: game-server keys with scopes, in-game bind tokens only for players the
// portal sees on the key's server and never for an account that exists already, and sign-in sessions
// that logout (one device or every device) ends whole.

#include "support/auth_fixture.hpp"

namespace portal::test {
namespace {

class AuthCallers : public AuthFixture {
 protected:
  // A Steam login through the development provider; answers the login token.
  std::string steam_login(const std::string& steam_id) {
    const std::string base = app.app().config().public_url();
    return query_value(portal_callback(sign_in_at_provider(base + "/api/auth/steam/callback", steam_id)), "token");
  }

  HttpResult push_players(const std::string& key, const std::string& ip, const std::vector<std::string>& steam_ids) {
    std::string players;
    for (const auto& id : steam_ids) {
      players += std::string(players.empty() ? "" : ",") + R"({"name":"p","time":5,"steamId":)" + js(id) + "}";
    }
    return post(
        "/api/plugin/servers/status",
        R"({"ip":)" + js(ip) + R"(,"port":27015,"map":"de_mirage","max_players":10,"players":[)" + players + "]}", key);
  }

  HttpResult ask_token(const std::string& key, const std::string& steam_id) {
    return post("/api/plugin/bind-tokens", R"({"steamId":)" + js(steam_id) + "}", key);
  }

  HttpResult logout(const std::string& token, const std::string& steam_id) {
    return post("/api/auth/log", R"({"steamId":)" + js(steam_id) + R"(,"action":"LOGOUT"})", token);
  }

  std::string refresh(const std::string& token, const std::string& steam_id) {
    auto refreshed = post("/api/auth/steam/token", R"({"steamId":)" + js(steam_id) + "}", token);
    EXPECT_EQ(refreshed.status, 200) << refreshed.body;
    return refreshed.status == 200 ? std::string(refreshed.json().at("token").as_string()) : "";
  }

  int me(const std::string& token) { return get("/api/auth/steam/user-info", token).status; }
};

TEST_F(AuthCallers, EveryBadServerKeyGetsTheSameAnswerOnEveryPluginRoute) {
  for (const char* key : {"", "wrong-key"}) {
    const std::vector<HttpResult> answers{
        push_players(key, "10.9.8.7", {}),
        post("/api/plugin/stats", R"({"batchId":"b1","mode":"dm","players":[]})", key),
        get("/api/plugin/members", key),
        ask_token(key, "76561198000000042"),
    };
    for (const auto& answer : answers) {
      EXPECT_EQ(answer.status, 401) << key << " " << answer.body;
      EXPECT_EQ(error_code(answer), "INVALID_SERVER_KEY") << key << " " << answer.body;
    }
  }
}

TEST_F(AuthCallers, AKeyDoesOnlyWhatItsScopesAllow) {
  EXPECT_EQ(push_players(kRentedKey, "10.9.8.8", {"76561198000000042"}).status, 204);
  EXPECT_EQ(get("/api/plugin/members", kRentedKey).status, 200);
  auto refused = ask_token(kRentedKey, "76561198000000042");
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(error_code(refused), "SERVER_KEY_SCOPE");
  EXPECT_EQ(text(refused.json().at("details").at("scope")), "bind");
  // A key reports for its own server only.
  auto elsewhere = push_players(kRentedKey, "10.9.8.7", {});
  EXPECT_EQ(elsewhere.status, 401);
  EXPECT_EQ(error_code(elsewhere), "INVALID_SERVER_KEY");
}

TEST_F(AuthCallers, BindTokensOnlyForPlayersOnTheKeysServer) {
  const std::string victim = "76561198000000501";
  auto absent = ask_token(kPluginKey, victim);
  EXPECT_EQ(absent.status, 409) << absent.body;
  EXPECT_EQ(error_code(absent), "PLAYER_NOT_ON_SERVER");
  // On another server of the community: still not this key's player.
  ASSERT_EQ(push_players(kRentedKey, "10.9.8.8", {victim}).status, 204);
  EXPECT_EQ(error_code(ask_token(kPluginKey, victim)), "PLAYER_NOT_ON_SERVER");
  // On this server: issued. Once the plugin no longer lists the player, no more.
  ASSERT_EQ(push_players(kPluginKey, "10.9.8.7", {victim}).status, 204);
  EXPECT_EQ(ask_token(kPluginKey, victim).status, 201);
  ASSERT_EQ(push_players(kPluginKey, "10.9.8.7", {}).status, 204);
  EXPECT_EQ(error_code(ask_token(kPluginKey, victim)), "PLAYER_NOT_ON_SERVER");
  // A malformed steamId in a push is refused whole.
  auto malformed = push_players(kPluginKey, "10.9.8.7", {"123"});
  EXPECT_EQ(malformed.status, 422) << malformed.body;
}

TEST_F(AuthCallers, AnInGameTokenNeverTakesOverAnExistingSteamAccount) {
  const std::string victim = "76561198000000502";
  const std::string victims_token = steam_login(victim);
  ASSERT_EQ(me(victims_token), 200);

  // A fresh e-mail account, a token for the victim's Steam account minted in game.
  const std::string email = "attacker@example.com";
  const std::string bind_token = register_account(email);
  auto redeemed = post("/api/auth/email/bind-steam-token-validation",
                       R"({"email":)" + js(email) + R"(,"token":)" + js(game_token_for(victim)) + "}", bind_token);
  EXPECT_EQ(redeemed.status, 409) << redeemed.body;
  EXPECT_EQ(error_code(redeemed), "STEAM_PROOF_REQUIRED");
  auto bound =
      post("/api/auth/email/bind-steam", R"({"email":)" + js(email) + R"(,"steamId":)" + js(victim) + "}", bind_token);
  EXPECT_EQ(bound.status, 400) << "no proof was recorded: " << bound.body;

  // The victim's account is untouched: still Steam-only, still signed in.
  auto victim_me = get("/api/auth/steam/user-info", victims_token);
  ASSERT_EQ(victim_me.status, 200);
  EXPECT_TRUE(victim_me.json().at("email").is_null());
  EXPECT_EQ(login(email, kPassword).json().at("needsSteamBinding"), true);
}

TEST_F(AuthCallers, LogoutEndsEveryTokenOfTheSignIn) {
  const std::string steam_id = "76561198000000503";
  const std::string parent = steam_login(steam_id);
  const std::string child = refresh(parent, steam_id);
  const std::string grandchild = refresh(child, steam_id);
  const std::string other_device = steam_login(steam_id);
  ASSERT_EQ(me(grandchild), 200);

  ASSERT_EQ(logout(parent, steam_id).status, 204);
  EXPECT_EQ(me(parent), 401);
  EXPECT_EQ(me(child), 401) << "a refreshed token must not outlive its parent's logout";
  EXPECT_EQ(me(grandchild), 401);
  EXPECT_EQ(post("/api/auth/steam/token", R"({"steamId":)" + js(steam_id) + "}", child).status, 401);
  EXPECT_EQ(me(other_device), 200) << "another sign-in is another session";

  // The other way round: logging out with the refreshed token ends its parent too.
  const std::string refreshed = refresh(other_device, steam_id);
  ASSERT_EQ(logout(refreshed, steam_id).status, 204);
  EXPECT_EQ(me(other_device), 401);
}

TEST_F(AuthCallers, LogoutEverywhereEndsEverySession) {
  const std::string steam_id = "76561198000000504";
  const std::string phone = steam_login(steam_id);
  const std::string laptop = steam_login(steam_id);
  const std::string laptop_refreshed = refresh(laptop, steam_id);
  EXPECT_EQ(post("/api/auth/logout-all", "{}").status, 401) << "needs a login";

  auto ended = post("/api/auth/logout-all", "{}", phone);
  ASSERT_EQ(ended.status, 204) << ended.body;
  EXPECT_EQ(me(phone), 401);
  EXPECT_EQ(me(laptop), 401);
  EXPECT_EQ(me(laptop_refreshed), 401);
  EXPECT_EQ(me(steam_login(steam_id)), 200) << "signing in again works";
}

TEST_F(AuthCallers, TheSessionCheckAnswersWhatTheTokenCheckDecides) {
  const std::string steam_id = "76561198000000505";
  const std::string phone = steam_login(steam_id);
  const std::string laptop = steam_login(steam_id);

  auto held = get("/api/auth/session", laptop);
  ASSERT_EQ(held.status, 200) << held.body;
  EXPECT_EQ(held.json().at("steamId").as_string(), steam_id);
  EXPECT_GT(held.json().at("expiresAt").as_int64(), 0);
  EXPECT_EQ(held.header("Cache-Control"), "no-store");
  EXPECT_EQ(get("/api/auth/session").status, 401) << "needs a login";

  ASSERT_EQ(post("/api/auth/logout-all", "{}", phone).status, 204);
  auto ended = get("/api/auth/session", laptop);
  EXPECT_EQ(ended.status, 401) << "a session ended on another device must read as ended";
  EXPECT_EQ(error_code(ended), "INVALID_TOKEN");
}

}  // namespace
}  // namespace portal::test
