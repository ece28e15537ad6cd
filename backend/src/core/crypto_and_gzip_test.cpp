#include "core/crypto.hpp"
#include "core/gzip.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Crypto, Sha256KnownVector) {
  // FIPS 180-2 example "abc".
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Crypto, RandomTokensDifferAndHaveTheirLength) {
  const auto a = random_token(32);
  EXPECT_EQ(a.size(), 64u);
  EXPECT_NE(a, random_token(32));
}

TEST(Crypto, ConstantTimeEqual) {
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
}

TEST(Gzip, RoundTripAndActuallyCompresses) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += R"({"name":"server","players":"3/16"},)";
  const auto packed = gzip_compress(text);
  EXPECT_LT(packed.size(), text.size() / 10);
  EXPECT_EQ(static_cast<unsigned char>(packed[0]), 0x1f);  // gzip magic
  EXPECT_EQ(static_cast<unsigned char>(packed[1]), 0x8b);
  EXPECT_EQ(gzip_decompress(packed), text);
  EXPECT_THROW(gzip_decompress("not gzip"), std::runtime_error);
}

}  // namespace
}  // namespace portal::core
