#include "integrations/cloud/user_data.hpp"

#include "core/crypto.hpp"
#include "integrations/cloud/bootstrap_script.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace portal::cloud {
namespace {

namespace fs = std::filesystem;

ServerBootstrap full_settings() {
  return ServerBootstrap{.server_ref = "srv_7f3a",
                         .server_name = "阿强's 练习服 No.1",
                         .join_password = "abc 123",
                         .rcon_password = "r'c$(reboot)`id`\\n",
                         .game_port = 27020,
                         .max_players = 10,
                         .admins = {"76561198000000001", "76561197960265729"},
                         .portal_url = "https://cs2.example.com/api/plugin?a=1&b='2'",
                         .portal_key = "k_0123456789abcdef",
                         .demo_bucket = "demos-1250000000",
                         .demo_region = "ap-shanghai",
                         .demo_prefix = "demos/srv_7f3a/"};
}

bool same(const ServerBootstrap& a, const ServerBootstrap& b) {
  return a.server_ref == b.server_ref && a.server_name == b.server_name && a.join_password == b.join_password &&
         a.rcon_password == b.rcon_password && a.game_port == b.game_port && a.max_players == b.max_players &&
         a.admins == b.admins && a.portal_url == b.portal_url && a.portal_key == b.portal_key &&
         a.demo_bucket == b.demo_bucket && a.demo_region == b.demo_region && a.demo_prefix == b.demo_prefix;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A file of its own under the system temp folder, removed when the test ends.
class TempFile {
 public:
  explicit TempFile(const std::string& content)
      : path_(fs::temp_directory_path() / ("portal-user-data-" + core::random_token(8) + ".sh")) {
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~TempFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
  std::string path() const { return path_.string(); }

 private:
  fs::path path_;
};

// The lines between the block markers of a rendered script.
std::string settings_block(const std::string& script) {
  const std::string start = "# --- portal settings ---\n";
  const auto begin = script.find(start) + start.size();
  return script.substr(begin, script.find("# --- end portal settings ---\n") - begin);
}

void expect_invalid(const core::Result<std::string>& rendered, std::string_view field) {
  ASSERT_FALSE(rendered.ok()) << field;
  EXPECT_EQ(rendered.error().code, "INVALID_BOOTSTRAP");
  EXPECT_EQ(rendered.error().kind, core::ErrorKind::validation);
  const auto* named = rendered.error().details.if_contains("field");
  ASSERT_NE(named, nullptr);
  EXPECT_EQ(named->as_string(), field);
}

TEST(UserData, TheCompiledInScriptIsTheFileInDeploy) {
  EXPECT_EQ(bootstrap_script_template(), read_file(fs::path(PORTAL_REPO_DIR) / "deploy/cloud/cs2-bootstrap.sh"));
}

TEST(UserData, VersionIsTheScriptsBootstrapVersionLine) {
  const std::string version(bootstrap_version());
  ASSERT_FALSE(version.empty());
  EXPECT_NE(bootstrap_script_template().find("\nBOOTSTRAP_VERSION=" + version + "\n"), std::string_view::npos);
}

TEST(UserData, RendersEverySettingSingleQuoted) {
  const auto rendered = render_user_data(full_settings());
  ASSERT_TRUE(rendered.ok()) << rendered.error().message;
  EXPECT_EQ(settings_block(*rendered),
            "PORTAL_SERVER_REF='srv_7f3a'\n"
            "PORTAL_SERVER_NAME='阿强'\\''s 练习服 No.1'\n"
            "PORTAL_JOIN_PASSWORD='abc 123'\n"
            "PORTAL_RCON_PASSWORD='r'\\''c$(reboot)`id`\\n'\n"
            "PORTAL_GAME_PORT='27020'\n"
            "PORTAL_MAX_PLAYERS='10'\n"
            "PORTAL_ADMINS='76561198000000001 76561197960265729'\n"
            "PORTAL_URL='https://cs2.example.com/api/plugin?a=1&b='\\''2'\\'''\n"
            "PORTAL_KEY='k_0123456789abcdef'\n"
            "PORTAL_DEMO_BUCKET='demos-1250000000'\n"
            "PORTAL_DEMO_REGION='ap-shanghai'\n"
            "PORTAL_DEMO_PREFIX='demos/srv_7f3a/'\n");
}

TEST(UserData, RenderChangesOnlyTheSettingsBlock) {
  const auto rendered = render_user_data(full_settings());
  ASSERT_TRUE(rendered.ok());
  const std::string script(bootstrap_script_template());
  const std::string block = settings_block(script);
  const auto at = script.find(block);
  EXPECT_EQ(rendered->substr(0, at), script.substr(0, at));
  const std::string after = script.substr(at + block.size());
  EXPECT_EQ(rendered->substr(rendered->size() - after.size()), after);
}

TEST(UserData, BashReadsBackExactlyTheValuesRendered) {
  const auto settings = full_settings();
  const auto rendered = render_user_data(settings);
  ASSERT_TRUE(rendered.ok());
  const TempFile probe(settings_block(*rendered) +
                       "printf '%s\\n' \"$PORTAL_SERVER_NAME\" \"$PORTAL_JOIN_PASSWORD\" \"$PORTAL_RCON_PASSWORD\" "
                       "\"$PORTAL_URL\" \"$PORTAL_ADMINS\"\n");
  const auto run = test::run_process({"/bin/bash", probe.path()}, {});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output, settings.server_name + "\n" + settings.join_password + "\n" + settings.rcon_password + "\n" +
                            settings.portal_url + "\n76561198000000001 76561197960265729\n");
}

TEST(UserData, TheRenderedScriptPassesBashSyntaxCheck) {
  const auto rendered = render_user_data(full_settings());
  ASSERT_TRUE(rendered.ok());
  EXPECT_TRUE(rendered->starts_with("#!/bin/bash\n"));
  EXPECT_NE(rendered->find("\nset -euo pipefail\n"), std::string::npos);
  const TempFile script(*rendered);
  const auto check = test::run_process({"/bin/bash", "-n", script.path()}, {});
  EXPECT_EQ(check.exit_code, 0) << check.output;
  // And the check itself can fail: a broken script does not pass.
  const TempFile broken(*rendered + "\nif then\n");
  EXPECT_NE(test::run_process({"/bin/bash", "-n", broken.path()}, {}).exit_code, 0);
}

TEST(UserData, RoundTripsThroughParse) {
  auto minimal = full_settings();
  minimal.admins.clear();
  minimal.join_password.clear();
  minimal.demo_bucket.clear();
  minimal.demo_region.clear();
  minimal.demo_prefix.clear();
  auto quotes = full_settings();
  quotes.server_name = "'";
  quotes.join_password = "''";
  quotes.portal_key = "'\\''";
  quotes.portal_url = " leading and trailing spaces ";
  auto one_admin = full_settings();
  one_admin.admins = {"76561198000000001"};
  one_admin.game_port = 1;
  one_admin.max_players = 64;
  for (const auto& settings : {full_settings(), minimal, quotes, one_admin}) {
    const auto rendered = render_user_data(settings);
    ASSERT_TRUE(rendered.ok()) << rendered.error().message;
    const auto parsed = parse_user_data(*rendered);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_TRUE(same(*parsed, settings)) << settings.server_name;
  }
}

TEST(UserData, RefusesLineBreaksAndNulInAnyValue) {
  const std::vector<std::pair<std::string ServerBootstrap::*, std::string_view>> fields = {
      {&ServerBootstrap::server_ref, "PORTAL_SERVER_REF"},
      {&ServerBootstrap::server_name, "PORTAL_SERVER_NAME"},
      {&ServerBootstrap::join_password, "PORTAL_JOIN_PASSWORD"},
      {&ServerBootstrap::rcon_password, "PORTAL_RCON_PASSWORD"},
      {&ServerBootstrap::portal_url, "PORTAL_URL"},
      {&ServerBootstrap::portal_key, "PORTAL_KEY"},
      {&ServerBootstrap::demo_bucket, "PORTAL_DEMO_BUCKET"},
      {&ServerBootstrap::demo_region, "PORTAL_DEMO_REGION"},
      {&ServerBootstrap::demo_prefix, "PORTAL_DEMO_PREFIX"}};
  for (const auto& [member, name] : fields) {
    for (const std::string& bad : {std::string("a\nb"), std::string("a\rb"), std::string("a\0b", 3)}) {
      auto settings = full_settings();
      settings.*member = bad;
      expect_invalid(render_user_data(settings), name);
    }
  }
}

TEST(UserData, RefusesOutOfRangePortAndPlayerCount) {
  for (const int port : {0, -1, 65536}) {
    auto settings = full_settings();
    settings.game_port = port;
    expect_invalid(render_user_data(settings), "PORTAL_GAME_PORT");
  }
  for (const int players : {0, -5, 65}) {
    auto settings = full_settings();
    settings.max_players = players;
    expect_invalid(render_user_data(settings), "PORTAL_MAX_PLAYERS");
  }
}

TEST(UserData, RefusesWhatTheScriptCannotCarry) {
  auto quote_in_name = full_settings();
  quote_in_name.server_name = "say \"hi\"";  // server.cfg has no escape for it
  expect_invalid(render_user_data(quote_in_name), "PORTAL_SERVER_NAME");
  auto quote_in_rcon = full_settings();
  quote_in_rcon.rcon_password = "a\"b";
  expect_invalid(render_user_data(quote_in_rcon), "PORTAL_RCON_PASSWORD");
  auto no_ref = full_settings();
  no_ref.server_ref.clear();
  expect_invalid(render_user_data(no_ref), "PORTAL_SERVER_REF");
  auto spaced_ref = full_settings();
  spaced_ref.server_ref = "srv 1";
  expect_invalid(render_user_data(spaced_ref), "PORTAL_SERVER_REF");
  auto not_a_steam_id = full_settings();
  not_a_steam_id.admins = {"76561198000000001", "1 2"};
  expect_invalid(render_user_data(not_a_steam_id), "PORTAL_ADMINS");
  auto upper_bucket = full_settings();
  upper_bucket.demo_bucket = "Demos";
  expect_invalid(render_user_data(upper_bucket), "PORTAL_DEMO_BUCKET");
  auto rooted_prefix = full_settings();
  rooted_prefix.demo_prefix = "/demos/";
  expect_invalid(render_user_data(rooted_prefix), "PORTAL_DEMO_PREFIX");
}

TEST(UserData, RefusesAScriptOverTencentsUserDataLimit) {
  auto settings = full_settings();
  settings.portal_key = std::string(3000, 'k');  // 16 KB of base64 is 12 KB of script
  expect_invalid(render_user_data(settings), "script");
  settings.portal_key = std::string(64, 'k');
  const auto rendered = render_user_data(settings);
  ASSERT_TRUE(rendered.ok());
  EXPECT_LE((rendered->size() + 2) / 3 * 4, 16u * 1024);
}

TEST(UserData, ParseRefusesAScriptWithoutTheBlock) {
  const std::string script(bootstrap_script_template());
  const auto without_end = script.substr(0, script.find("# --- end portal settings ---"));
  const std::string start_marker = "# --- portal settings ---\n";
  std::string without_start = script;
  without_start.erase(without_start.find(start_marker), start_marker.size());
  for (const std::string& text : {std::string("#!/bin/bash\necho hi\n"), std::string(), without_end, without_start}) {
    const auto parsed = parse_user_data(text);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().code, "INVALID_BOOTSTRAP");
  }
}

TEST(UserData, ParseRefusesAMalformedLine) {
  const auto rendered = render_user_data(full_settings());
  ASSERT_TRUE(rendered.ok());
  const std::string good_line = "PORTAL_KEY='k_0123456789abcdef'\n";
  ASSERT_NE(rendered->find(good_line), std::string::npos);
  const std::vector<std::string> bad_lines = {
      "PORTAL_KEY=k_0123456789abcdef\n",      // unquoted
      "PORTAL_KEY='k_0123456789abcdef\n",     // unterminated
      "PORTAL_KEY='k_01' extra\n",            // text after the value
      "PORTAL_KEY='a'\\'\n",                  // an escaped quote that never reopens
      "PORTAL_KEY=\"k_0123456789abcdef\"\n",  // double quotes expand $ and `
      "PORTAL_KEY ='k_0123456789abcdef'\n",   // not an assignment in bash
      "PORTAL_OTHER='x'\n",                   // unknown setting
      "echo hi\n",                            // not a setting at all
      "\n",                                   // blank line
      good_line + "PORTAL_KEY='again'\n",     // set twice
      std::string(),                          // missing
  };
  for (const auto& bad_line : bad_lines) {
    std::string script = *rendered;
    script.replace(script.find(good_line), good_line.size(), bad_line);
    const auto parsed = parse_user_data(script);
    ASSERT_FALSE(parsed.ok()) << bad_line;
    EXPECT_EQ(parsed.error().code, "INVALID_BOOTSTRAP");
  }
}

TEST(UserData, ParseRefusesValuesRenderWouldRefuse) {
  const auto rendered = render_user_data(full_settings());
  ASSERT_TRUE(rendered.ok());
  for (const auto& [good, bad] : std::vector<std::pair<std::string, std::string>>{
           {"PORTAL_GAME_PORT='27020'", "PORTAL_GAME_PORT='70000'"},
           {"PORTAL_GAME_PORT='27020'", "PORTAL_GAME_PORT='27O20'"},
           {"PORTAL_MAX_PLAYERS='10'", "PORTAL_MAX_PLAYERS=''"},
           {"PORTAL_ADMINS='76561198000000001 76561197960265729'", "PORTAL_ADMINS='76561198000000001 x'"}}) {
    std::string script = *rendered;
    script.replace(script.find(good), good.size(), bad);
    const auto parsed = parse_user_data(script);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.error().code, "INVALID_BOOTSTRAP");
  }
}

}  // namespace
}  // namespace portal::cloud
