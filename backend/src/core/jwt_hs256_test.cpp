#include "core/jwt_hs256.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::core {
namespace {

const std::string kSecret(40, 'k');

std::string base64url(std::string_view in) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (unsigned char c : in) {
    buffer = (buffer << 8) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(alphabet[(buffer >> bits) & 0x3F]);
    }
  }
  if (bits > 0) out.push_back(alphabet[(buffer << (6 - bits)) & 0x3F]);
  return out;
}

// The token's signature with its header swapped for `header` (the signature no longer matches).
std::string with_header(const std::string& token, std::string_view header) {
  return base64url(header) + token.substr(token.find('.'));
}

TEST(JwtHs256, RoundTripsTextAndNumberClaims) {
  const auto token =
      encode_hs256(kSecret, {{"sub", std::string("76561198000000001")}, {"exp", std::int64_t{1767225600}}});
  const auto decoded = decode_hs256(token, kSecret);
  ASSERT_TRUE(std::holds_alternative<JwtClaims>(decoded));
  const auto& claims = std::get<JwtClaims>(decoded);
  EXPECT_EQ(claims.text("sub"), "76561198000000001");
  EXPECT_EQ(claims.number("exp"), 1767225600);
  EXPECT_EQ(claims.text("missing"), "");
  EXPECT_EQ(claims.number("sub"), 0);  // a text claim is not a number
  EXPECT_EQ(claims.text("exp"), "");
}

TEST(JwtHs256, AnotherSecretIsABadSignature) {
  const auto token = encode_hs256(kSecret, {{"sub", std::string("x")}});
  const auto decoded = decode_hs256(token, std::string(40, 'o'));
  ASSERT_TRUE(std::holds_alternative<JwtRefusal>(decoded));
  EXPECT_EQ(std::get<JwtRefusal>(decoded), JwtRefusal::bad_signature);
}

TEST(JwtHs256, OnlyAnHs256HeaderIsRead) {
  const auto token = encode_hs256(kSecret, {{"sub", std::string("x")}});
  for (std::string_view header : {R"({"alg":"none"})", R"({"alg":"HS512","typ":"JWT"})", R"({"alg":"RS256"})",
                                  R"({"alg":"HS256","kid":"../../key"})", R"({"typ":"JWT"})", R"([1])", "not json"}) {
    const auto decoded = decode_hs256(with_header(token, header), kSecret);
    ASSERT_TRUE(std::holds_alternative<JwtRefusal>(decoded)) << header;
    EXPECT_EQ(std::get<JwtRefusal>(decoded), JwtRefusal::malformed) << header;
  }
  // The same header as libjwt writes, re-encoded, is still checked by signature only.
  EXPECT_EQ(std::get<JwtRefusal>(decode_hs256(with_header(token, R"({"alg":"HS256"})"), std::string(40, 'o'))),
            JwtRefusal::bad_signature);
}

TEST(JwtHs256, ShapesOtherThanThreeSegmentsOrOverlongTokensAreMalformed) {
  for (const std::string& token : {std::string(), std::string("a.b"), std::string("a.b.c.d"), std::string("a.b.c"),
                                   std::string("!!.??.**"), std::string(kMaxJwtBytes + 1, 'a')}) {
    const auto decoded = decode_hs256(token, kSecret);
    ASSERT_TRUE(std::holds_alternative<JwtRefusal>(decoded)) << token;
    EXPECT_EQ(std::get<JwtRefusal>(decoded), JwtRefusal::malformed) << token;
  }
}

}  // namespace
}  // namespace portal::core
