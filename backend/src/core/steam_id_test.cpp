#include "core/steam_id.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

// The rows of reference/protocols.md section 4.
struct Row {
  const char* text;
  std::uint64_t hex;
  std::uint32_t account_id;
  const char* account_text;
};

TEST(SteamId64, AcceptsEveryValidRowOfTheReferenceTable) {
  const Row rows[] = {
      {"76561197960361544", 0x0110000100017648ULL, 95816, "[U:1:95816]"},
      {"76561197972494985", 0x0110000100BA9A89ULL, 12229257, "[U:1:12229257]"},
      {"76561197960265729", 0x0110000100000001ULL, 1, "[U:1:1]"},
      {"76561202255233023", 0x01100001FFFFFFFFULL, 4294967295U, "[U:1:4294967295]"},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.text);
    auto id = parse_steam_id64(row.text);
    ASSERT_TRUE(id.has_value());
    EXPECT_EQ(*id, row.hex);
    EXPECT_TRUE(is_steam_id64(row.text));
    EXPECT_EQ(steam_account_id(*id), row.account_id);
    EXPECT_EQ(steam_id_account_text(*id), row.account_text);
  }
}

TEST(SteamId64, RejectsTheInstanceTwoAliasOfAnExistingAccount) {
  // 0x0110000202C0193A: same account id as 76561198006409530, instance 2.
  EXPECT_FALSE(parse_steam_id64("76561202301376826").has_value());
  EXPECT_TRUE(parse_steam_id64("76561198006409530").has_value());
}

TEST(SteamId64, RejectsAccountIdZeroAndValuesOutsideTheIndividualRange) {
  EXPECT_FALSE(is_steam_id64("76561197960265728"));  // the base: account id 0
  EXPECT_FALSE(is_steam_id64("76561202255233024"));  // max + 1 carries into the instance bits
  EXPECT_FALSE(is_steam_id64("76561197960265727"));  // below the base
  EXPECT_FALSE(is_steam_id64("12345197972494985"));  // xPaw: wrong prefix
  EXPECT_FALSE(is_steam_id64("99999999999999999"));
}

TEST(SteamId64, RejectsAnythingButSeventeenDecimalDigits) {
  for (const char* text :
       {"", "123456789012345", "7656119797249498", "765611979724949850", " 76561197972494985", "76561197972494985 ",
        "+6561197972494985", "7656119797249498a", "7656119797249498\xd9", "０7656119797249498"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(parse_steam_id64(text).has_value());
  }
}

TEST(SteamId64, NumericCheckMatchesTheTextCheck) {
  EXPECT_TRUE(is_steam_id64(std::uint64_t{76561197972494985ULL}));
  EXPECT_FALSE(is_steam_id64(std::uint64_t{76561202301376826ULL}));
  EXPECT_FALSE(is_steam_id64(std::uint64_t{0}));
}

}  // namespace
}  // namespace portal::core
