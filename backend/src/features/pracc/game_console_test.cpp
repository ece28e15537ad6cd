#include "features/pracc/game_console.hpp"

#include <gtest/gtest.h>

namespace portal::pracc {
namespace {

TEST(GameConsole, TheAdminsCountAsOnlyWhenThePluginSaysItSetThemAll) {
  EXPECT_TRUE(check_admins_reply("Portal admins set: 3\n", 3));
  EXPECT_TRUE(check_admins_reply("L 11/24/2026 - 20:00:00: rcon from \"1.2.3.4\"\r\nPortal admins set: 1\r\n", 1))
      << "the answer may follow other console lines";

  const auto unknown = check_admins_reply("Unknown command \"css_portal_admins\"!\n", 2);
  ASSERT_FALSE(unknown) << "the plugin is not loaded: nothing was applied";
  EXPECT_EQ(unknown.error().kind, core::ErrorKind::unavailable);
  EXPECT_NE(unknown.error().message.find("Unknown command"), std::string::npos);

  EXPECT_FALSE(check_admins_reply("Usage: css_portal_admins <steamid64>[,<steamid64>...]\n", 2));
  EXPECT_FALSE(check_admins_reply("Portal admins set: 1\n", 2)) << "a different count";
  EXPECT_FALSE(check_admins_reply("Portal admins set: 12\n", 1));
  const auto silent = check_admins_reply("", 1);
  ASSERT_FALSE(silent);
  EXPECT_NE(silent.error().message.find("no answer"), std::string::npos);
}

TEST(GameConsole, CommandsQuoteTheirValues) {
  EXPECT_EQ(password_command("abc123"), "sv_password \"abc123\"");
  EXPECT_EQ(admins_command({{"76561198000000001", ""}, {"76561198000000002", "x"}}),
            "css_portal_admins 76561198000000001,76561198000000002");
  EXPECT_EQ(warning_command("a\"b;c\nd"), "say \"a b c d\"");
}

}  // namespace
}  // namespace portal::pracc
