// The built web app (SPA fallback, precompressed assets, caching) and GET /api/config.

#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::HasSubstr;

class StaticFilesHttp : public ::testing::Test {
 protected:
  TestApp app;
  HttpClient client;
};

TEST_F(StaticFilesHttp, SpaFallbackForEveryNonApiPath) {
  for (const char* path : {"/", "/servers", "/settings/profile", "/no/such/page", "/leaderboard?season=all"}) {
    auto result = client.get(app.url(path));
    EXPECT_EQ(result.status, 200) << path;
    EXPECT_THAT(result.body, HasSubstr("portal test shell")) << path;
    EXPECT_THAT(result.header("Content-Type"), HasSubstr("text/html"));
    EXPECT_EQ(result.header("Cache-Control"), "no-cache");
  }
}

TEST_F(StaticFilesHttp, ApiPathsNeverFallBackToHtml) {
  auto result = client.get(app.url("/api/unknown"));
  EXPECT_EQ(result.status, 404);
  EXPECT_EQ(result.json().at("error").as_string(), "NOT_FOUND");
}

TEST_F(StaticFilesHttp, MissingHashedAssetIs404NotHtml) {
  auto result = client.get(app.url("/assets/app-000000.js"));
  EXPECT_EQ(result.status, 404);
  EXPECT_THAT(result.header("Content-Type"), HasSubstr("application/json"));
}

TEST_F(StaticFilesHttp, PrecompressedAssetChosenByAcceptEncoding) {
  auto br = client.get(app.url("/assets/app-3f2a9c.js"), {"Accept-Encoding: gzip, deflate, br"});
  EXPECT_EQ(br.header("Content-Encoding"), "br");
  EXPECT_EQ(br.body, "brotli-bytes");
  EXPECT_THAT(br.header("Content-Type"), HasSubstr("application/javascript"));
  EXPECT_EQ(br.header("Vary"), "Accept-Encoding");

  auto gz = client.get(app.url("/assets/app-3f2a9c.js"), {"Accept-Encoding: gzip"});
  EXPECT_EQ(gz.header("Content-Encoding"), "gzip");
  EXPECT_EQ(gz.body, "gzip-bytes");

  auto refused = client.get(app.url("/assets/app-3f2a9c.js"), {"Accept-Encoding: br;q=0, gzip"});
  EXPECT_EQ(refused.header("Content-Encoding"), "gzip");

  auto raw = client.get(app.url("/assets/app-3f2a9c.js"), {"Accept-Encoding: identity"});
  EXPECT_EQ(raw.header("Content-Encoding"), "");
  EXPECT_EQ(raw.body, "console.log('raw asset');");
}

TEST_F(StaticFilesHttp, HashedAssetsAreImmutable) {
  auto result = client.get(app.url("/assets/app-3f2a9c.js"));
  EXPECT_EQ(result.header("Cache-Control"), "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesHttp, EtagRevalidationAnswers304) {
  auto first = client.get(app.url("/"));
  const std::string etag = first.header("ETag");
  ASSERT_FALSE(etag.empty());
  auto second = client.get(app.url("/"), {"If-None-Match: " + etag});
  EXPECT_EQ(second.status, 304);
  EXPECT_TRUE(second.body.empty());
}

TEST_F(StaticFilesHttp, RealRobotsTxt) {
  auto result = client.get(app.url("/robots.txt"));
  EXPECT_EQ(result.status, 200);
  EXPECT_THAT(result.header("Content-Type"), HasSubstr("text/plain"));
  EXPECT_THAT(result.body, HasSubstr("User-agent: *"));
}

TEST_F(StaticFilesHttp, NoEscapeFromTheWebRoot) {
  write_file(app.web_root().parent_path() / "secret.txt", "top secret");
  for (const char* path : {"/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/.hidden"}) {
    auto result = client.get(app.url(path));
    EXPECT_THAT(result.body, ::testing::Not(HasSubstr("top secret"))) << path;
  }
}

TEST_F(StaticFilesHttp, APagesFirstVisitNamesItsRoutesChunksInALinkHeader) {
  EXPECT_EQ(client.get(app.url("/vip")).header("Link"), "") << "no list built: no header";
  write_file(app.web_root() / "route-preloads.json",
             R"({"/vip": ["/assets/vip-page-3c.js", "/assets/vip-page-4d.css"], "/": ["/assets/servers-page-1a.js"]})");
  const std::string vip_links =
      "</assets/vip-page-3c.js>; rel=modulepreload, </assets/vip-page-4d.css>; rel=preload; as=style";
  EXPECT_EQ(client.get(app.url("/vip")).header("Link"), vip_links);
  EXPECT_EQ(client.get(app.url("/vip/anything")).header("Link"), vip_links);
  EXPECT_EQ(client.get(app.url("/")).header("Link"), "</assets/servers-page-1a.js>; rel=modulepreload");
  EXPECT_EQ(client.get(app.url("/faq")).header("Link"), "");
  EXPECT_EQ(client.get(app.url("/assets/app-3f2a9c.js")).header("Link"), "") << "only pages carry it";
  // A broken list costs the hint, never the page.
  write_file(app.web_root() / "route-preloads.json", "{broken");
  auto broken = client.get(app.url("/vip"));
  EXPECT_EQ(broken.status, 200);
  EXPECT_THAT(broken.body, HasSubstr("portal test shell"));
  EXPECT_EQ(broken.header("Link"), "");
}

TEST_F(StaticFilesHttp, OtherMethodsOnPagesAre405) {
  auto result = client.post_json(app.url("/servers"), "{}");
  EXPECT_EQ(result.status, 405);
  EXPECT_EQ(result.header("Allow"), "GET, HEAD");
}

TEST(StaticFilesMissing, UnbuiltWebAppAnswers503InErrorShape) {
  TestApp app{TestAppOptions{.configure = [](app::Config& c) { c.server.web_root = "/nonexistent/web/dist"; }}};
  HttpClient client;
  auto result = client.get(app.url("/servers"));
  EXPECT_EQ(result.status, 503);
  EXPECT_EQ(result.json().at("error").as_string(), "WEB_APP_NOT_BUILT");
}

TEST(RemoteConfig, FlagsAndPublicSettingsComeFromConfig) {
  TestApp app{TestAppOptions{.configure = [](app::Config& c) {
    c.features.servers.quick_join = false;
    c.features.pracc_enabled = false;
    c.features.settings.security = false;
    c.server.public_url = "https://cs2.example.com";
    c.links.filing_number = "京ICP备12345678号";
  }}};
  HttpClient client;
  auto result = client.get(app.url("/api/config"));
  ASSERT_EQ(result.status, 200);
  auto config = result.json().as_object();
  EXPECT_EQ(config.at("mode").as_string(), "production");
  EXPECT_TRUE(config.at("servers").at("enabled").as_bool());
  const auto& servers = config.at("servers").at("features");
  EXPECT_TRUE(servers.at("details").as_bool());
  EXPECT_TRUE(servers.at("rules").as_bool());
  EXPECT_FALSE(servers.at("quickJoin").as_bool());
  EXPECT_TRUE(servers.at("filters").as_bool());
  EXPECT_FALSE(config.at("pracc").at("enabled").as_bool());
  EXPECT_TRUE(config.at("inventory").at("enabled").as_bool());
  EXPECT_TRUE(config.at("settings").at("enabled").as_bool());
  EXPECT_FALSE(config.at("settings").at("features").at("security").as_bool());
  EXPECT_EQ(config.at("steam").at("openidEndpoint").as_string(), "https://steamcommunity.com/openid/login");
  EXPECT_EQ(config.at("steam").at("realm").as_string(), "https://cs2.example.com");
  EXPECT_EQ(config.at("steam").at("returnUrl").as_string(), "https://cs2.example.com/api/auth/steam/callback");
  EXPECT_EQ(config.at("join").at("addressPrefix").as_string(), "steam://connect/");
  EXPECT_EQ(config.at("join").at("appId").as_int64(), 730);
  EXPECT_EQ(config.at("links").at("filingNumber").as_string(), "京ICP备12345678号");
}

}  // namespace
}  // namespace portal::test
