// The inventory page's calls end to end over HTTP, in demo mode: players log in through the development
// OpenID provider, sync their Steam profile, get an inventory sign-in token and present it to the demo
// stand-in for the inventory site. Production mode: the stand-in is absent, the settings are required.

#include "features/auth/token_service.hpp"
#include "core/base64url.hpp"
#include "core/clock.hpp"
#include "features/auth/user_repository.hpp"
#include "features/inventory/inventory_token.hpp"
#include "integrations/steam/openid.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <functional>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace json = boost::json;

const std::string kSecret = "inventory-functional-test-secret-0123456789";
const std::string kPlayer = "76561197972494985";
const std::string kOtherPlayer = "76561197972494986";
const std::string kSeededPlayer = "76561198000000777";  // in the database, unknown to the dev provider
constexpr const char* kPassword = "Sup3r-secret!";

std::string js(const std::string& s) { return json::serialize(json::value(s)); }

// The claims of a JWT as any JWT library would read them (no signature check).
json::object payload_of(const std::string& token) {
  const auto first = token.find('.');
  const auto second = token.find('.', first + 1);
  return json::parse(*core::base64url_decode(token.substr(first + 1, second - first - 1))).as_object();
}

// A Steam account stored before the portal starts; answers its user id.
std::int64_t seed_steam_user(db::Database& database, const std::string& steam_id) {
  return auth::UserRepository(database)
      .upsert_steam_user(steam_id, "Stored Name", "https://avatars.example/stored.jpg", core::system_unix_now())
      .id;
}

class InventoryFunctional : public ::testing::Test {
 protected:
  std::int64_t seeded_user = 0;  // set by the seed below, so declared before the app
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.mode = app::Mode::demo;
            c.servers.query_timeout_ms = 200;  // the demo's offline server must not hold up the start
            c.inventory.sign_in_url.clear();   // the demo default: the local stand-in page
            c.inventory.token_secret = kSecret;
          },
      .seed = [this](db::Database& database) { seeded_user = seed_steam_user(database, kSeededPlayer); },
  }};
  HttpClient http;

  std::string base() { return app.app().config().public_url(); }

  HttpResult post(const std::string& path, const std::string& body, const std::string& bearer = {}) {
    std::vector<std::string> headers;
    if (!bearer.empty()) headers.push_back("Authorization: Bearer " + bearer);
    return http.post_json(app.url(path), body, headers);
  }
  HttpResult sign_in(const std::string& steam_id, const std::string& bearer) {
    return post("/api/auth/inventory/sign-in", R"({"steamId":)" + js(steam_id) + "}", bearer);
  }
  HttpResult sync(const std::string& steam_id, const std::string& bearer) {
    return post("/api/database/im-update-user", R"({"steamid":)" + js(steam_id) + "}", bearer);
  }
  HttpResult dev_page(const std::string& token) { return http.get(app.url("/dev/inventory/sign-in?token=" + token)); }

  // A person on the development provider's page approves signing in as `steam_id`; answers the
  // assertion URL (the provider now knows `persona` as that account's Steam name).
  std::string approve_at_provider(const std::string& steam_id, const std::string& persona) {
    const std::string return_to = base() + "/api/auth/steam/callback";
    const std::string form = integrations::steam::encode_params({{"openid.return_to", return_to},
                                                                 {"openid.realm", base() + "/"},
                                                                 {"steamid", steam_id},
                                                                 {"persona", persona},
                                                                 {"action", "sign_in"}});
    auto approved = http.send(HttpCall{.method = "POST",
                                       .url = app.url("/api/dev/openid/login"),
                                       .headers = {"Content-Type: application/x-www-form-urlencoded"},
                                       .body = form});
    EXPECT_EQ(approved.status, 302) << approved.body;
    return approved.header("Location");
  }

  // Logs in with Steam through the development provider; answers the login token.
  std::string steam_login(const std::string& steam_id, const std::string& persona) {
    auto landed = http.get(approve_at_provider(steam_id, persona));
    EXPECT_EQ(landed.status, 302) << landed.body;
    const std::string location = landed.header("Location");
    for (const auto& [k, v] : integrations::steam::parse_query(location.substr(location.find('?') + 1))) {
      if (k == "token") return v;
    }
    ADD_FAILURE() << "no token in " << location;
    return "";
  }

  // Registers an e-mail account (no Steam bound); answers its user id.
  std::int64_t register_email_account(const std::string& email) {
    EXPECT_EQ(post("/api/auth/email/send-code", R"({"email":)" + js(email) + "}").status, 200);
    std::string code;
    const auto outbox = http.get(app.url("/api/dev/mail")).json();
    for (const auto& entry : outbox.as_array()) {
      if (entry.at("to").as_string() == email) code = std::string(entry.at("code").as_string());
    }
    auto registered = post("/api/auth/email/register", R"({"email":)" + js(email) + R"(,"password":)" + js(kPassword) +
                                                           R"(,"code":)" + js(code) + "}");
    EXPECT_EQ(registered.status, 201) << registered.body;
    return std::stoll(
        std::string(payload_of(std::string(registered.json().at("token").as_string())).at("sub").as_string()));
  }
};

TEST_F(InventoryFunctional, SignInAnswersATokenForTheInventorySite) {
  const std::string login = steam_login(kPlayer, "Dust Devil");
  auto answered = sign_in(kPlayer, login);
  ASSERT_EQ(answered.status, 200) << answered.body;
  EXPECT_EQ(answered.header("Cache-Control"), "no-store");
  EXPECT_EQ(answered.json().at("expiresIn"), 60);
  const std::string token(answered.json().at("token").as_string());

  // What the inventory site checks, with the secret it shares with the portal.
  const inventory::InventoryTokenVerifier site(kSecret, base(), base());
  auto claims = site.verify(token, core::system_unix_now());
  ASSERT_TRUE(claims.ok()) << claims.error().code;
  EXPECT_EQ(claims->steam_id, kPlayer);
  EXPECT_EQ(claims->name, "Dust Devil");
  EXPECT_EQ(claims->avatar, base() + "/api/dev/openid/avatar/" + kPlayer);
  EXPECT_EQ(claims->issuer, base());
  EXPECT_EQ(claims->audience, base()) << "the origin of the demo sign-in URL";
  EXPECT_EQ(claims->expires_at - claims->issued_at, 60);
  EXPECT_LE(std::abs(claims->issued_at - core::system_unix_now()), 5);
  const auto raw = payload_of(token);
  EXPECT_EQ(raw.at("typ"), "inventory");
  EXPECT_EQ(raw.at("sub"), kPlayer.c_str());

  // Not signed with the login key, and every token is a new one.
  EXPECT_FALSE(inventory::InventoryTokenVerifier(app.app().config().auth.jwt_secret, base(), base())
                   .verify(token, core::system_unix_now())
                   .ok());
  const std::string second(sign_in(kPlayer, login).json().at("token").as_string());
  EXPECT_NE(payload_of(second).at("jti"), raw.at("jti"));

  // The stand-in site accepts it and shows who signed in.
  auto page = dev_page(token);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.header("Content-Type"), HasSubstr("text/html"));
  EXPECT_EQ(page.header("Cache-Control"), "no-store");
  // The portal's own inventory page frames it; no other site may.
  EXPECT_THAT(page.header("Content-Security-Policy"), HasSubstr("frame-ancestors 'self'"));
  EXPECT_EQ(page.header("X-Frame-Options"), "SAMEORIGIN");
  EXPECT_THAT(page.body, HasSubstr("Signed in as <strong>Dust Devil</strong> (<code>" + kPlayer + "</code>)"));
  EXPECT_THAT(page.body, HasSubstr("<img src=\"" + base() + "/api/dev/openid/avatar/" + kPlayer + "\""));
}

TEST_F(InventoryFunctional, BothCallsActOnlyForTheBearersOwnAccount) {
  const std::string login = steam_login(kPlayer, "Dust Devil");
  for (const auto& [path, field] :
       {std::pair{"/api/auth/inventory/sign-in", "steamId"}, std::pair{"/api/database/im-update-user", "steamid"}}) {
    SCOPED_TRACE(path);
    auto other = post(path, "{\"" + std::string(field) + "\":" + js(kOtherPlayer) + "}", login);
    EXPECT_EQ(other.status, 403);
    EXPECT_EQ(error_code(other), "NOT_YOUR_ACCOUNT");

    auto anonymous = post(path, "{\"" + std::string(field) + "\":" + js(kPlayer) + "}");
    EXPECT_EQ(anonymous.status, 401);
    EXPECT_EQ(error_code(anonymous), "UNAUTHORIZED");
    EXPECT_EQ(error_code(post(path, "{\"" + std::string(field) + "\":" + js(kPlayer) + "}", "garbage")),
              "INVALID_TOKEN");

    for (const std::string& body : {std::string("{}"), "{\"" + std::string(field) + "\":\"7656119797249498\"}",
                                    "{\"" + std::string(field) + "\":76561197972494985}",
                                    "{\"" + std::string(field) + "\":\"12345678901234567\"}"}) {
      auto malformed = post(path, body, login);
      EXPECT_EQ(malformed.status, 422) << body;
      EXPECT_EQ(error_code(malformed), "VALIDATION_FAILED") << body;
      EXPECT_EQ(malformed.json().at("details").at("field"), field) << body;
    }
  }
}

TEST_F(InventoryFunctional, AnEmailAccountWithoutSteamIsToldToBindOne) {
  const std::int64_t user_id = register_email_account("no-steam@example.com");
  const std::string login = login_token_for(app, user_id, "");
  auto signed_in = sign_in(kPlayer, login);
  EXPECT_EQ(signed_in.status, 409) << signed_in.body;
  EXPECT_EQ(error_code(signed_in), "STEAM_NOT_BOUND");
  auto synced = sync(kPlayer, login);
  EXPECT_EQ(synced.status, 409);
  EXPECT_EQ(error_code(synced), "STEAM_NOT_BOUND");
}

TEST_F(InventoryFunctional, UserSyncRefreshesTheSteamProfileOrKeepsTheStoredOne) {
  const std::string login = steam_login(kPlayer, "Old Name");
  // The player renames themself on "Steam" (the provider learns the new name; the portal does not yet).
  approve_at_provider(kPlayer, "New Name");
  auto synced = sync(kPlayer, login);
  ASSERT_EQ(synced.status, 200) << synced.body;
  EXPECT_EQ(synced.header("Cache-Control"), "no-store");
  const auto body = synced.json();
  EXPECT_EQ(body.at("steamId"), kPlayer.c_str());
  EXPECT_EQ(body.at("username"), "New Name");
  EXPECT_EQ(body.at("avatar"), (base() + "/api/dev/openid/avatar/" + kPlayer).c_str());
  const std::string synced_at(body.at("syncedAt").as_string());
  EXPECT_EQ(synced_at.size(), 20U) << synced_at;  // 2026-11-21T08:00:00Z
  EXPECT_EQ(synced_at.back(), 'Z');
  // Stored: the user info and the next inventory token carry the new name.
  auto me = http.get(app.url("/api/auth/steam/user-info"), {"Authorization: Bearer " + login});
  EXPECT_EQ(me.json().at("username"), "New Name");
  const std::string token(sign_in(kPlayer, login).json().at("token").as_string());
  EXPECT_EQ(payload_of(token).at("name"), "New Name");

  // An account Steam does not answer for (the provider never saw it) keeps what is stored.
  const std::string seeded_login = login_token_for(app, seeded_user, kSeededPlayer);
  auto kept = sync(kSeededPlayer, seeded_login);
  ASSERT_EQ(kept.status, 200) << kept.body;
  EXPECT_EQ(kept.json().at("username"), "Stored Name");
  EXPECT_EQ(kept.json().at("avatar"), "https://avatars.example/stored.jpg");
}

TEST_F(InventoryFunctional, TheStandInSiteRefusesBadTokens) {
  const std::string login = steam_login(kPlayer, "Dust Devil");
  const std::string token(sign_in(kPlayer, login).json().at("token").as_string());

  std::string tampered = token;
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  auto bad = dev_page(tampered);
  EXPECT_EQ(bad.status, 401);
  EXPECT_THAT(bad.body, HasSubstr("Bad signature"));
  EXPECT_THAT(bad.body, Not(HasSubstr("Signed in as")));

  // Signed with the right secret for the right site, but a minute and more ago.
  const inventory::InventoryTokenIssuer past(
      {.secret = kSecret, .issuer = base(), .audience = base(), .ttl = std::chrono::seconds(60)});
  auto expired = dev_page(
      past.issue({.user_id = 1, .steam_id = kPlayer, .username = "Dust Devil"}, core::system_unix_now() - 61).token);
  EXPECT_EQ(expired.status, 401);
  EXPECT_THAT(expired.body, HasSubstr("The token has expired"));
  EXPECT_THAT(expired.body, Not(HasSubstr("Signed in as")));

  const inventory::InventoryTokenIssuer forger({.secret = "a-secret-the-site-does-not-share-0123456789",
                                                .issuer = base(),
                                                .audience = base(),
                                                .ttl = std::chrono::seconds(60)});
  EXPECT_THAT(dev_page(forger.issue({.user_id = 1, .steam_id = kPlayer}, core::system_unix_now()).token).body,
              HasSubstr("Bad signature"));
  // A login token is not an inventory token, whatever its signature.
  EXPECT_EQ(dev_page(login).status, 401);

  auto missing = http.get(app.url("/dev/inventory/sign-in"));
  EXPECT_EQ(missing.status, 400);
  EXPECT_THAT(missing.body, HasSubstr("No token was given"));
}

TEST_F(InventoryFunctional, RemoteConfigNamesTheSignInPageAndSignInIsRateLimited) {
  auto config = http.get(app.url("/api/config"));
  EXPECT_EQ(config.json().at("links").at("inventorySignIn"), (base() + "/dev/inventory/sign-in").c_str());

  const std::string login = steam_login(kPlayer, "Dust Devil");
  // 30 at once, then one every 2 s.
  int limited = 0;
  HttpResult last;
  for (int i = 0; i < 40; ++i) {
    last = sign_in(kPlayer, login);
    limited += last.status == 429;
  }
  EXPECT_GE(limited, 5);
  EXPECT_EQ(error_code(last), "RATE_LIMIT_EXCEEDED");
}

// ---- production ----

TEST(InventoryProduction, TheStandInIsAbsentAndTheConfiguredSiteIsUsed) {
  TestApp app;  // test_config: https://inventory.example.test/sign-in and a test secret
  HttpClient http;
  for (const auto& route : app.app().route_list()) EXPECT_THAT(route, Not(HasSubstr("/dev/")));
  auto page = http.get(app.url("/dev/inventory/sign-in?token=x"));
  EXPECT_THAT(page.body, Not(HasSubstr("Signed in as")));
  EXPECT_THAT(page.body, Not(HasSubstr("Inventory sign-in refused")));

  auto config = http.get(app.url("/api/config"));
  EXPECT_EQ(config.json().at("links").at("inventorySignIn"), "https://inventory.example.test/sign-in");
  EXPECT_THAT(config.header("Content-Security-Policy"), HasSubstr("https://inventory.example.test"))
      << "the portal may frame the sign-in page";
}

TEST(InventoryProduction, RefusesToStartWithoutTheSecretOrTheSite) {
  const auto start_error = [](std::function<void(app::Config&)> change) -> std::string {
    try {
      TestApp app{TestAppOptions{.configure = std::move(change)}};
    } catch (const app::ConfigError& error) {
      return error.what();
    }
    return "";
  };
  const std::string no_secret = start_error([](app::Config& c) { c.inventory.token_secret.clear(); });
  EXPECT_THAT(no_secret, HasSubstr("inventory.token_secret"));
  EXPECT_THAT(no_secret, HasSubstr("PORTAL_INVENTORY__TOKEN_SECRET"));
  EXPECT_THAT(start_error([](app::Config& c) { c.inventory.sign_in_url.clear(); }), HasSubstr("inventory.sign_in_url"));
  // With the page turned off neither is needed, and its routes are gone.
  TestApp off{TestAppOptions{.configure = [](app::Config& c) {
    c.features.inventory_enabled = false;
    c.inventory.token_secret.clear();
    c.inventory.sign_in_url.clear();
  }}};
  for (const auto& route : off.app().route_list()) EXPECT_THAT(route, Not(HasSubstr("inventory")));
}

TEST(InventoryDemo, GeneratesASecretWhenNoneIsConfigured) {
  std::int64_t user = 0;
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.mode = app::Mode::demo;
            c.servers.query_timeout_ms = 200;
            c.inventory.sign_in_url.clear();
            c.inventory.token_secret.clear();
          },
      .seed = [&user](db::Database& database) { user = seed_steam_user(database, kSeededPlayer); },
  }};
  HttpClient http;
  auto answered = http.post_json(app.url("/api/auth/inventory/sign-in"), R"({"steamId":)" + js(kSeededPlayer) + "}",
                                 {"Authorization: Bearer " + login_token_for(app, user, kSeededPlayer)});
  ASSERT_EQ(answered.status, 200) << answered.body;
  const std::string token(answered.json().at("token").as_string());
  auto page = http.get(app.url("/dev/inventory/sign-in?token=" + token));
  EXPECT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.body, HasSubstr("Signed in as <strong>Stored Name</strong>"));
}

}  // namespace
}  // namespace portal::test
