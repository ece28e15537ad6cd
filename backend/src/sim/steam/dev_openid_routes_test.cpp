// The dev OpenID provider over real HTTP: the production verifier and libcurl client talk to the
// routes of a running App, as the portal's Steam callback will in demo mode.

#include "sim/steam/dev_openid_routes.hpp"

#include "integrations/http/curl_http_client.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::sim {
namespace {

using integrations::HttpReply;
using integrations::steam::parse_query;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// The provider is built before the App has a port, so it names a placeholder origin; this client
// sends what the verifier addresses there to the running App instead.
constexpr std::string_view kPlaceholderOrigin = "http://portal.test";

class ToRunningApp final : public integrations::HttpClient {
 public:
  explicit ToRunningApp(std::string origin) : origin_(std::move(origin)) {}
  core::Result<HttpReply> send(const integrations::HttpRequest& request) override {
    integrations::HttpRequest rewritten = request;
    rewritten.url = rewrite(request.url);
    return real_.send(rewritten);
  }

 private:
  std::string rewrite(const std::string& url) const {
    return url.starts_with(kPlaceholderOrigin) ? origin_ + url.substr(kPlaceholderOrigin.size()) : url;
  }
  std::string origin_;
  integrations::CurlHttpClient real_;
};

class DevOpenIdRoutes : public ::testing::Test {
 protected:
  const std::string callback = std::string(kPlaceholderOrigin) + "/api/auth/steam/callback";
  sim::DevOpenIdProvider provider{std::string(kPlaceholderOrigin) + "/api/dev/openid/login"};
  test::TestApp app{test::TestAppOptions{
      .extra_routes = [this](http::RouteTable& routes) { register_dev_openid_routes(routes, provider); }}};
  test::HttpClient browser;

  test::HttpResult post_form(const std::string& body,
                             const std::string& content_type = "application/x-www-form-urlencoded") {
    return browser.send(test::HttpCall{.method = "POST",
                                       .url = app.url("/api/dev/openid/login"),
                                       .headers = {"Content-Type: " + content_type},
                                       .body = body});
  }
  std::string sign_in_body(const std::string& steamid, const std::string& action = "sign_in") {
    return integrations::steam::encode_params({{"openid.return_to", callback + "?state=s1"},
                                               {"openid.realm", std::string(kPlaceholderOrigin) + "/"},
                                               {"steamid", steamid},
                                               {"persona", ""},
                                               {"action", action}});
  }
};

TEST_F(DevOpenIdRoutes, SignInRoundTripPassesTheProductionVerifierOverHttp) {
  const std::string login = integrations::steam::build_login_url(
      app.url("/api/dev/openid/login"), callback + "?state=s1", std::string(kPlaceholderOrigin) + "/");
  auto page = browser.get(login);
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(page.header("Cache-Control"), "no-store");
  EXPECT_THAT(page.body, HasSubstr("<label for=\"steamid\">SteamID64</label>"));

  auto redirect = post_form(sign_in_body("76561197972494985"));
  ASSERT_EQ(redirect.status, 302) << redirect.body;
  const std::string location = redirect.header("Location");
  ASSERT_THAT(location, StartsWith(callback + "?state=s1&openid.ns="));

  ToRunningApp http(app.url(""));
  integrations::steam::InMemoryNonceStore nonces;
  integrations::steam::OpenIdVerifier verifier({provider.endpoint(), callback}, http, nonces);
  const std::string query = location.substr(location.find('?') + 1);
  auto verified = verifier.verify(query, std::chrono::system_clock::now());
  ASSERT_TRUE(verified.ok()) << verified.error().message;
  EXPECT_EQ(verified->steam_id, 76561197972494985ULL);
  EXPECT_EQ(verified->return_to_query.at("state"), "s1");

  // The provider confirms each assertion once, so a replay fails there, before the nonce store.
  auto again = verifier.verify(query, std::chrono::system_clock::now());
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, "OPENID_INVALID");
}

TEST_F(DevOpenIdRoutes, CheckAuthenticationAnswersInKeyValueForm) {
  auto redirect = post_form(sign_in_body("76561197972494985"));
  auto params = parse_query(redirect.header("Location").substr(redirect.header("Location").find('?') + 1));
  for (auto& [name, value] : params) {
    if (name == "openid.mode") value = "check_authentication";
  }
  auto first =
      post_form(integrations::steam::encode_params(params), "application/x-www-form-urlencoded; charset=UTF-8");
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(first.header("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(first.body, "ns:http://specs.openid.net/auth/2.0\nis_valid:true\n");
  EXPECT_EQ(post_form(integrations::steam::encode_params(params)).body,
            "ns:http://specs.openid.net/auth/2.0\nis_valid:false\n");
}

TEST_F(DevOpenIdRoutes, CancelAndInvalidInput) {
  auto cancel = post_form(sign_in_body("", "cancel"));
  EXPECT_EQ(cancel.status, 302);
  EXPECT_THAT(cancel.header("Location"), HasSubstr("&openid.mode=cancel"));

  auto invalid = post_form(sign_in_body("76561202301376826"));
  EXPECT_EQ(invalid.status, 422);
  EXPECT_EQ(invalid.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_THAT(invalid.body, HasSubstr("role=\"alert\">Enter a SteamID64"));
  EXPECT_THAT(invalid.body, HasSubstr("value=\"76561202301376826\""));

  auto unusable = browser.get(app.url("/api/dev/openid/login"));
  EXPECT_EQ(unusable.status, 400);
  EXPECT_THAT(unusable.body, HasSubstr("checkid_setup"));

  auto malformed = post_form("steamid=%zz");
  EXPECT_EQ(malformed.status, 400);
  EXPECT_EQ(malformed.json().at("error").as_string(), "INVALID_FORM");
}

TEST_F(DevOpenIdRoutes, OnlyFormBodiesAreAccepted) {
  auto json = post_form("{}", "application/json");
  EXPECT_EQ(json.status, 415);
  EXPECT_EQ(json.json().at("error").as_string(), "UNSUPPORTED_MEDIA_TYPE");
}

TEST_F(DevOpenIdRoutes, AvatarIsAnSvgForValidIdsOnly) {
  auto svg = browser.get(app.url("/api/dev/openid/avatar/76561197972494985"));
  EXPECT_EQ(svg.status, 200);
  EXPECT_EQ(svg.header("Content-Type"), "image/svg+xml");
  EXPECT_THAT(svg.body, StartsWith("<svg"));
  EXPECT_EQ(browser.get(app.url("/api/dev/openid/avatar/123")).status, 404);
}

}  // namespace
}  // namespace portal::sim
