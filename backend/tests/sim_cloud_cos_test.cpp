// The COS stand-in over HTTP: List Objects with truncation and markers, GET Object by pre-signed link
// or Authorization header, expired links and wrong signatures refused in COS's XML, DELETE Object and
// Delete Multiple Objects. Every request is signed by the shared COS signing code.

#include "core/percent_encoding.hpp"
#include "sim/cloud/cos_api.hpp"
#include "sim/cloud/sim_cloud.hpp"
#include "sim/cloud/signed_requests_for_test.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace portal::test {
namespace {

using namespace std::chrono_literals;
using sim::cloud::SimCloud;
using sim::cloud::SimCloudSettings;
using sim::cloud::test::ManualMillisClock;
using Pairs = std::vector<std::pair<std::string, std::string>>;

constexpr const char* kCosBucket = "portal-demos-1250000000";

SimCloudSettings settings() {
  SimCloudSettings out;
  out.demo_mode = true;
  out.game_tick = 0ms;
  out.seed = 5;
  return out;
}

// The text of every <tag>...</tag> in order.
std::vector<std::string> elements(const std::string& xml, const std::string& tag) {
  std::vector<std::string> out;
  const std::regex pattern("<" + tag + ">([^<]*)</" + tag + ">");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), pattern); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

std::string element(const std::string& xml, const std::string& tag) {
  const auto all = elements(xml, tag);
  return all.empty() ? "<none>" : all.front();
}

class SimCloudCos : public ::testing::Test {
 protected:
  ManualMillisClock clock;
  SimCloud cloud{settings(), clock.clock()};
  TestApp app{TestAppOptions{.extra_routes = [this](http::RouteTable& routes) { cloud.register_routes(routes); }}};
  HttpClient http;

  void SetUp() override {
    for (const auto* key :
         {"demos/srv_a/2026-11-24_2030_de_nuke.dem", "demos/srv_a/2026-11-24_2100_de_mirage.dem",
          "demos/srv_a/2026-11-24_2130_de_inferno.dem", "demos/srv_b/2026-11-24_2000_de_dust2.dem", "logs/srv_a.log"}) {
      cloud.objects().put(kCosBucket, key, std::string("demo bytes of ") + key, clock.now());
    }
  }

  std::string host() const {
    const auto url = app.url("");
    return url.substr(url.find("//") + 2);
  }
  std::int64_t now_s() const { return clock.now() / 1000; }
  std::string object_url(const std::string& key) const {
    return app.url("/dev/cloud/cos/" + std::string(kCosBucket) + "/" + key);
  }

  // A list call signed in an Authorization header, as the adapter's list() sends it.
  HttpResult list(Pairs params) {
    const auto signature = sim::cloud::test::cos_signature(cloud.credentials(), "get", "/", params, {{"host", host()}},
                                                           now_s(), now_s() + 600);
    std::string query;
    for (const auto& [name, value] : params) {
      query += (query.empty() ? "?" : "&") + core::percent_encode(name) + "=" + core::percent_encode(value);
    }
    return http.get(
        app.url("/dev/cloud/cos/" + std::string(kCosBucket) + query),
        {"Authorization: " + portal::cloud::tencent::cos_authorization(cloud.credentials().secret_id, signature)});
  }
  // A pre-signed download link valid for `ttl`, as the adapter's download_url() makes one.
  std::string presigned(const std::string& key, std::chrono::seconds ttl,
                        const sim::cloud::CloudCredentials& credentials) {
    const auto signature = sim::cloud::test::cos_signature(credentials, "get", "/" + key, {}, {{"host", host()}},
                                                           now_s(), now_s() + ttl.count());
    return object_url(key) + "?" + portal::cloud::tencent::cos_presigned_query(credentials.secret_id, signature);
  }
};

TEST_F(SimCloudCos, ListObjectsPagesWithMaxKeysAndMarker) {
  auto page = list({{"prefix", "demos/"}, {"max-keys", "2"}});
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_EQ(page.header("Content-Type"), "application/xml");
  EXPECT_EQ(element(page.body, "Name"), kCosBucket);
  EXPECT_EQ(element(page.body, "Prefix"), "demos/");
  EXPECT_EQ(element(page.body, "MaxKeys"), "2");
  EXPECT_EQ(element(page.body, "IsTruncated"), "true");
  EXPECT_EQ(elements(page.body, "Key"), (std::vector<std::string>{"demos/srv_a/2026-11-24_2030_de_nuke.dem",
                                                                  "demos/srv_a/2026-11-24_2100_de_mirage.dem"}));
  EXPECT_EQ(element(page.body, "NextMarker"), "demos/srv_a/2026-11-24_2100_de_mirage.dem");
  EXPECT_EQ(element(page.body, "Size"), std::to_string(std::string("demo bytes of ").size() + 39));
  EXPECT_EQ(elements(page.body, "LastModified").at(0).size(), 24u);  // 2027-01-15T08:00:00.000Z
  EXPECT_EQ(elements(page.body, "ETag").at(0).size(), 44u);          // &quot; + 32 hex + &quot;

  page = list({{"prefix", "demos/"}, {"max-keys", "2"}, {"marker", element(page.body, "NextMarker")}});
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_EQ(element(page.body, "IsTruncated"), "false");
  EXPECT_EQ(elements(page.body, "Key"), (std::vector<std::string>{"demos/srv_a/2026-11-24_2130_de_inferno.dem",
                                                                  "demos/srv_b/2026-11-24_2000_de_dust2.dem"}));
  EXPECT_EQ(element(page.body, "NextMarker"), "<none>");

  EXPECT_EQ(elements(list({{"prefix", "logs/"}}).body, "Key"), std::vector<std::string>{"logs/srv_a.log"});
}

TEST_F(SimCloudCos, APresignedLinkDownloadsTheObjectUntilItExpires) {
  const std::string key = "demos/srv_a/2026-11-24_2100_de_mirage.dem";
  const auto link = presigned(key, 600s, cloud.credentials());
  auto download = http.get(link);
  ASSERT_EQ(download.status, 200) << download.body;
  EXPECT_EQ(download.body, "demo bytes of " + key);
  EXPECT_EQ(download.header("Content-Type"), "application/octet-stream");
  EXPECT_EQ(download.header("ETag").size(), 34u);
  EXPECT_FALSE(download.header("Last-Modified").empty());

  clock.advance(601s);
  download = http.get(link);
  EXPECT_EQ(download.status, 403);
  EXPECT_EQ(element(download.body, "Code"), "AccessDenied");
  EXPECT_EQ(element(download.body, "Message"), "Request has expired");
}

TEST_F(SimCloudCos, AWrongSignatureOrKeyOrNoSignatureIsRefused) {
  const std::string key = "demos/srv_a/2026-11-24_2100_de_mirage.dem";
  auto wrong_key = cloud.credentials();
  wrong_key.secret_key = "0123456789abcdef0123456789abcdef";
  auto refused = http.get(presigned(key, 600s, wrong_key));
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(element(refused.body, "Code"), "SignatureDoesNotMatch");

  // A link signed for one object does not open another.
  const auto link = presigned(key, 600s, cloud.credentials());
  refused = http.get(object_url("demos/srv_a/2026-11-24_2030_de_nuke.dem") + link.substr(link.find('?')));
  EXPECT_EQ(element(refused.body, "Code"), "SignatureDoesNotMatch");

  auto unknown = cloud.credentials();
  unknown.secret_id = "AKIDunknown0000000000000000000000000";
  refused = http.get(presigned(key, 600s, unknown));
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(element(refused.body, "Code"), "InvalidAccessKeyId");

  refused = http.get(object_url(key));
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(element(refused.body, "Code"), "AccessDenied");
  EXPECT_EQ(element(refused.body, "Message"), "Access Denied.");
}

TEST_F(SimCloudCos, MissingObjectsAndBucketsAre404) {
  auto missing = http.get(presigned("demos/srv_a/none.dem", 600s, cloud.credentials()));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(element(missing.body, "Code"), "NoSuchKey");

  const auto signature =
      sim::cloud::test::cos_signature(cloud.credentials(), "get", "/", {}, {{"host", host()}}, now_s(), now_s() + 60);
  missing = http.get(
      app.url("/dev/cloud/cos/other-1250000000"),
      {"Authorization: " + portal::cloud::tencent::cos_authorization(cloud.credentials().secret_id, signature)});
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(element(missing.body, "Code"), "NoSuchBucket");
}

TEST_F(SimCloudCos, DeleteObjectAndDeleteMultipleObjects) {
  const std::string key = "demos/srv_b/2026-11-24_2000_de_dust2.dem";
  auto signature = sim::cloud::test::cos_signature(cloud.credentials(), "delete", "/" + key, {}, {{"host", host()}},
                                                   now_s(), now_s() + 60);
  auto deleted = http.send(HttpCall{.method = "DELETE",
                                    .url = object_url(key),
                                    .headers = {"Authorization: " + portal::cloud::tencent::cos_authorization(
                                                                        cloud.credentials().secret_id, signature)}});
  EXPECT_EQ(deleted.status, 204) << deleted.body;
  EXPECT_FALSE(cloud.objects().find(kCosBucket, key));

  const std::string body =
      "<Delete><Quiet>false</Quiet>"
      "<Object><Key>demos/srv_a/2026-11-24_2030_de_nuke.dem</Key></Object>"
      "<Object><Key>demos/srv_a/2026-11-24_2100_de_mirage.dem</Key></Object>"
      "<Object><Key>demos/srv_a/never-there.dem</Key></Object></Delete>";
  const auto md5 = sim::cloud::content_md5(body);
  auto post = [&](std::vector<std::string> extra) {
    const Pairs params{{"delete", ""}};
    Pairs headers{{"host", host()}};
    for (const auto& header : extra) {
      const auto colon = header.find(": ");
      headers.emplace_back(header.substr(0, colon), header.substr(colon + 2));
    }
    const auto signed_post =
        sim::cloud::test::cos_signature(cloud.credentials(), "post", "/", params, headers, now_s(), now_s() + 60);
    extra.push_back("Authorization: " +
                    portal::cloud::tencent::cos_authorization(cloud.credentials().secret_id, signed_post));
    extra.emplace_back("Content-Type: application/xml");
    return http.send(HttpCall{.method = "POST",
                              .url = app.url("/dev/cloud/cos/" + std::string(kCosBucket) + "?delete"),
                              .headers = extra,
                              .body = body});
  };
  auto refused = post({});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(element(refused.body, "Code"), "MissingContentMD5");
  refused = post({"Content-MD5: 1B2M2Y8AsgTpgAmY7PhCfg=="});
  EXPECT_EQ(element(refused.body, "Code"), "BadDigest");

  const auto result = post({"Content-MD5: " + md5});
  ASSERT_EQ(result.status, 200) << result.body;
  EXPECT_EQ(elements(result.body, "Key"),
            (std::vector<std::string>{"demos/srv_a/2026-11-24_2030_de_nuke.dem",
                                      "demos/srv_a/2026-11-24_2100_de_mirage.dem", "demos/srv_a/never-there.dem"}));
  EXPECT_EQ(elements(list({{"prefix", "demos/"}}).body, "Key"),
            std::vector<std::string>{"demos/srv_a/2026-11-24_2130_de_inferno.dem"});
}

TEST_F(SimCloudCos, AGeneratedDemoDownloadsAsManyBytesAsItsListingSays) {
  cloud.objects().put_generated(kCosBucket, "demos/srv_c/2026-11-24_2200_de_anubis.dem", 123'457, 99, clock.now());
  const auto page = list({{"prefix", "demos/srv_c/"}});
  ASSERT_EQ(element(page.body, "Size"), "123457");
  const auto download = http.get(presigned("demos/srv_c/2026-11-24_2200_de_anubis.dem", 60s, cloud.credentials()));
  ASSERT_EQ(download.status, 200);
  EXPECT_EQ(download.body.size(), 123'457u);
  EXPECT_EQ(download.body.substr(0, 7), "PBDEMS2");
}

}  // namespace
}  // namespace portal::test
