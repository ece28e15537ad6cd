#include "integrations/steam/openid.hpp"

#include "integrations/steam/openid_assertion_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::integrations::steam {
namespace {

using namespace std::chrono_literals;
using std::chrono::system_clock;
using namespace test_support;

// The rule a locally refused assertion broke ("" when it passed).
std::string refused_rule(const QueryParams& params, system_clock::time_point now = nonce_instant()) {
  auto result = check_locally(params, steam_expectations(), now);
  if (result.ok()) return "";
  EXPECT_EQ(result.error().kind, core::ErrorKind::unauthorized);
  EXPECT_EQ(result.error().code, "OPENID_INVALID");
  return std::string(result.error().details.at("rule").as_string());
}

// --- encoding ---

TEST(OpenIdLoginUrl, MatchesXpawsExpectedUrlWithoutRealm) {
  EXPECT_EQ(build_login_url("https://steamcommunity.com/openid/login", "https://localhost/SteamOpenID/Example.php", ""),
            "https://steamcommunity.com/openid/login?openid.identity=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0%2F"
            "identifier_select&openid.claimed_id=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0%2Fidentifier_select&"
            "openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=checkid_setup&openid.return_to="
            "https%3A%2F%2Flocalhost%2FSteamOpenID%2FExample.php");
}

TEST(OpenIdLoginUrl, AppendsTheRealmAndEncodesTheReturnToQuery) {
  const std::string url =
      build_login_url(kSteamOpenIdEndpoint, "https://portal.example/cb?state=a b&x=1", "https://portal.example/");
  EXPECT_THAT(url, ::testing::EndsWith("&openid.return_to=https%3A%2F%2Fportal.example%2Fcb%3Fstate%3Da%20b%26x%3D1"
                                       "&openid.realm=https%3A%2F%2Fportal.example%2F"));
  // What the provider reads back is what we sent.
  const auto params = parse_query(url.substr(url.find('?') + 1));
  ASSERT_EQ(params.size(), 6u);
  EXPECT_EQ(params[4].second, "https://portal.example/cb?state=a b&x=1");
  EXPECT_EQ(params[5].second, "https://portal.example/");
}

TEST(OpenIdQuery, PercentEncodeKeepsOnlyUnreservedCharacters) {
  EXPECT_EQ(percent_encode("Az09-._~"), "Az09-._~");
  EXPECT_EQ(percent_encode(" +/=?&%:\xff"), "%20%2B%2F%3D%3F%26%25%3A%FF");
}

TEST(OpenIdQuery, ParseDecodesPlusAndEscapesAndKeepsDuplicatesInOrder) {
  const auto params = parse_query("?a=1+2&b=%2B%3d&a=3&flag&&=v&c=%zz%4");
  const QueryParams expected = {{"a", "1 2"}, {"b", "+="}, {"a", "3"}, {"flag", ""}, {"", "v"}, {"c", "%zz%4"}};
  EXPECT_EQ(params, expected);
  EXPECT_TRUE(parse_query("").empty());
}

TEST(OpenIdQuery, EncodeThenParseIsTheIdentity) {
  const QueryParams params = {{"openid.sig", "ab+/c=="}, {"k", "ü & ="}};
  EXPECT_EQ(parse_query(encode_params(params)), params);
}

TEST(OpenIdNonce, ReadsTheLeadingUtcTime) {
  EXPECT_EQ(nonce_time(kNonce), nonce_instant());
  EXPECT_EQ(nonce_time("2020-08-27T04:44:16Z"), nonce_instant());
  EXPECT_EQ(format_nonce_time(nonce_instant() + 999ms), "2020-08-27T04:44:16Z");
  for (const char* bad : {"", "2020-08-27T04:44:16", "2020-08-27 04:44:16Zx", "2020-02-30T00:00:00Z",
                          "2020-13-01T00:00:00Z", "2020-08-27T24:00:00Z", "2020-08-27T04:60:00Z",
                          "2020-08-27T04:44:60Z", "20a0-08-27T04:44:16Z", "2020-08-27T04:44:16+00:00",
                          // Beyond what system_clock holds: the conversion overflowed (a fuzzing find).
                          "9693-11-24T10:00:00Z", "0001-01-01T00:00:00Z"}) {
    SCOPED_TRACE(bad);
    EXPECT_FALSE(nonce_time(bad).has_value());
  }
}

// --- local checks ---

TEST(OpenIdLocalChecks, AcceptsSteamsAssertionAndReadsTheSignedReturnToQuery) {
  QueryParams params = steam_assertion();
  // Unsigned copies next to the openid.* fields (as on the callback URL) must not be what is read.
  params.insert(params.begin(), {"state", "forged"});
  auto result = check_locally(params, steam_expectations(), nonce_instant());
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->steam_id, 76561197972494985ULL);
  EXPECT_EQ(result->nonce, kNonce);
  const std::map<std::string, std::string> expected = {{"state", "abc"}, {"email_bind_token", "t1"}};
  EXPECT_EQ(result->return_to_query, expected);
}

TEST(OpenIdLocalChecks, CancelHasItsOwnCode) {
  const QueryParams params = {{"openid.ns", std::string(kOpenIdNs)}, {"openid.mode", "cancel"}};
  auto result = check_locally(params, steam_expectations(), nonce_instant());
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().kind, core::ErrorKind::unauthorized);
  EXPECT_EQ(result.error().code, "OPENID_CANCELLED");
}

TEST(OpenIdLocalChecks, ModeMustBeIdRes) {
  EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.mode", "checkid_setup")), "mode");
  EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.mode", "ID_RES")), "mode");
  EXPECT_EQ(refused_rule(without(steam_assertion(), "openid.mode")), "mode");
}

TEST(OpenIdLocalChecks, NamespaceMustBeOpenId20) {
  EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.ns", "http://specs.openid.net/auth/2.1")), "ns");
}

TEST(OpenIdLocalChecks, OpEndpointMustBeTheConfiguredOneExactly) {
  for (const char* endpoint : {"https://steamcommunity.com/openid/login/", "http://steamcommunity.com/openid/login",
                               "https://evil.example/openid/login", "https://steamcommunity.com/openid/login?x"}) {
    SCOPED_TRACE(endpoint);
    EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.op_endpoint", endpoint)), "op_endpoint");
  }
}

TEST(OpenIdLocalChecks, ClaimedIdMustEqualIdentity) {
  EXPECT_EQ(refused_rule(
                with(steam_assertion(), "openid.identity", "https://steamcommunity.com/openid/id/76561197960265729")),
            "claimed_id_is_identity");
}

TEST(OpenIdLocalChecks, SignedMustBeSteamsListExactly) {
  for (const char* list : {"signed,op_endpoint,claimed_id,identity,return_to,response_nonce",
                           "op_endpoint,signed,claimed_id,identity,return_to,response_nonce,assoc_handle",
                           "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle,ns"}) {
    SCOPED_TRACE(list);
    EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.signed", list)), "signed");
  }
}

TEST(OpenIdLocalChecks, ReturnToMustBeOurCallbackByPlaceNotByPrefix) {
  for (const char* return_to :
       {"https://portal.example/api/auth/steam/callbackevil", "https://portal.example/api/auth/steam/callback/evil",
        "https://portal.example/api/auth/steam", "https://portal.example.evil.com/api/auth/steam/callback",
        "https://evil.example/api/auth/steam/callback?state=abc", "https://portal.example:8443/api/auth/steam/callback",
        "http://portal.example/api/auth/steam/callback", "https://user@portal.example/api/auth/steam/callback",
        "https://portal.example/api/auth/steam/callback#frag", "/api/auth/steam/callback", "javascript:alert(1)"}) {
    SCOPED_TRACE(return_to);
    EXPECT_EQ(refused_rule(steam_assertion(return_to)), "return_to");
  }
  EXPECT_EQ(refused_rule(steam_assertion(std::string(kCallback) + "?state=a&state=b")), "return_to");
}

TEST(OpenIdLocalChecks, ReturnToComparesHostCaseAndDefaultPortAsTheSamePlace) {
  EXPECT_EQ(refused_rule(steam_assertion("https://PORTAL.example:443/api/auth/steam/callback")), "");
  EXPECT_EQ(refused_rule(steam_assertion(std::string(kCallback))), "");
}

TEST(OpenIdLocalChecks, NonceMustBeAUtcTimeWithin300Seconds) {
  EXPECT_EQ(refused_rule(steam_assertion(), nonce_instant() + 300s), "");
  EXPECT_EQ(refused_rule(steam_assertion(), nonce_instant() - 300s), "");
  EXPECT_EQ(refused_rule(steam_assertion(), nonce_instant() + 301s), "response_nonce");
  EXPECT_EQ(refused_rule(steam_assertion(), nonce_instant() - 301s), "response_nonce");
  EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.response_nonce", "s4DPZce8qc+iPCe8JgQKB0BiIDI=")),
            "response_nonce");
  EXPECT_EQ(
      refused_rule(with(steam_assertion(), "openid.response_nonce", "2020-08-27T04:44:16Z" + std::string(300, 'x'))),
      "response_nonce");
}

TEST(OpenIdLocalChecks, ClaimedIdFollowsXpawsCases) {
  auto claimed = [](const std::string& id) {
    return with(with(steam_assertion(), "openid.claimed_id", id), "openid.identity", id);
  };
  auto steam_id_of = [&](const std::string& id) -> std::uint64_t {
    auto result = check_locally(claimed(id), steam_expectations(), nonce_instant());
    return result.ok() ? result->steam_id : 0;
  };
  EXPECT_EQ(steam_id_of("https://steamcommunity.com/openid/id/76561197972494985"), 76561197972494985ULL);
  EXPECT_EQ(steam_id_of("https://steamcommunity.com/openid/id/76561197972494985/"), 76561197972494985ULL);
  EXPECT_EQ(steam_id_of("https://steamcommunity.com/openid/id/76561197960265729"), 76561197960265729ULL);
  EXPECT_EQ(steam_id_of("https://steamcommunity.com/openid/id/76561202255233023"), 76561202255233023ULL);
  for (const char* bad : {"https://steamcommunity.com/openid/id/123456789012345",
                          "https://steamcommunity.com/openid/id/12345197972494985",
                          "https://staemcommunity.com/openid/id/76561197972494985",
                          "http://steamcommunity.com/openid/id/76561197972494985",
                          "https://steamcommunity.com/openid/id/76561197972494985//",
                          "https://steamcommunity.com/openid/id/76561197972494985/x",
                          "https://steamcommunity.com/openid/id/76561202301376826",
                          "https://steamcommunity.com/openid/id/76561197960265728"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(refused_rule(claimed(bad)), "claimed_id");
  }
}

TEST(OpenIdLocalChecks, EveryOpenIdParameterIsSingleNonEmptyAndPresent) {
  QueryParams duplicated = steam_assertion();
  duplicated.emplace_back("openid.claimed_id", "https://steamcommunity.com/openid/id/76561197960265729");
  EXPECT_EQ(refused_rule(duplicated), "single");
  EXPECT_EQ(refused_rule(with(steam_assertion(), "openid.assoc_handle", "")), "non_empty");
  EXPECT_EQ(refused_rule(without(steam_assertion(), "openid.sig")), "present");
  EXPECT_EQ(refused_rule(without(steam_assertion(), "openid.response_nonce")), "present");
}

// --- the provider's answer ---

TEST(OpenIdCheckAuthenticationReply, AcceptsOnlyXpawsGoodCase) {
  const std::string ns = "ns:http://specs.openid.net/auth/2.0\n";
  EXPECT_TRUE(parse_check_authentication_reply(200, ns + "is_valid:true"));
  EXPECT_TRUE(parse_check_authentication_reply(200, kValidReply));
  for (const std::string& body :
       {ns + "is_valid:false", ns + "_is_valid:true", ns + "is_valid:true:is_valid:true", ns + "is_valid_true",
        std::string("ns:http://specs.openid.net/auth/2.1\nis_valid:true"), std::string("is_valid:true"),
        std::string(""), ns + "is_valid:TRUE", ns + "is_valid:true\nis_valid:false", ns + "is_valid: true"}) {
    SCOPED_TRACE(body);
    EXPECT_FALSE(parse_check_authentication_reply(200, body));
  }
  for (int status : {201, 403, 404, 429, 500}) {
    SCOPED_TRACE(status);
    EXPECT_FALSE(parse_check_authentication_reply(status, kValidReply));
  }
}

// --- nonce store ---

}  // namespace
}  // namespace portal::integrations::steam

namespace portal::integrations::steam {
namespace {

TEST(OpenIdUrls, ParseHttpUrlNormalisesWhatBrowsersTreatAsEqual) {
  auto url = parse_http_url("HTTPS://Portal.Example/a%20b?x=1");
  ASSERT_TRUE(url.has_value());
  EXPECT_EQ(url->scheme, "https");
  EXPECT_EQ(url->host, "portal.example");
  EXPECT_EQ(url->port, 443);
  EXPECT_EQ(url->path, "/a%20b");
  EXPECT_EQ(url->query, "x=1");
  EXPECT_EQ(url->origin, "HTTPS://Portal.Example");
  EXPECT_EQ(parse_http_url("http://127.0.0.1:8080")->path, "/");
  EXPECT_EQ(parse_http_url("http://127.0.0.1:8080")->port, 8080);
  for (const char* bad : {"ftp://x/", "https://a@b/", "https:///x", "https://x/#f", "x/y", "", "https://x:0/"}) {
    SCOPED_TRACE(bad);
    EXPECT_FALSE(parse_http_url(bad).has_value());
  }
}

TEST(OpenIdUrls, ReturnToMustLieWithinTheRealm) {
  EXPECT_TRUE(return_to_within_realm("https://portal.example/api/cb?s=1", "https://portal.example/"));
  EXPECT_TRUE(return_to_within_realm("https://portal.example/app", "https://portal.example/app"));
  EXPECT_TRUE(return_to_within_realm("https://portal.example/app/cb", "https://portal.example/app"));
  EXPECT_TRUE(return_to_within_realm("https://portal.example/cb", "https://portal.example"));
  EXPECT_FALSE(return_to_within_realm("https://portal.example/appx", "https://portal.example/app"));
  EXPECT_FALSE(return_to_within_realm("https://evil.example/cb", "https://portal.example/"));
  EXPECT_FALSE(return_to_within_realm("http://portal.example/cb", "https://portal.example/"));
  EXPECT_FALSE(return_to_within_realm("https://portal.example:8443/cb", "https://portal.example/"));
  EXPECT_FALSE(return_to_within_realm("https://portal.example/cb", "https://*.portal.example/"));
}

}  // namespace
}  // namespace portal::integrations::steam
