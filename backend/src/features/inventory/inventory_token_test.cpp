#include "features/inventory/inventory_token.hpp"

#include "core/base64url.hpp"
#include "features/inventory/clock_for_test.hpp"

#include <boost/json.hpp>
#include <openssl/hmac.h>

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace portal::inventory {
namespace {

const std::string kSecret = "inventory-unit-test-secret-0123456789abcdef";
const std::string kIssuer = "https://cs2.example.com";
const std::string kAudience = "https://inventory.example.net";

InventoryTokenIssuer issuer(const std::string& secret = kSecret, std::chrono::seconds ttl = std::chrono::seconds(60)) {
  return InventoryTokenIssuer({.secret = secret, .issuer = kIssuer, .audience = kAudience, .ttl = ttl});
}

InventoryTokenVerifier verifier() { return InventoryTokenVerifier(kSecret, kIssuer, kAudience); }

const Account kPlayer{.user_id = 7,
                      .steam_id = "76561198000000042",
                      .username = "Dust Devil",
                      .avatar = "https://avatars.example/42.jpg"};

std::string hs256(std::string_view key, std::string_view data) {
  unsigned char mac[32];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), mac, &length);
  return core::base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), length));
}

// The payload of a token as the inventory site's own JWT library would read it.
boost::json::object payload_of(const std::string& token) {
  const auto first = token.find('.');
  const auto second = token.find('.', first + 1);
  return boost::json::parse(*core::base64url_decode(token.substr(first + 1, second - first - 1))).as_object();
}

std::string valid_payload(std::string_view type = "inventory") {
  return R"({"typ":")" + std::string(type) +
         R"(","sub":"76561198000000042","name":"X","avatar":"",)"
         R"("iss":"https://cs2.example.com","aud":"https://inventory.example.net",)"
         R"("iat":1800000000,"exp":1800000060,"jti":"j1"})";
}

std::string signed_token(const std::string& header, const std::string& payload, const std::string& key = kSecret) {
  const std::string input = core::base64url_encode(header) + "." + core::base64url_encode(payload);
  return input + "." + hs256(key, input);
}

TEST(InventoryToken, CarriesTheClaimsTheContractNames) {
  const auto issued = issuer().issue(kPlayer, kNow);
  const auto claims = payload_of(issued.token);
  EXPECT_EQ(claims.at("typ"), "inventory");
  EXPECT_EQ(claims.at("sub"), "76561198000000042");
  EXPECT_EQ(claims.at("name"), "Dust Devil");
  EXPECT_EQ(claims.at("avatar"), "https://avatars.example/42.jpg");
  EXPECT_EQ(claims.at("iss"), kIssuer.c_str());
  EXPECT_EQ(claims.at("aud"), kAudience.c_str());
  EXPECT_EQ(claims.at("iat").to_number<std::int64_t>(), kNow);
  EXPECT_EQ(claims.at("exp").to_number<std::int64_t>() - claims.at("iat").to_number<std::int64_t>(), 60);
  EXPECT_EQ(claims.at("jti").as_string().size(), 32U) << "128 random bits, hex";
  EXPECT_FALSE(claims.contains("sid")) << "nothing of the login token's claims";
  EXPECT_EQ(issued.claims.expires_at - issued.claims.issued_at, 60);

  const auto header = boost::json::parse(*core::base64url_decode(issued.token.substr(0, issued.token.find('.'))));
  EXPECT_EQ(header.at("alg"), "HS256");
}

TEST(InventoryToken, TheLifetimeIsTheConfiguredOne) {
  const auto issued = issuer(kSecret, std::chrono::seconds(600)).issue(kPlayer, kNow);
  EXPECT_EQ(issued.claims.expires_at - issued.claims.issued_at, 600);
  EXPECT_EQ(payload_of(issued.token).at("exp").to_number<std::int64_t>(), kNow + 600);
}

TEST(InventoryToken, EveryTokenHasItsOwnId) {
  std::set<std::string> ids;
  for (int i = 0; i < 50; ++i) ids.insert(issuer().issue(kPlayer, kNow).claims.jti);
  EXPECT_EQ(ids.size(), 50U);
}

TEST(InventoryToken, AnUnnamedPlayerIsNamedByTheSteamId) {
  Account unnamed = kPlayer;
  unnamed.username.clear();
  EXPECT_EQ(payload_of(issuer().issue(unnamed, kNow).token).at("name"), "76561198000000042");
}

TEST(InventoryToken, VerifiesWithTheSameSecretIssuerAndAudience) {
  const auto issued = issuer().issue(kPlayer, kNow);
  const auto claims = verifier().verify(issued.token, kNow + 59);
  ASSERT_TRUE(claims.ok()) << claims.error().code;
  EXPECT_EQ(claims->steam_id, kPlayer.steam_id);
  EXPECT_EQ(claims->name, "Dust Devil");
  EXPECT_EQ(claims->avatar, kPlayer.avatar);
  EXPECT_EQ(claims->jti, issued.claims.jti);
}

TEST(InventoryToken, ATokenSignedWithAnotherSecretIsRefused) {
  const auto other = issuer("another-inventory-secret-0123456789abcdef").issue(kPlayer, kNow);
  EXPECT_EQ(verifier().verify(other.token, kNow).error().code, "TOKEN_BAD_SIGNATURE");
}

TEST(InventoryToken, AnExpiredTokenIsRefused) {
  const auto issued = issuer().issue(kPlayer, kNow);
  EXPECT_TRUE(verifier().verify(issued.token, kNow + 59).ok());
  const auto expired = verifier().verify(issued.token, kNow + 60);
  ASSERT_FALSE(expired.ok());
  EXPECT_EQ(expired.error().code, "TOKEN_EXPIRED");
  EXPECT_EQ(expired.error().kind, core::ErrorKind::unauthorized);
}

TEST(InventoryToken, AlgNoneAndOtherAlgorithmsAreRefused) {
  const std::string payload = valid_payload();
  const std::string none =
      core::base64url_encode(R"({"alg":"none","typ":"JWT"})") + "." + core::base64url_encode(payload) + ".";
  EXPECT_EQ(verifier().verify(none, kNow).error().code, "TOKEN_MALFORMED");
  EXPECT_EQ(verifier()
                .verify(core::base64url_encode(R"({"alg":"none"})") + "." + core::base64url_encode(payload), kNow)
                .error()
                .code,
            "TOKEN_MALFORMED");
  // Correctly keyed, but HS512 (or a header carrying a key id) is not what we issue.
  EXPECT_EQ(verifier().verify(signed_token(R"({"alg":"HS512","typ":"JWT"})", payload), kNow).error().code,
            "TOKEN_MALFORMED");
  EXPECT_EQ(verifier().verify(signed_token(R"({"alg":"HS256","kid":"x"})", payload), kNow).error().code,
            "TOKEN_MALFORMED");
  // The same payload with the right header and key passes: the refusals above are about the header.
  EXPECT_TRUE(verifier().verify(signed_token(R"({"alg":"HS256","typ":"JWT"})", payload), kNow).ok());
}

TEST(InventoryToken, TamperedTypeAudienceAndPayloadAreRefused) {
  EXPECT_EQ(verifier().verify(signed_token(R"({"alg":"HS256"})", valid_payload("login")), kNow).error().code,
            "TOKEN_WRONG_TYPE");
  std::string elsewhere = valid_payload();
  elsewhere.replace(elsewhere.find("inventory.example.net"), 21, "evil.example.net");
  EXPECT_EQ(verifier().verify(signed_token(R"({"alg":"HS256"})", elsewhere), kNow).error().code,
            "TOKEN_WRONG_AUDIENCE");
  EXPECT_EQ(InventoryTokenVerifier(kSecret, "https://other-portal.example", kAudience)
                .verify(issuer().issue(kPlayer, kNow).token, kNow)
                .error()
                .code,
            "TOKEN_WRONG_ISSUER");

  // Someone edits the name in a real token and keeps the signature.
  const auto issued = issuer().issue(kPlayer, kNow);
  const auto first = issued.token.find('.');
  const auto second = issued.token.find('.', first + 1);
  std::string payload = *core::base64url_decode(issued.token.substr(first + 1, second - first - 1));
  payload.replace(payload.find("Dust Devil"), 10, "Admin Lord");
  const std::string tampered =
      issued.token.substr(0, first) + "." + core::base64url_encode(payload) + issued.token.substr(second);
  EXPECT_EQ(verifier().verify(tampered, kNow).error().code, "TOKEN_BAD_SIGNATURE");
}

TEST(InventoryToken, GarbageAndMissingTokensAreRefused) {
  EXPECT_EQ(verifier().verify("", kNow).error().code, "TOKEN_MISSING");
  EXPECT_EQ(verifier().verify("not-a-token", kNow).error().code, "TOKEN_MALFORMED");
  EXPECT_EQ(verifier().verify("a.b.c", kNow).error().code, "TOKEN_MALFORMED");
  EXPECT_EQ(verifier().verify("a.b.c.d", kNow).error().code, "TOKEN_MALFORMED");
  EXPECT_EQ(verifier().verify(std::string(5000, 'a'), kNow).error().code, "TOKEN_MALFORMED");
  // A token dated more than a minute ahead of the clock.
  EXPECT_EQ(verifier().verify(issuer().issue(kPlayer, kNow + 120).token, kNow).error().code, "TOKEN_NOT_YET_VALID");
}

TEST(InventoryToken, AShortSecretIsAProgrammingError) {
  EXPECT_THROW(issuer("too-short"), std::invalid_argument);
  EXPECT_THROW(issuer(kSecret, std::chrono::seconds(0)), std::invalid_argument);
}

}  // namespace
}  // namespace portal::inventory
