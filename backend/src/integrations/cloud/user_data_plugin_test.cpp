// The bootstrap's part in the rented servers' portal plugin (issue 15): it fetches the plugin with
// the server's key and builds it, and the largest settings the portal renders still fit Tencent's
// 16 KB of base64 user data.
#include "integrations/cloud/user_data.hpp"

#include "core/crypto.hpp"
#include "integrations/cloud/bootstrap_script.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::cloud {
namespace {

ServerBootstrap largest_settings() {
  ServerBootstrap s;
  s.server_ref = "srv_abcdefghijklmnop";
  for (int i = 0; i < 16; ++i) s.server_name += "练";  // 16 characters of 3 bytes
  s.join_password = "abcdefghijklmnop";
  s.rcon_password = core::random_token(32);  // 64 hex characters, more than the portal makes
  s.max_players = 64;
  for (int i = 0; i < 7; ++i) s.admins.push_back("7656119800000000" + std::to_string(i));
  s.portal_url = "https://portal.cs2-community.example.com";
  s.portal_key = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";  // 43: 32 bytes in base64url
  s.demo_bucket = "pracc-demos-1250000000";
  s.demo_region = "ap-shanghai";
  s.demo_prefix = "demos/srv_abcdefghijklmnop/";
  return s;
}

TEST(UserDataPlugin, TheLargestSettingsFitTencentsUserDataLimit) {
  const auto rendered = render_user_data(largest_settings());
  ASSERT_TRUE(rendered.ok()) << rendered.error().message;
  EXPECT_LE((rendered->size() + 2) / 3 * 4, 16u * 1024);
}

TEST(UserDataPlugin, TheScriptFetchesThePluginWithTheKeyInAHeaderFileAndBuildsIt) {
  const std::string_view script = bootstrap_script_template();
  EXPECT_NE(script.find("/api/plugin/rental/plugin-source"), std::string_view::npos);
  EXPECT_NE(script.find("-H @\"$d/auth\""), std::string_view::npos) << "the key never on a command line";
  EXPECT_NE(script.find("bash \"$d/build.sh\""), std::string_view::npos);
  EXPECT_NE(script.find("[[ -z \"${PORTAL_KEY}\" ]] || install_portal_plugin"), std::string_view::npos)
      << "no key, no plugin";
  const auto rendered = render_user_data(largest_settings());
  ASSERT_TRUE(rendered.ok());
  // The key appears once: in the settings block.
  const auto first = rendered->find(largest_settings().portal_key);
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(rendered->find(largest_settings().portal_key, first + 1), std::string::npos);
}

}  // namespace
}  // namespace portal::cloud
