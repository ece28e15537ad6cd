// RFC 4648 test vectors, in the URL-safe alphabet without padding, both ways.

#include "core/base64url.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Base64Url, Rfc4648Vectors) {
  const std::pair<const char*, const char*> vectors[] = {
      {"", ""},           {"f", "Zg"},          {"fo", "Zm8"},         {"foo", "Zm9v"},
      {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"}, {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(base64url_encode(plain), encoded);
    EXPECT_EQ(base64url_decode(encoded), std::string(plain));
  }
}

TEST(Base64Url, UsesTheUrlSafeAlphabetAndRefusesOthers) {
  EXPECT_EQ(base64url_encode("\xfb\xff"), "-_8");
  EXPECT_EQ(base64url_decode("-_8"), std::string("\xfb\xff"));
  EXPECT_FALSE(base64url_decode("+/8"));
  EXPECT_FALSE(base64url_decode("Zg=="));
}

}  // namespace
}  // namespace portal::core
