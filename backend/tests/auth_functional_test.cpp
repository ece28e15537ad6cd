// Accounts end to end over HTTP, in demo mode: mail goes to the outbox (read back through
// GET /api/dev/mail) and Steam is the development OpenID provider, so every flow runs the real code.

#include "support/auth_fixture.hpp"

namespace portal::test {
namespace {

class AuthFunctional : public AuthFixture {};

TEST_F(AuthFunctional, RegistrationNeedsTheMailedCodeAndLoginAsksForSteamBinding) {
  const std::string email = "Player.One@Example.com";
  EXPECT_EQ(post("/api/auth/email/check", R"({"email":"player.one@example.com"})").json().at("exists"), false);
  EXPECT_EQ(post("/api/auth/email/check", R"({"email":"not an address"})").status, 422);

  ASSERT_EQ(post("/api/auth/email/send-code", R"({"email":)" + js(email) + "}").status, 200);
  const auto mail = latest_mail("player.one@example.com");
  ASSERT_TRUE(mail.contains("code"));
  const std::string code(mail.at("code").as_string());
  EXPECT_EQ(code.size(), 6U);
  EXPECT_THAT(std::string(mail.at("subject").as_string()), HasSubstr("Verification code"));

  auto again = post("/api/auth/email/send-code", R"({"email":)" + js(email) + "}");
  EXPECT_EQ(again.status, 429) << "a new code only after 60 s";
  EXPECT_EQ(error_code(again), "RATE_LIMIT_EXCEEDED");
  EXPECT_FALSE(again.header("Retry-After").empty());
  EXPECT_TRUE(again.json().at("details").as_object().contains("retryAfter"));

  const std::string wrong = code == "000000" ? "111111" : "000000";
  auto bad = post("/api/auth/email/register",
                  R"({"email":)" + js(email) + R"(,"password":"Sup3r-secret!","code":)" + js(wrong) + "}");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(error_code(bad), "INVALID_CODE");
  auto weak =
      post("/api/auth/email/register", R"({"email":)" + js(email) + R"(,"password":"short","code":)" + js(code) + "}");
  EXPECT_EQ(weak.status, 422);
  EXPECT_EQ(error_code(weak), "PASSWORD_TOO_SHORT");

  auto registered = post("/api/auth/email/register",
                         R"({"email":)" + js(email) + R"(,"password":"Sup3r-secret!","code":)" + js(code) + "}");
  ASSERT_EQ(registered.status, 201) << registered.body;
  EXPECT_EQ(registered.json().at("tokenType"), "bind");
  EXPECT_EQ(post("/api/auth/email/check", R"({"email":)" + js(email) + "}").json().at("exists"), true);
  auto taken = post("/api/auth/email/send-code", R"({"email":)" + js(email) + "}");
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(error_code(taken), "EMAIL_ALREADY_REGISTERED");

  auto wrong_password = login(email, "Wrong-password1");
  EXPECT_EQ(wrong_password.status, 401);
  EXPECT_EQ(error_code(wrong_password), "INVALID_CREDENTIALS");
  auto unknown = login("nobody@example.com", kPassword);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.body, wrong_password.body) << "an unknown address answers exactly like a wrong password";
  EXPECT_EQ(error_code(unknown), "INVALID_CREDENTIALS");

  auto ok = login(email, kPassword);
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.json().at("needsSteamBinding"), true);
  const std::string bind_token(ok.json().at("token").as_string());
  // A bind token is not a login token.
  auto confused = get("/api/auth/steam/user-info", bind_token);
  EXPECT_EQ(confused.status, 401);
  EXPECT_EQ(error_code(confused), "UNAUTHORIZED");
}

TEST_F(AuthFunctional, InGameTokenBindsSteamOnceAndLogoutRevokesTheToken) {
  const std::string email = "binder@example.com";
  const std::string steam_id = "76561198000000042";
  const std::string bind_token = register_account(email);

  auto keyless = post("/api/plugin/bind-tokens", R"({"steamId":"76561198000000042"})");
  EXPECT_EQ(keyless.status, 401) << "no server key";
  EXPECT_EQ(error_code(keyless), "INVALID_SERVER_KEY");
  auto wrong = post("/api/plugin/bind-tokens", R"({"steamId":"76561198000000042"})", "wrong-key");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(error_code(wrong), "INVALID_SERVER_KEY") << "one answer for every bad key";
  EXPECT_EQ(post("/api/plugin/bind-tokens", R"({"steamId":"123"})", kPluginKey).status, 422);

  // The bare steamId proves nothing.
  auto unproven = post("/api/auth/email/bind-steam", R"({"email":)" + js(email) + R"(,"steamId":)" + js(steam_id) + "}",
                       bind_token);
  EXPECT_EQ(unproven.status, 400);
  EXPECT_EQ(error_code(unproven), "INVALID_BIND_TOKEN");
  auto no_bearer =
      post("/api/auth/email/bind-steam-token-validation", R"({"email":)" + js(email) + R"(,"token":"abcdefgh"})");
  EXPECT_EQ(no_bearer.status, 401);
  EXPECT_EQ(error_code(no_bearer), "UNAUTHORIZED");

  const std::string game_token = game_token_for(steam_id);
  std::string upper = game_token;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto validated = post("/api/auth/email/bind-steam-token-validation",
                        R"({"email":)" + js(email) + R"(,"token":)" + js(upper) + "}", bind_token);
  ASSERT_EQ(validated.status, 200) << validated.body;
  EXPECT_EQ(text(validated.json().at("steamId")), steam_id);
  auto reused = post("/api/auth/email/bind-steam-token-validation",
                     R"({"email":)" + js(email) + R"(,"token":)" + js(game_token) + "}", bind_token);
  EXPECT_EQ(error_code(reused), "INVALID_BIND_TOKEN") << "an in-game token works once";

  auto bound = post("/api/auth/email/bind-steam", R"({"email":)" + js(email) + R"(,"steamId":)" + js(steam_id) + "}",
                    bind_token);
  ASSERT_EQ(bound.status, 200) << bound.body;
  const std::string login_token(bound.json().at("token").as_string());
  auto me = get("/api/auth/steam/user-info", login_token);
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(text(me.json().at("steamId")), steam_id);
  EXPECT_EQ(text(me.json().at("email")), email);

  // E-mail login now answers a login token directly.
  auto again = login(email, kPassword);
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.json().at("needsSteamBinding"), false);
  EXPECT_EQ(text(again.json().at("steamId")), steam_id);

  // Refresh: only for the bearer's own steamId.
  EXPECT_EQ(post("/api/auth/steam/token", R"({"steamId":"76561198000000043"})", login_token).status, 403);
  auto refreshed = post("/api/auth/steam/token", R"({"steamId":)" + js(steam_id) + "}", login_token);
  ASSERT_EQ(refreshed.status, 200);
  EXPECT_EQ(get("/api/auth/steam/user-info", std::string(refreshed.json().at("token").as_string())).status, 200);
  EXPECT_EQ(post("/api/auth/steam/token", R"({"steamId":)" + js(steam_id) + "}").status, 401) << "no bare steamId";

  EXPECT_EQ(post("/api/auth/log", R"({"steamId":)" + js(steam_id) + R"(,"action":"DANCE"})", login_token).status, 422);
  EXPECT_EQ(post("/api/auth/log", R"({"steamId":"76561198000000043","action":"LOGOUT"})", login_token).status, 403);
  EXPECT_EQ(post("/api/auth/log", R"({"steamId":)" + js(steam_id) + R"(,"action":"LOGOUT"})", login_token).status, 204);
  auto revoked = get("/api/auth/steam/user-info", login_token);
  EXPECT_EQ(revoked.status, 401);
  EXPECT_EQ(error_code(revoked), "INVALID_TOKEN");
}

TEST_F(AuthFunctional, BindingConflictsAreRefused) {
  const std::string steam_id = "76561198000000077";
  const std::string first_bind = register_account("first@example.com");
  ASSERT_FALSE(bind_with_game_token("first@example.com", first_bind, steam_id).empty());

  // The same Steam account for a second e-mail account.
  const std::string second_bind = register_account("second@example.com");
  auto taken = post("/api/auth/email/bind-steam-token-validation",
                    R"({"email":"second@example.com","token":)" + js(game_token_for(steam_id)) + "}", second_bind);
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(error_code(taken), "STEAM_ALREADY_BOUND");

  // The first account again, with another Steam account.
  auto already =
      post("/api/auth/email/bind-steam-token-validation",
           R"({"email":"first@example.com","token":)" + js(game_token_for("76561198000000078")) + "}", first_bind);
  EXPECT_EQ(already.status, 409);
  EXPECT_EQ(error_code(already), "ALREADY_BOUND");

  // Someone else's bind token does not work for this address.
  auto other = post("/api/auth/email/bind-steam-token-validation",
                    R"({"email":"first@example.com","token":"abcdefgh"})", second_bind);
  EXPECT_EQ(other.status, 401);
}

TEST_F(AuthFunctional, PasswordResetByMailedLinkWorksOnceAndEndsSessions) {
  const std::string email = "forgetful@example.com";
  const std::string bind_token = register_account(email);
  const std::string old_session = bind_with_game_token(email, bind_token, "76561198000000099");
  ASSERT_EQ(get("/api/auth/steam/user-info", old_session).status, 200);

  auto unknown = post("/api/auth/email/reset-password", R"({"email":"stranger@example.com"})");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(error_code(unknown), "EMAIL_NOT_REGISTERED");

  ASSERT_EQ(post("/api/auth/email/reset-password", R"({"email":)" + js(email) + R"(,"language":"en"})").status, 200);
  EXPECT_EQ(error_code(post("/api/auth/email/reset-password", R"({"email":)" + js(email) + "}")),
            "RATE_LIMIT_EXCEEDED");
  const auto mail = latest_mail(email);
  const std::string link(mail.at("links").as_array().at(0).as_string());
  EXPECT_THAT(link, HasSubstr(app.app().config().public_url() + "/reset-password?token="));
  const auto token_start = link.find("token=") + 6;
  const std::string token = link.substr(token_start, link.find('&', token_start) - token_start);
  EXPECT_EQ(token.size(), 32U) << "128 bits";

  const auto confirm = [&](const std::string& t, const std::string& password) {
    return post("/api/auth/email/reset-password/confirm",
                R"({"email":)" + js(email) + R"(,"token":)" + js(t) + R"(,"newPassword":)" + js(password) + "}");
  };
  auto forged = confirm(std::string(32, 'a'), "NewPassw0rd");
  EXPECT_EQ(forged.status, 400);
  EXPECT_EQ(error_code(forged), "RESET_LINK_INVALID");
  EXPECT_EQ(confirm(token, "short").status, 422);
  ASSERT_EQ(confirm(token, "NewPassw0rd").status, 200);
  EXPECT_EQ(confirm(token, "OtherPassw0rd").status, 400) << "single use";

  EXPECT_EQ(login(email, kPassword).status, 401);
  EXPECT_EQ(login(email, "NewPassw0rd").status, 200);
  auto ended = get("/api/auth/steam/user-info", old_session);
  EXPECT_EQ(ended.status, 401) << "a reset logs every session out";
}

TEST_F(AuthFunctional, WrongPasswordsAreThrottledPerAccountThenPerAddress) {
  const std::string email = "target@example.com";
  register_account(email);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(login(email, "Wrong-password1").status, 401) << i;
  auto locked = login(email, kPassword);
  EXPECT_EQ(locked.status, 429) << "the account's failure budget is spent: even the right password waits";
  EXPECT_EQ(error_code(locked), "RATE_LIMIT_EXCEEDED");
  EXPECT_EQ(login("other@example.com", "Wrong-password1").status, 401) << "other accounts are not locked";
  // The address itself: 20 attempts per 5 minutes, whatever the account.
  int limited = 0;
  for (int i = 0; i < 12; ++i)
    limited += login("x" + std::to_string(i) + "@example.com", "Wrong-password1").status == 429;
  EXPECT_GE(limited, 3);
}

TEST_F(AuthFunctional, SteamLoginRunsTheRealVerificationAndRefusesAReplay) {
  const std::string base = app.app().config().public_url();
  const std::string assertion =
      sign_in_at_provider(base + "/api/auth/steam/callback?state=abc123", "76561197972494985", "Dust Devil");
  ASSERT_THAT(assertion, ::testing::StartsWith(base + "/api/auth/steam/callback?state=abc123&openid.ns="));

  const std::string landing = portal_callback(assertion);
  ASSERT_THAT(landing, ::testing::StartsWith(base + "/auth/steam/callback?token="));
  EXPECT_EQ(query_value(landing, "state"), "abc123");
  const std::string token = query_value(landing, "token");
  auto me = get("/api/auth/steam/user-info", token);
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(text(me.json().at("steamId")), "76561197972494985");
  EXPECT_EQ(text(me.json().at("username")), "Dust Devil");

  const std::string replayed = portal_callback(assertion);
  EXPECT_EQ(query_value(replayed, "error"), "invalid_authentication") << replayed;
  EXPECT_TRUE(query_value(replayed, "token").empty());

  // A forged signature: check_authentication says no.
  std::string tampered = sign_in_at_provider(base + "/api/auth/steam/callback?state=t", "76561197972494986");
  const auto sig = tampered.find("openid.sig=") + 11;
  tampered[sig] = tampered[sig] == 'A' ? 'B' : 'A';
  EXPECT_EQ(query_value(portal_callback(tampered), "error"), "invalid_authentication");

  // An assertion made for another return URL (someone else's site) does not log in here.
  const std::string elsewhere = sign_in_at_provider(base + "/somewhere-else", "76561197972494987");
  EXPECT_EQ(
      query_value(portal_callback(base + "/api/auth/steam/callback" + elsewhere.substr(elsewhere.find('?'))), "error"),
      "invalid_authentication");
}

TEST_F(AuthFunctional, BindingThroughSteamCarriesTheBindTokenAndMapsConflicts) {
  const std::string base = app.app().config().public_url();
  const std::string bind_token = register_account("openid-binder@example.com");
  const std::string landing = portal_callback(sign_in_at_provider(
      base + "/api/auth/steam/bind/callback?email_bind_token=" + bind_token + "&state=st1", "76561198000000501"));
  ASSERT_THAT(landing, ::testing::StartsWith(base + "/auth/steam/bind/callback?token="));
  EXPECT_EQ(query_value(landing, "state"), "st1");
  auto me = get("/api/auth/steam/user-info", query_value(landing, "token"));
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(text(me.json().at("email")), "openid-binder@example.com");

  // A second e-mail account cannot take the same Steam account.
  const std::string other = register_account("late@example.com");
  const std::string conflict = portal_callback(sign_in_at_provider(
      base + "/api/auth/steam/bind/callback?email_bind_token=" + other + "&state=st2", "76561198000000501"));
  EXPECT_EQ(query_value(conflict, "error"), "steam_already_bound");
  // The first account is bound already.
  const std::string twice = portal_callback(sign_in_at_provider(
      base + "/api/auth/steam/bind/callback?email_bind_token=" + bind_token + "&state=st3", "76561198000000502"));
  EXPECT_EQ(query_value(twice, "error"), "already_bound");
  // No bind token at all.
  const std::string missing =
      portal_callback(sign_in_at_provider(base + "/api/auth/steam/bind/callback?state=st4", "76561198000000503"));
  EXPECT_EQ(query_value(missing, "error"), "invalid_token");
}

TEST_F(AuthFunctional, AnEmailAccountBindingASteamOnlyAccountMergesIntoIt) {
  const std::string base = app.app().config().public_url();
  const std::string steam_id = "76561198000000600";
  const std::string steam_login = query_value(
      portal_callback(sign_in_at_provider(base + "/api/auth/steam/callback", steam_id, "Old Timer")), "token");
  ASSERT_EQ(get("/api/auth/steam/user-info", steam_login).status, 200);

  const std::string bind_token = register_account("merge@example.com");
  const std::string landing = portal_callback(sign_in_at_provider(
      base + "/api/auth/steam/bind/callback?email_bind_token=" + bind_token, steam_id, "Old Timer"));
  auto me = get("/api/auth/steam/user-info", query_value(landing, "token"));
  ASSERT_EQ(me.status, 200) << landing;
  EXPECT_EQ(text(me.json().at("email")), "merge@example.com");
  EXPECT_EQ(text(me.json().at("username")), "Old Timer");
  auto by_mail = login("merge@example.com", kPassword);
  EXPECT_EQ(by_mail.json().at("needsSteamBinding"), false);
  EXPECT_EQ(text(by_mail.json().at("steamId")), steam_id);
}

TEST_F(AuthFunctional, TooManyCallbacksFromOneAddressStillLandOnTheWebPage) {
  // 60 per 5 minutes per address; a refusal is a redirect the callback page understands, not JSON.
  std::string last;
  for (int i = 0; i < 61; ++i) last = portal_callback(app.url("/api/auth/steam/callback?openid.mode=id_res"));
  EXPECT_EQ(query_value(last, "error"), "rate_limited") << last;
  EXPECT_EQ(query_value(portal_callback(app.url("/api/auth/steam/bind/callback")), "error"), "rate_limited");
}

TEST_F(AuthFunctional, VipStatusAnswersNoneForAStranger) {
  auto status = get("/api/auth/vip-status/76561198000000001");
  ASSERT_EQ(status.status, 200) << status.body;
  EXPECT_EQ(status.json().at("type"), "none");
  EXPECT_EQ(get("/api/auth/vip-status/123").status, 422);
}

}  // namespace
}  // namespace portal::test
