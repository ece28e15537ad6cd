#include "core/percent_encoding.hpp"

#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <vector>

namespace portal::core {
namespace {

TEST(PercentEncoding, KeepsOnlyUnreservedCharacters) {
  EXPECT_EQ(percent_encode("AZaz09-._~"), "AZaz09-._~");
  EXPECT_EQ(percent_encode("a b+c&d=e/f"), "a%20b%2Bc%26d%3De%2Ff");
  EXPECT_EQ(percent_encode("VIP 30天"), "VIP%2030%E5%A4%A9");
  EXPECT_EQ(percent_encode(std::string("\x00\xff", 2)), "%00%FF");
}

TEST(PercentEncoding, JoinsPairsInTheOrderGiven) {
  const std::vector<std::pair<std::string, std::string>> ordered{{"b", "1 2"}, {"a", "&"}};
  EXPECT_EQ(encode_pairs(ordered), "b=1%202&a=%26");
  const std::map<std::string, std::string> sorted{{"b", "2"}, {"a", "1"}};
  EXPECT_EQ(encode_pairs(sorted), "a=1&b=2");
  EXPECT_EQ(encode_pairs(std::vector<std::pair<std::string, std::string>>{}), "");
}

}  // namespace
}  // namespace portal::core
