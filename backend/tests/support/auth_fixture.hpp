#pragma once
// The accounts fixture of the functional tests: the real App in demo mode (mail in the outbox, read
// back through GET /api/dev/mail; Steam is the development OpenID provider) with one game server
// whose plugin holds kPluginKey, and the steps a person or a plugin takes, as helpers.

#include "core/crypto.hpp"
#include "features/servers/repository.hpp"
#include "integrations/steam/openid.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {

using ::testing::HasSubstr;
namespace json = boost::json;

inline constexpr const char* kPluginKey = "plugin-key-of-the-test-server";
inline constexpr const char* kRentedKey = "plugin-key-of-a-rented-server";
inline constexpr const char* kPassword = "Sup3r-secret!";

inline std::string text(const json::value& v) {
  return v.is_string() ? std::string(v.as_string()) : json::serialize(v);
}

inline std::string js(const std::string& s) { return json::serialize(json::value(s)); }

class AuthFixture : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.mode = app::Mode::demo;
            c.servers.query_timeout_ms = 200;  // the demo's offline server must not hold up the start
          },
      .seed =
          [](db::Database& database) {
            servers::Repository repository(database);
            servers::GameServer server;
            server.ip = "10.9.8.7";
            server.port = 27015;
            server.name = "Plugin server";
            server.category = "retakes";
            server.region = "ap-shanghai";
            server.plugin_key_hash = core::sha256_hex(kPluginKey);
            repository.insert(server);
            // A rented practice server: its key may push and read, never ask for bind tokens.
            server.ip = "10.9.8.8";
            server.name = "Rented server";
            server.plugin_key_hash = core::sha256_hex(kRentedKey);
            server.plugin_key_scopes = "status,stats,members";
            repository.insert(server);
          },
  }};
  HttpClient http;

  HttpResult post(const std::string& path, const std::string& body, const std::string& bearer = {}) {
    std::vector<std::string> headers;
    if (!bearer.empty()) headers.push_back("Authorization: Bearer " + bearer);
    return http.post_json(app.url(path), body, headers);
  }
  HttpResult get(const std::string& path, const std::string& bearer = {}) {
    std::vector<std::string> headers;
    if (!bearer.empty()) headers.push_back("Authorization: Bearer " + bearer);
    return http.get(app.url(path), headers);
  }

  // The newest mail to `to` in the demo outbox.
  json::object latest_mail(const std::string& to) {
    const auto list = get("/api/dev/mail").json().as_array();
    for (const auto& entry : list) {
      if (entry.at("to").as_string() == to) return entry.as_object();
    }
    ADD_FAILURE() << "no mail to " << to;
    return {};
  }

  // Registers an e-mail account and answers its bind token.
  std::string register_account(const std::string& email, const std::string& password = kPassword) {
    EXPECT_EQ(post("/api/auth/email/send-code", R"({"email":)" + js(email) + "}").status, 200);
    const std::string code(latest_mail(email).at("code").as_string());
    auto registered = post("/api/auth/email/register", R"({"email":)" + js(email) + R"(,"password":)" + js(password) +
                                                           R"(,"code":)" + js(code) + "}");
    EXPECT_EQ(registered.status, 201) << registered.body;
    return std::string(registered.json().at("token").as_string());
  }

  // The plugin reports the player on its server, then asks for the player's in-game token.
  std::string game_token_for(const std::string& steam_id) {
    auto pushed = post("/api/plugin/servers/status",
                       R"({"ip":"10.9.8.7","port":27015,"map":"de_dust2","max_players":10,"players":[{"name":"p",)"
                       R"("time":60,"steamId":)" +
                           js(steam_id) + "}]}",
                       kPluginKey);
    EXPECT_EQ(pushed.status, 204) << pushed.body;
    auto issued = post("/api/plugin/bind-tokens", R"({"steamId":)" + js(steam_id) + "}", kPluginKey);
    EXPECT_EQ(issued.status, 201) << issued.body;
    return std::string(issued.json().at("token").as_string());
  }

  // Binds the e-mail account to `steam_id` with an in-game token; answers the login token.
  std::string bind_with_game_token(const std::string& email, const std::string& bind_token,
                                   const std::string& steam_id) {
    auto validated = post("/api/auth/email/bind-steam-token-validation",
                          R"({"email":)" + js(email) + R"(,"token":)" + js(game_token_for(steam_id)) + "}", bind_token);
    EXPECT_EQ(validated.status, 200) << validated.body;
    auto bound = post("/api/auth/email/bind-steam", R"({"email":)" + js(email) + R"(,"steamId":)" + js(steam_id) + "}",
                      bind_token);
    EXPECT_EQ(bound.status, 200) << bound.body;
    return bound.status == 200 ? std::string(bound.json().at("token").as_string()) : "";
  }

  // A person on the development provider's page: signs in as `steam_id` for `return_to`; answers the
  // provider's redirect back to the portal (the OpenID assertion).
  std::string sign_in_at_provider(const std::string& return_to, const std::string& steam_id,
                                  const std::string& persona = "") {
    const std::string origin = app.app().config().public_url();
    auto page =
        http.get(integrations::steam::build_login_url(app.url("/api/dev/openid/login"), return_to, origin + "/"));
    EXPECT_EQ(page.status, 200);
    const std::string form = integrations::steam::encode_params({{"openid.return_to", return_to},
                                                                 {"openid.realm", origin + "/"},
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

  // Follows the assertion to the portal's callback; answers where the portal sends the browser.
  std::string portal_callback(const std::string& assertion_url) {
    auto answered = http.get(assertion_url);
    EXPECT_EQ(answered.status, 302) << answered.body;
    return answered.header("Location");
  }

  static std::string query_value(const std::string& url, const std::string& key) {
    for (const auto& [k, v] : integrations::steam::parse_query(url.substr(url.find('?') + 1))) {
      if (k == key) return v;
    }
    return "";
  }

  HttpResult login(const std::string& email, const std::string& password) {
    return post("/api/auth/email/login", R"({"email":)" + js(email) + R"(,"password":)" + js(password) + "}");
  }
};

}  // namespace portal::test
