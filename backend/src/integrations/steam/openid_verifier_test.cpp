// OpenIdVerifier end to end against a scripted provider, and the nonce store it spends nonces in.

#include "integrations/steam/openid.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/steam/openid_assertion_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace portal::integrations::steam {
namespace {

using namespace test_support;
using test::FakeHttpClient;

TEST(OpenIdNonceStore, RemembersEachNonceOnceAndForgetsAfterTenMinutes) {
  InMemoryNonceStore store;
  const auto t0 = nonce_instant();
  EXPECT_TRUE(store.remember_once("a", t0));
  EXPECT_FALSE(store.remember_once("a", t0 + 9min));
  EXPECT_TRUE(store.remember_once("b", t0 + 9min));
  EXPECT_TRUE(store.remember_once("c", t0 + 10min + 1s));  // "a" is forgotten now, "b" is not
  EXPECT_EQ(store.size(), 2u);
  EXPECT_FALSE(store.remember_once("b", t0 + 10min + 2s));
}

TEST(OpenIdNonceStore, OneOfManyConcurrentUsesWins) {
  InMemoryNonceStore store;
  std::atomic<int> winners{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      if (store.remember_once("same", nonce_instant())) ++winners;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(winners.load(), 1);
}

// --- the whole verification ---

class OpenIdVerifierTest : public ::testing::Test {
 protected:
  FakeHttpClient http;
  InMemoryNonceStore nonces;
  OpenIdVerifier verifier{steam_expectations(), http, nonces, 4s};

  core::Result<VerifiedAssertion> verify(const QueryParams& params) {
    return verifier.verify(encode_params(params), nonce_instant());
  }
};

TEST_F(OpenIdVerifierTest, GoodAssertionIsConfirmedByTheConfiguredEndpoint) {
  http.reply_with(200, std::string(kValidReply));
  QueryParams callback = steam_assertion();
  callback.insert(callback.begin(), {"state", "abc"});  // our own parameter next to Steam's
  auto result = verify(callback);
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->steam_id, 76561197972494985ULL);
  EXPECT_EQ(result->return_to_query.at("state"), "abc");

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].method, "POST");
  EXPECT_EQ(calls[0].url, kSteamOpenIdEndpoint);
  EXPECT_EQ(calls[0].timeout, 4s);
  // Every openid.* parameter as received and in order, only the mode changed; nothing else.
  EXPECT_EQ(parse_query(calls[0].body), with(steam_assertion(), "openid.mode", "check_authentication"));
  EXPECT_THAT(calls[0].body, ::testing::HasSubstr("openid.sig=W0u5DRbtHE1GG0ZKXjerUZDUGmc%3D"));
}

TEST_F(OpenIdVerifierTest, PostsToTheConfiguredEndpointNeverTheOneInTheRequest) {
  FakeHttpClient dev_http;
  OpenIdVerifier dev{{"http://127.0.0.1:8080/api/dev/openid/login", std::string(kCallback)}, dev_http, nonces};
  dev_http.reply_with(200, std::string(kValidReply));
  auto params = with(steam_assertion(), "openid.op_endpoint", "http://127.0.0.1:8080/api/dev/openid/login");
  ASSERT_TRUE(dev.verify(encode_params(params), nonce_instant()).ok());
  ASSERT_EQ(dev_http.calls().size(), 1u);
  EXPECT_EQ(dev_http.calls()[0].url, "http://127.0.0.1:8080/api/dev/openid/login");
  EXPECT_EQ(dev_http.calls()[0].timeout, 6s);

  // An assertion naming another endpoint never reaches the network at all.
  auto foreign = with(steam_assertion(), "openid.op_endpoint", "https://evil.example/openid/login");
  EXPECT_FALSE(dev.verify(encode_params(foreign), nonce_instant()).ok());
  EXPECT_EQ(dev_http.calls().size(), 1u);
}

TEST_F(OpenIdVerifierTest, TamperedSignatureIsRefused) {
  http.reply_with(200, "ns:http://specs.openid.net/auth/2.0\nis_valid:false\n");
  auto result = verify(with(steam_assertion(), "openid.sig", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "OPENID_INVALID");
  EXPECT_EQ(result.error().details.at("rule").as_string(), "signature");
  // A refused assertion does not spend its nonce.
  EXPECT_EQ(nonces.size(), 0u);
}

TEST_F(OpenIdVerifierTest, LocallyInvalidAssertionsNeverReachTheNetwork) {
  const std::string other_id = "https://steamcommunity.com/openid/id/76561197960265729";
  QueryParams duplicated = steam_assertion();
  duplicated.emplace_back("openid.return_to", "https://evil.example/");
  const std::vector<QueryParams> cases = {
      steam_assertion("https://portal.example/api/auth/steam/callbackevil"),
      steam_assertion("https://evil.example/api/auth/steam/callback"),
      steam_assertion("https://portal.example:444/api/auth/steam/callback"),
      with(steam_assertion(), "openid.op_endpoint", "https://evil.example/openid/login"),
      with(with(steam_assertion(), "openid.claimed_id", "https://steamcommunity.com/openid/id/123456789012345"),
           "openid.identity", "https://steamcommunity.com/openid/id/123456789012345"),
      with(steam_assertion(), "openid.identity", other_id),
      duplicated,
      with(steam_assertion(), "openid.response_nonce", "2020-08-27T03:00:00Zabc"),
  };
  for (const auto& params : cases) {
    auto result = verify(params);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, "OPENID_INVALID");
  }
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(OpenIdVerifierTest, ReplayedAssertionIsRefused) {
  http.reply_with(200, std::string(kValidReply));
  http.reply_with(200, std::string(kValidReply));  // Steam itself may confirm twice
  ASSERT_TRUE(verify(steam_assertion()).ok());
  auto again = verify(steam_assertion());
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, core::ErrorKind::unauthorized);
  EXPECT_EQ(again.error().code, "OPENID_REPLAYED");
}

TEST_F(OpenIdVerifierTest, StaleNonceIsRefusedLocally) {
  auto result = verifier.verify(encode_params(steam_assertion()), nonce_instant() + 6min);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().details.at("rule").as_string(), "response_nonce");
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(OpenIdVerifierTest, CancelIsReportedWithoutANetworkCall) {
  auto result =
      verifier.verify("openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=cancel", nonce_instant());
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "OPENID_CANCELLED");
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(OpenIdVerifierTest, UnreachableOrThrottlingProviderIsUnavailable) {
  http.push(upstream_unavailable("connect timeout"));
  for (int status : {403, 429, 500, 503}) http.reply_with(status, std::string(kValidReply));
  for (int i = 0; i < 5; ++i) {
    auto result = verify(steam_assertion());
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().kind, core::ErrorKind::unavailable);
    EXPECT_EQ(result.error().code, "STEAM_UNAVAILABLE");
  }
  EXPECT_EQ(nonces.size(), 0u);  // a later retry of the same assertion may still succeed
}

TEST_F(OpenIdVerifierTest, OtherStatusesAreNotAConfirmation) {
  for (int status : {201, 302, 404}) http.reply_with(status, std::string(kValidReply));
  for (int i = 0; i < 3; ++i) {
    auto result = verify(steam_assertion());
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, "OPENID_INVALID");
  }
}

}  // namespace
}  // namespace portal::integrations::steam
