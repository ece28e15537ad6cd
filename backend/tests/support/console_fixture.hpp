#pragma once
// The operator console's functional tests: the accounts fixture (demo mode, so the demo operator
// account holds op) with Steam logins through the development provider and JSON calls with a token.

#include "app/demo/demo_operator.hpp"
#include "support/auth_fixture.hpp"

#include <string>

namespace portal::test {

inline constexpr const char* kAlice = "76561197960361544";  // a development provider preset, no group

class ConsoleFixture : public AuthFixture {
 protected:
  std::string steam_login(const std::string& steam_id, const std::string& persona = "") {
    const std::string base = app.app().config().public_url();
    return query_value(portal_callback(sign_in_at_provider(base + "/api/auth/steam/callback", steam_id, persona)),
                       "token");
  }
  std::string operator_token() { return steam_login(std::string(app::kDemoOperatorSteamId), "Oscar"); }

  HttpResult call(const std::string& method, const std::string& path, const std::string& bearer,
                  const std::string& body = {}) {
    std::vector<std::string> headers;
    if (!bearer.empty()) headers.push_back("Authorization: Bearer " + bearer);
    if (method != "GET" && method != "HEAD") headers.emplace_back("Content-Type: application/json");
    return http.send(HttpCall{.method = method, .url = app.url(path), .headers = headers, .body = body});
  }
};

}  // namespace portal::test
