#include "features/auth/token_service.hpp"

#include "core/base64url.hpp"

#include <openssl/hmac.h>

#include <gtest/gtest.h>

#include <stdexcept>

namespace portal::auth {
namespace {

const std::string kSecret = "unit-test-signing-key-0123456789abcdef";
constexpr std::int64_t kNow = 1'800'000'000;

std::string hs256(std::string_view key, std::string_view data) {
  unsigned char mac[32];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), mac, &length);
  return core::base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), length));
}

// A token built by hand, as an attacker would.
std::string forge(const std::string& header, const std::string& payload, const std::string& signature) {
  return core::base64url_encode(header) + "." + core::base64url_encode(payload) + "." + signature;
}

std::string valid_payload(std::string_view type = "login") {
  return R"({"iss":"cs2-portal","aud":"cs2-portal-web","sub":"7","typ":")" + std::string(type) +
         R"(","jti":"j1","sid":"76561198000000001","gen":0,"iat":1800000000,"exp":1800000600})";
}

TEST(TokenService, IssuedTokensVerifyWithTheirClaims) {
  const TokenService tokens(kSecret);
  const auto issued = tokens.issue(TokenType::login, 7, "76561198000000001", "", kLoginTokenLifetime, kNow, 3);
  auto claims = tokens.verify(issued.token, TokenType::login, kNow + 10);
  ASSERT_TRUE(claims.ok()) << claims.error().message;
  EXPECT_EQ(claims->user_id, 7);
  EXPECT_EQ(claims->steam_id, "76561198000000001");
  EXPECT_EQ(claims->generation, 3);
  EXPECT_EQ(claims->expires_at, kNow + 7 * 86400);
  EXPECT_EQ(claims->jti.size(), 32U);
  EXPECT_NE(tokens.issue(TokenType::login, 7, "x", "", kLoginTokenLifetime, kNow).claims.jti, issued.claims.jti);
}

TEST(TokenService, LoginTokensLiveSevenDaysAndBindTokensFifteenMinutes) {
  const TokenService tokens(kSecret);
  const auto login = tokens.issue(TokenType::login, 1, "76561198000000001", "", kLoginTokenLifetime, kNow);
  EXPECT_TRUE(tokens.verify(login.token, TokenType::login, kNow + 7 * 86400 - 1).ok());
  EXPECT_EQ(tokens.verify(login.token, TokenType::login, kNow + 7 * 86400).error().code, "INVALID_TOKEN");
  const auto bind = tokens.issue(TokenType::bind, 1, "", "a@b.cn", kBindTokenLifetime, kNow);
  EXPECT_TRUE(tokens.verify(bind.token, TokenType::bind, kNow + 899).ok());
  EXPECT_FALSE(tokens.verify(bind.token, TokenType::bind, kNow + 900).ok());
}

TEST(TokenService, ATokenOfAnotherTypeIsRefusedEitherWay) {
  const TokenService tokens(kSecret);
  const auto bind = tokens.issue(TokenType::bind, 1, "", "a@b.cn", kBindTokenLifetime, kNow);
  const auto login = tokens.issue(TokenType::login, 1, "76561198000000001", "", kLoginTokenLifetime, kNow);
  const auto as_login = tokens.verify(bind.token, TokenType::login, kNow);
  ASSERT_FALSE(as_login.ok());
  EXPECT_EQ(as_login.error().code, "UNAUTHORIZED");
  EXPECT_FALSE(tokens.verify(login.token, TokenType::bind, kNow).ok());
  EXPECT_FALSE(tokens.verify(login.token, TokenType::inventory, kNow).ok());
}

TEST(TokenService, AlgNoneIsRefused) {
  const TokenService tokens(kSecret);
  for (const char* header : {R"({"alg":"none","typ":"JWT"})", R"({"alg":"None"})", R"({"alg":"NONE"})"}) {
    EXPECT_EQ(tokens.verify(forge(header, valid_payload(), ""), TokenType::login, kNow).error().code, "INVALID_TOKEN")
        << header;
  }
}

TEST(TokenService, OtherAlgorithmsAndKeyCarryingHeadersAreRefused) {
  const TokenService tokens(kSecret);
  const std::string payload = core::base64url_encode(valid_payload());
  for (const std::string header : {R"({"alg":"HS512","typ":"JWT"})", R"({"alg":"RS256","typ":"JWT"})",
                                   R"({"alg":"HS256","typ":"JWT","jwk":{"kty":"oct","k":"AAAA"}})",
                                   R"({"alg":"HS256","kid":"../../dev/null"})", R"({"typ":"JWT"})", "not json"}) {
    // Correctly signed with our own key, so only the header can be the reason.
    const std::string signing_input = core::base64url_encode(header) + "." + payload;
    EXPECT_FALSE(tokens.verify(signing_input + "." + hs256(kSecret, signing_input), TokenType::login, kNow).ok())
        << header;
  }
  // The same claims under a plain HS256 header pass: the test above failed for the header alone.
  const std::string good_input = core::base64url_encode(R"({"alg":"HS256","typ":"JWT"})") + "." + payload;
  EXPECT_TRUE(tokens.verify(good_input + "." + hs256(kSecret, good_input), TokenType::login, kNow).ok());
}

TEST(TokenService, TamperedOrForeignTokensAreRefused) {
  const TokenService tokens(kSecret);
  const auto issued = tokens.issue(TokenType::login, 1, "76561198000000001", "", kLoginTokenLifetime, kNow);
  const std::string signing_input =
      core::base64url_encode(R"({"alg":"HS256","typ":"JWT"})") + "." + core::base64url_encode(valid_payload());
  EXPECT_FALSE(tokens
                   .verify(signing_input + "." + hs256("another-key-of-sufficient-length-000000", signing_input),
                           TokenType::login, kNow)
                   .ok());
  // Claims changed after signing (another user).
  const auto first_dot = issued.token.find('.');
  const auto second_dot = issued.token.find('.', first_dot + 1);
  const std::string swapped =
      issued.token.substr(0, first_dot + 1) + core::base64url_encode(valid_payload()) + issued.token.substr(second_dot);
  EXPECT_FALSE(tokens.verify(swapped, TokenType::login, kNow).ok());
  EXPECT_FALSE(tokens.verify("", TokenType::login, kNow).ok());
  EXPECT_FALSE(tokens.verify("a.b.c", TokenType::login, kNow).ok());
  EXPECT_FALSE(tokens.verify(std::string(5000, 'a'), TokenType::login, kNow).ok());
}

TEST(TokenService, WrongIssuerAudienceOrSubjectIsRefused) {
  const TokenService tokens(kSecret);
  const std::string header = R"({"alg":"HS256","typ":"JWT"})";
  const auto signed_token = [&](const std::string& payload) {
    const std::string input = core::base64url_encode(header) + "." + core::base64url_encode(payload);
    return input + "." + hs256(kSecret, input);
  };
  std::string payload = valid_payload();
  EXPECT_TRUE(tokens.verify(signed_token(payload), TokenType::login, kNow).ok());
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{{R"("iss":"cs2-portal")", R"("iss":"elsewhere")"},
                                                        {R"("aud":"cs2-portal-web")", R"("aud":"inventory-site")"},
                                                        {R"("sub":"7")", R"("sub":"7x")"},
                                                        {R"("sub":"7")", R"("sub":"0")"},
                                                        {R"("jti":"j1")", R"("jti":"")"},
                                                        {R"("iat":1800000000)", R"("iat":1800009999)"}}) {
    std::string changed = payload;
    changed.replace(changed.find(from), from.size(), to);
    EXPECT_FALSE(tokens.verify(signed_token(changed), TokenType::login, kNow).ok()) << to;
  }
}

TEST(TokenService, AShortSecretIsRefusedAtStart) { EXPECT_THROW(TokenService("too short"), std::invalid_argument); }

}  // namespace
}  // namespace portal::auth
