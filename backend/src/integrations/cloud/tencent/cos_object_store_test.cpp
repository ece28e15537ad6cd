#include "integrations/cloud/tencent/cos_object_store.hpp"

#include "core/clock.hpp"
#include "core/text.hpp"
#include "integrations/cloud/tencent/cos_signature.hpp"
#include "integrations/http/fake_http_client_for_test.hpp"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

namespace portal::cloud::tencent {
namespace {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

constexpr std::string_view kCosSecretId = "AKIDcostest";
constexpr std::string_view kCosSecretKey = "cos-test-secret-key";
constexpr std::string_view kCosStandIn = "http://127.0.0.1:18080/dev/cloud/cos/demos-1250000000";
constexpr std::string_view kStandInPath = "/dev/cloud/cos/demos-1250000000";
constexpr std::string_view kRealBase = "https://demos-1250000000.cos.ap-shanghai.myqcloud.com";

std::map<std::string, std::string> split_pairs(std::string_view text) {
  std::map<std::string, std::string> out;
  while (!text.empty()) {
    const auto amp = text.find('&');
    const auto pair = text.substr(0, amp);
    const auto eq = pair.find('=');
    out[std::string(pair.substr(0, eq))] = eq == std::string_view::npos ? "" : std::string(pair.substr(eq + 1));
    text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
  }
  return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  while (true) {
    const auto at = text.find(separator);
    out.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

// What a COS server does with a request: recompute the signature from the decoded path and query
// of the URL and the headers the Authorization names, and compare.
void expect_cos_signed(const RecordedCall& call, std::string_view expected_header_list,
                       std::string_view expected_param_list) {
  std::string authorization;
  std::vector<std::pair<std::string, std::string>> headers;
  for (const auto& [name, value] : call.headers) {
    if (name == "Authorization") authorization = value;
    headers.emplace_back(core::ascii_lower(name), value);
  }
  const auto q = split_pairs(authorization);
  ASSERT_EQ(q.at("q-sign-algorithm"), "sha1");
  ASSERT_EQ(q.at("q-ak"), kCosSecretId);
  EXPECT_EQ(q.at("q-header-list"), expected_header_list);
  EXPECT_EQ(q.at("q-url-param-list"), expected_param_list);
  EXPECT_EQ(q.at("q-sign-time"), q.at("q-key-time"));

  // The endpoint stands for the bucket's root: its own path is not signed.
  const auto url = boost::urls::parse_absolute_uri(call.url).value();
  std::string path = url.path();
  if (path.starts_with(kStandInPath)) path.erase(0, kStandInPath.size());
  CosSignInput input{.method = call.method, .path = path};
  for (const auto& param : url.params()) input.params.emplace_back(param.key, param.value);
  for (const auto& name : split(q.at("q-header-list"), ';')) {
    for (const auto& [header_name, value] : headers) {
      if (header_name == name) input.headers.emplace_back(name, value);
    }
  }
  const auto times = split(q.at("q-sign-time"), ';');
  input.start = std::stoll(times.at(0));
  input.end = std::stoll(times.at(1));
  EXPECT_EQ(q.at("q-signature"), cos_sign(kCosSecretKey, input).signature) << call.url;
}

std::string header(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

std::string contents(std::string_view key, std::int64_t size) {
  return "<Contents><Key>" + std::string(key) + "</Key><LastModified>2026-11-24T13:30:00.000Z</LastModified>" +
         "<ETag>&quot;x&quot;</ETag><Size>" + std::to_string(size) + "</Size><StorageClass>STANDARD</StorageClass>" +
         "</Contents>";
}

HttpReply listing(const std::vector<std::string>& keys, std::string_view next_marker) {
  std::string body = "<?xml version='1.0' encoding='utf-8' ?><ListBucketResult><Name>demos-1250000000</Name>";
  body += next_marker.empty()
              ? "<IsTruncated>false</IsTruncated>"
              : "<IsTruncated>true</IsTruncated><NextMarker>" + std::string(next_marker) + "</NextMarker>";
  for (const auto& key : keys) body += contents(key, 1000);
  return HttpReply{.status = 200, .body = body + "</ListBucketResult>"};
}

HttpReply cos_error_reply(int status, std::string_view code) {
  return HttpReply{.status = status,
                   .body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + std::string(code) +
                           "</Code><Message>refused</Message><RequestId>r</RequestId></Error>"};
}

CosSettings stand_in() {
  return CosSettings{
      .bucket = "demos-1250000000", .region = "ap-shanghai", .endpoint = std::string(kCosStandIn), .timeout_ms = 3000};
}

class CosObjectStoreTest : public ::testing::Test {
 protected:
  core::ManualClock clock{1'800'000'000};
  FakeHttpClient http;
  CosObjectStore store{Credentials{std::string(kCosSecretId), std::string(kCosSecretKey), ""}, stand_in(), http,
                       clock.clock()};
};

TEST_F(CosObjectStoreTest, ListFollowsNextMarkerAcrossPages) {
  http.push(listing({"demos/srv_1/a.dem", "demos/srv_1/b.dem"}, "demos/srv_1/b.dem"));
  http.push(listing({"demos/srv_1/c.dem"}, ""));
  const auto objects = store.list("demos/srv_1/");
  ASSERT_TRUE(objects.ok()) << objects.error().message;
  ASSERT_EQ(objects->size(), 3u);
  EXPECT_EQ(objects->at(0).key, "demos/srv_1/a.dem");
  EXPECT_EQ(objects->at(2).key, "demos/srv_1/c.dem");
  EXPECT_EQ(objects->at(2).size, 1000);
  EXPECT_EQ(objects->at(2).modified_at, 1795527000);  // 2026-11-24T13:30:00Z

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].method, "GET");
  EXPECT_EQ(calls[0].url, std::string(kCosStandIn) + "/?prefix=demos%2Fsrv_1%2F&max-keys=1000");
  EXPECT_EQ(calls[1].url,
            std::string(kCosStandIn) + "/?prefix=demos%2Fsrv_1%2F&marker=demos%2Fsrv_1%2Fb.dem&max-keys=1000");
  EXPECT_EQ(calls[0].timeout, std::chrono::milliseconds(3000));
  EXPECT_EQ(header(calls[0], "Host"), "127.0.0.1:18080");
  expect_cos_signed(calls[0], "host", "max-keys;prefix");
  expect_cos_signed(calls[1], "host", "marker;max-keys;prefix");
}

TEST_F(CosObjectStoreTest, ListWithoutNextMarkerGoesOnFromTheLastKey) {
  std::string truncated = listing({"demos/a.dem"}, "x").body;
  truncated.replace(truncated.find("<NextMarker>x</NextMarker>"), 26, "");
  http.push(HttpReply{.status = 200, .body = truncated});
  http.push(listing({"demos/b.dem"}, ""));
  const auto objects = store.list("demos/");
  ASSERT_TRUE(objects.ok());
  EXPECT_EQ(objects->size(), 2u);
  EXPECT_NE(http.calls().at(1).url.find("marker=demos%2Fa.dem"), std::string::npos);
}

TEST_F(CosObjectStoreTest, ListErrorsAreCloudErrors) {
  http.push(cos_error_reply(403, "SignatureDoesNotMatch"));
  http.push(cos_error_reply(503, "SlowDown"));
  http.push(HttpReply{.status = 500, .body = ""});
  http.push(integrations::upstream_failure(integrations::HttpFailure::unreachable, "refused"));
  http.push(HttpReply{.status = 200, .body = "<html>captive portal</html>"});
  for (const std::string expected :
       {"CLOUD_AUTH_FAILED", "CLOUD_RATE_LIMITED", "CLOUD_UNAVAILABLE", "CLOUD_UNAVAILABLE", "CLOUD_UNAVAILABLE"}) {
    const auto objects = store.list("demos/");
    ASSERT_FALSE(objects.ok()) << expected;
    EXPECT_EQ(objects.error().code, expected);
    EXPECT_EQ(objects.error().kind, core::ErrorKind::unavailable);
  }
}

TEST_F(CosObjectStoreTest, RemovePrefixDeletesEveryListedKeyInOneQuietMultiDelete) {
  http.push(listing({"demos/srv_1/a.dem", "demos/srv_1/b b.dem"}, ""));
  http.push(HttpReply{.status = 200, .body = "<DeleteResult></DeleteResult>"});
  ASSERT_TRUE(store.remove_prefix("demos/srv_1/").ok());

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 2u);
  const auto& removal = calls[1];
  EXPECT_EQ(removal.method, "POST");
  EXPECT_EQ(removal.url, std::string(kCosStandIn) + "/?delete");
  EXPECT_EQ(removal.body,
            "<Delete><Quiet>true</Quiet><Object><Key>demos/srv_1/a.dem</Key></Object>"
            "<Object><Key>demos/srv_1/b b.dem</Key></Object></Delete>");
  EXPECT_EQ(header(removal, "Content-MD5"), "+5LLdP5hJN0D/Csuwejlzw==");  // base64(MD5(body)), by Python's hashlib
  EXPECT_EQ(header(removal, "Content-Type"), "application/xml");
  expect_cos_signed(removal, "content-md5;content-type;host", "delete");
}

TEST_F(CosObjectStoreTest, RemovePrefixDeletesAThousandKeysPerCall) {
  std::vector<std::string> keys;
  for (int i = 0; i < 2500; ++i) keys.push_back("demos/srv_1/" + std::to_string(100000 + i) + ".dem");
  http.set_responder([&](const RecordedCall& call) -> core::Result<HttpReply> {
    if (call.method == "POST") return HttpReply{.status = 200, .body = "<DeleteResult/>"};
    std::size_t from = 0;  // just after the marker key, as COS pages
    for (const auto& param : boost::urls::parse_absolute_uri(call.url)->params()) {
      if (param.key == "marker") from = std::find(keys.begin(), keys.end(), param.value) - keys.begin() + 1;
    }
    const std::size_t to = std::min(from + 1000, keys.size());
    return listing({keys.begin() + static_cast<std::ptrdiff_t>(from), keys.begin() + static_cast<std::ptrdiff_t>(to)},
                   to < keys.size() ? keys[to - 1] : "");
  });
  ASSERT_TRUE(store.remove_prefix("demos/srv_1/").ok());
  std::vector<std::size_t> deleted_per_call;
  for (const auto& call : http.calls()) {
    if (call.method != "POST") continue;
    std::size_t count = 0;
    for (auto at = call.body.find("<Key>"); at != std::string::npos; at = call.body.find("<Key>", at + 1)) ++count;
    deleted_per_call.push_back(count);
  }
  EXPECT_EQ(deleted_per_call, (std::vector<std::size_t>{1000, 1000, 500}));
}

TEST_F(CosObjectStoreTest, RemovePrefixOfNothingOnlyLists) {
  http.push(listing({}, ""));
  ASSERT_TRUE(store.remove_prefix("demos/srv_9/").ok());
  EXPECT_EQ(http.calls().size(), 1u);
}

TEST_F(CosObjectStoreTest, RemovePrefixReportsKeysCosCouldNotDelete) {
  http.push(listing({"demos/srv_1/a.dem"}, ""));
  http.push(HttpReply{.status = 200,
                      .body = "<DeleteResult><Error><Key>demos/srv_1/a.dem</Key><Code>InternalError</Code>"
                              "<Message>try again</Message></Error></DeleteResult>"});
  const auto removed = store.remove_prefix("demos/srv_1/");
  ASSERT_FALSE(removed.ok());
  EXPECT_EQ(removed.error().code, "CLOUD_UNAVAILABLE");
  EXPECT_EQ(removed.error().details.at("cloud_code"), "InternalError");
}

TEST_F(CosObjectStoreTest, RemovePrefixRefusesAnEmptyPrefix) {
  const auto removed = store.remove_prefix("");
  ASSERT_FALSE(removed.ok());
  EXPECT_EQ(removed.error().code, "EMPTY_PREFIX");
  EXPECT_TRUE(http.calls().empty());
}

TEST(CosObjectStoreDownload, APresignedGetValidFromNowForTheTtl) {
  core::ManualClock clock(1'800'000'000);
  FakeHttpClient http;
  CosObjectStore store(Credentials{std::string(kCosSecretId), std::string(kCosSecretKey), ""},
                       CosSettings{.bucket = "demos-1250000000", .region = "ap-shanghai"}, http, clock.clock());
  const std::string key = "demos/srv_1/2026-11-24_2130_de_mirage (2).dem";
  const auto url = store.download_url(key, std::chrono::seconds(600));

  const std::string path = "/demos/srv_1/2026-11-24_2130_de_mirage%20%282%29.dem";
  ASSERT_TRUE(url.starts_with(std::string(kRealBase) + path + "?")) << url;
  const auto q = split_pairs(url.substr(url.find('?') + 1));
  EXPECT_EQ(q.at("q-sign-algorithm"), "sha1");
  EXPECT_EQ(q.at("q-ak"), kCosSecretId);
  EXPECT_EQ(q.at("q-sign-time"), "1800000000%3B1800000600");
  EXPECT_EQ(q.at("q-key-time"), "1800000000%3B1800000600");
  EXPECT_EQ(q.at("q-header-list"), "host");
  EXPECT_EQ(q.at("q-url-param-list"), "");
  const auto expected = cos_sign(kCosSecretKey, CosSignInput{.method = "get",
                                                             .path = "/" + key,
                                                             .headers = {{"host", std::string(kRealBase.substr(8))}},
                                                             .start = 1'800'000'000,
                                                             .end = 1'800'000'600});
  EXPECT_EQ(q.at("q-signature"), expected.signature);
  EXPECT_TRUE(http.calls().empty());  // signing a link asks nothing of COS

  clock.advance(30);
  EXPECT_NE(store.download_url(key, std::chrono::seconds(600)), url);  // a later link starts later
}

TEST(CosObjectStoreDownload, PathStyleStandInSignsThePathBelowTheBucketAndATokenTravelsAlong) {
  core::ManualClock clock(1'800'000'000);
  FakeHttpClient http;
  CosObjectStore store(Credentials{std::string(kCosSecretId), std::string(kCosSecretKey), "sts token"}, stand_in(),
                       http, clock.clock());
  const auto url = store.download_url("demos/a.dem", std::chrono::seconds(60));
  ASSERT_TRUE(url.starts_with(std::string(kCosStandIn) + "/demos/a.dem?")) << url;
  EXPECT_TRUE(url.ends_with("&x-cos-security-token=sts%20token")) << url;
  const auto expected = cos_sign(kCosSecretKey, CosSignInput{.method = "get",
                                                             .path = "/demos/a.dem",
                                                             .headers = {{"host", "127.0.0.1:18080"}},
                                                             .start = 1'800'000'000,
                                                             .end = 1'800'000'060});
  EXPECT_EQ(split_pairs(url.substr(url.find('?') + 1)).at("q-signature"), expected.signature);

  http.push(listing({}, ""));
  ASSERT_TRUE(store.list("demos/").ok());
  EXPECT_EQ(header(http.calls().at(0), "x-cos-security-token"), "sts token");
}

TEST(CosObjectStoreDownload, TheDefaultEndpointIsTheBucketsVirtualHost) {
  core::ManualClock clock;
  FakeHttpClient http;
  CosObjectStore store(Credentials{std::string(kCosSecretId), std::string(kCosSecretKey), ""},
                       CosSettings{.bucket = "demos-1250000000", .region = "ap-shanghai"}, http, clock.clock());
  http.push(listing({}, ""));
  ASSERT_TRUE(store.list("demos/").ok());
  const auto call = http.calls().at(0);
  EXPECT_TRUE(call.url.starts_with(std::string(kRealBase) + "/?prefix=")) << call.url;
  EXPECT_EQ(header(call, "Host"), "demos-1250000000.cos.ap-shanghai.myqcloud.com");
  expect_cos_signed(call, "host", "max-keys;prefix");
}

}  // namespace
}  // namespace portal::cloud::tencent
