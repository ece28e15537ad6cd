#include "app/config/config.hpp"
#include "app/config/config_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace portal::app {
namespace {

using test::expect_same_config;
using test::kShippedFile;
using test::TempToml;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

std::string config_error(const std::filesystem::path& file, const std::map<std::string, std::string>& env) {
  try {
    load_config(file, env);
  } catch (const ConfigError& error) {
    return error.what();
  }
  ADD_FAILURE() << "load_config did not throw ConfigError";
  return {};
}

// ---- the shipped file ----

TEST(ConfigLoader, ShippedFileDefaultsEqualBuiltInDefaults) {
  const Config loaded = load_config(kShippedFile, {});
  expect_same_config(loaded, Config{});
}

TEST(ConfigLoader, ShippedFileEveryValueIsReadFromTheFile) {
  // Proves the file is really read key by key: changing each value in a copy of the file changes
  // the loaded config, so "equal to defaults" above is not an accident of ignoring the file.
  std::ifstream in(kShippedFile);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto replace = [&](const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  replace("mode = \"production\"", "mode = \"demo\"");
  replace("port = 8080", "port = 8181");
  replace("cors_origins = []", "cors_origins = [\"https://a.example\"]");
  replace("engine = \"sqlite\"", "engine = \"postgresql\"");
  replace("postgres_url = \"\"", "postgres_url = \"host=db\"");
  replace("support_email = \"support@example.com\"", "support_email = \"help@example.org\"");
  const TempToml file(text);
  const Config config = load_config(file.path(), {});
  EXPECT_EQ(config.mode, Mode::demo);
  EXPECT_EQ(config.server.port, 8181);
  EXPECT_EQ(config.security.cors_origins, std::vector<std::string>{"https://a.example"});
  EXPECT_EQ(config.database.engine, DbEngine::postgresql);
  EXPECT_EQ(config.database.postgres_url, "host=db");
  EXPECT_EQ(config.links.support_email, "help@example.org");
}

TEST(ConfigLoader, EmptyPathGivesBuiltInDefaults) { expect_same_config(load_config({}, {}), Config{}); }

// ---- environment ----

TEST(ConfigLoader, EnvironmentOverridesNestedKeys) {
  const TempToml file("[server]\nport = 7000\nhost = \"0.0.0.0\"\n");
  const std::map<std::string, std::string> env = {
      {"PORTAL_SERVER__PORT", "9000"},
      {"PORTAL_MODE", "demo"},
      {"PORTAL_DATA_DIR", "/x"},
      {"PORTAL_DATABASE__ENGINE", "postgresql"},
      {"PORTAL_DATABASE__POSTGRES_URL", "host=127.0.0.1 dbname=portal"},
      {"PORTAL_FEATURES__SERVERS__ENABLED", "false"},
      {"PORTAL_FEATURES__PRACC__ENABLED", "0"},
      {"portal_features__inventory__enabled", "FALSE"},  // names are case-insensitive
      {"PORTAL_SECURITY__HSTS", "1"},
      {"PORTAL_SECURITY__CORS_ORIGINS", "https://a.example, https://b.example:8443,"},
      {"PORTAL_LOG__LEVEL", "debug"},
      {"PORTAL_TEST_POSTGRES_URL", "host=ignored"},  // reserved for the test harness
      {"PATH", "/usr/bin"},
  };
  const Config config = load_config(file.path(), env);
  EXPECT_EQ(config.server.port, 9000);       // the environment wins over the file
  EXPECT_EQ(config.server.host, "0.0.0.0");  // the file wins over the default
  EXPECT_EQ(config.mode, Mode::demo);
  EXPECT_EQ(config.data_dir, std::filesystem::path("/x"));
  EXPECT_EQ(config.database.engine, DbEngine::postgresql);
  EXPECT_EQ(config.database.postgres_url, "host=127.0.0.1 dbname=portal");
  EXPECT_FALSE(config.features.servers.enabled);
  EXPECT_TRUE(config.features.servers.details);
  EXPECT_FALSE(config.features.pracc_enabled);
  EXPECT_FALSE(config.features.inventory_enabled);
  EXPECT_TRUE(config.security.hsts);
  EXPECT_EQ(config.security.cors_origins, (std::vector<std::string>{"https://a.example", "https://b.example:8443"}));
  EXPECT_EQ(config.log.level, "debug");
}

TEST(ConfigLoader, UnknownEnvironmentVariableIsAnError) {
  const std::string message = config_error({}, {{"PORTAL_SERVER__PROT", "9000"}});
  EXPECT_THAT(message, AllOf(HasSubstr("PORTAL_SERVER__PROT"), HasSubstr("server.prot")));
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER", "x"}}), HasSubstr("PORTAL_SERVER"));
  // A single underscore does not separate levels.
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER_PORT", "1"}}), HasSubstr("PORTAL_SERVER_PORT"));
}

TEST(ConfigLoader, UnparsableEnvironmentValueIsAnError) {
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER__PORT", "80a"}}),
              AllOf(HasSubstr("PORTAL_SERVER__PORT"), HasSubstr("an integer"), HasSubstr("80a")));
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER__PORT", "99999999999"}}), HasSubstr("PORTAL_SERVER__PORT"));
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER__PORT", ""}}), HasSubstr("PORTAL_SERVER__PORT"));
  EXPECT_THAT(config_error({}, {{"PORTAL_LOG__ACCESS_LOG", "yes"}}),
              AllOf(HasSubstr("PORTAL_LOG__ACCESS_LOG"), HasSubstr("true, false, 1 or 0")));
  EXPECT_THAT(config_error({}, {{"PORTAL_MODE", "staging"}}),
              AllOf(HasSubstr("PORTAL_MODE"), HasSubstr("production"), HasSubstr("staging")));
  EXPECT_THAT(config_error({}, {{"PORTAL_DATABASE__ENGINE", "mysql"}}), HasSubstr("PORTAL_DATABASE__ENGINE"));
}

TEST(ConfigLoader, EnvironmentValuesAreValidated) {
  EXPECT_THAT(config_error({}, {{"PORTAL_SERVER__PORT", "70000"}}), HasSubstr("server.port"));
}

TEST(ConfigLoader, InventorySecretComesFromTheEnvironmentAndIsNeverQuoted) {
  const std::string secret = "inventory-secret-from-the-environment-0123";
  const Config config = load_config({}, {{"PORTAL_INVENTORY__TOKEN_SECRET", secret},
                                         {"PORTAL_INVENTORY__SIGN_IN_URL", "https://inv.example/sign-in"},
                                         {"PORTAL_INVENTORY__TOKEN_TTL_S", "120"}});
  EXPECT_EQ(config.inventory.token_secret, secret);
  EXPECT_EQ(config.inventory.sign_in_url, "https://inv.example/sign-in");
  EXPECT_EQ(config.inventory.token_ttl_s, 120);
  const std::string message = config_error({}, {{"PORTAL_INVENTORY__TOKEN_SECRET", "too-short-secret-value"}});
  EXPECT_THAT(message, HasSubstr("inventory.token_secret"));
  EXPECT_THAT(message, Not(HasSubstr("too-short-secret-value")));
}

TEST(ConfigLoader, ProcessEnvironmentReadsRealVariables) {
  ASSERT_EQ(::setenv("PORTAL_CONFIG_LOADER_TEST_PROBE", "a=b", 1), 0);
  const auto env = process_environment();
  ::unsetenv("PORTAL_CONFIG_LOADER_TEST_PROBE");
  ASSERT_TRUE(env.contains("PORTAL_CONFIG_LOADER_TEST_PROBE"));
  EXPECT_EQ(env.at("PORTAL_CONFIG_LOADER_TEST_PROBE"), "a=b");
}

// ---- file errors ----

TEST(ConfigLoader, UnknownKeyInFileIsAnError) {
  const TempToml file("[server]\nport = 8080\nprot = 8081\n");
  EXPECT_THAT(config_error(file.path(), {}),
              AllOf(HasSubstr("\"server.prot\""), HasSubstr(file.path().string()), HasSubstr("line 3")));
}

TEST(ConfigLoader, UnknownTableInFileIsAnError) {
  const TempToml file("[serverz]\nport = 8080\n");
  EXPECT_THAT(config_error(file.path(), {}), AllOf(HasSubstr("serverz"), HasSubstr(file.path().string())));
  const TempToml nested("[features.chat]\nenabled = true\n");
  EXPECT_THAT(config_error(nested.path(), {}), HasSubstr("features.chat"));
  // The flat field name is not a valid key; the file uses the table form.
  const TempToml flat("[features]\npracc_enabled = true\n");
  EXPECT_THAT(config_error(flat.path(), {}), HasSubstr("features.pracc_enabled"));
}

TEST(ConfigLoader, WrongTypeInFileIsAnError) {
  const TempToml port("[server]\nport = \"8080\"\n");
  EXPECT_THAT(config_error(port.path(), {}), AllOf(HasSubstr("\"server.port\""), HasSubstr("must be an integer"),
                                                   HasSubstr("not a string"), HasSubstr(port.path().string())));
  const TempToml flag("[security]\nhsts = 1\n");
  EXPECT_THAT(config_error(flag.path(), {}), AllOf(HasSubstr("\"security.hsts\""), HasSubstr("a boolean")));
  const TempToml list("[security]\ncors_origins = \"https://a.example\"\n");
  EXPECT_THAT(config_error(list.path(), {}),
              AllOf(HasSubstr("\"security.cors_origins\""), HasSubstr("an array of strings")));
  const TempToml items("[security]\ncors_origins = [1]\n");
  EXPECT_THAT(config_error(items.path(), {}), HasSubstr("\"security.cors_origins\""));
  const TempToml table("server = 1\n");
  EXPECT_THAT(config_error(table.path(), {}), AllOf(HasSubstr("\"server\""), HasSubstr("a table")));
  const TempToml leaf("[log.level]\nx = 1\n");
  EXPECT_THAT(config_error(leaf.path(), {}), AllOf(HasSubstr("\"log.level\""), HasSubstr("a string")));
  const TempToml real("[server]\nport = 80.5\n");
  EXPECT_THAT(config_error(real.path(), {}), HasSubstr("floating-point"));
}

TEST(ConfigLoader, BadEnumAndOutOfRangeIntegerInFileAreErrors) {
  const TempToml mode("mode = \"Demo\"\n");
  EXPECT_THAT(config_error(mode.path(), {}), AllOf(HasSubstr("\"mode\""), HasSubstr("\"Demo\"")));
  const TempToml engine("[database]\nengine = \"mysql\"\n");
  EXPECT_THAT(config_error(engine.path(), {}), AllOf(HasSubstr("\"database.engine\""), HasSubstr("postgresql")));
  const TempToml big("[server]\nport = 5000000000\n");
  EXPECT_THAT(config_error(big.path(), {}), AllOf(HasSubstr("\"server.port\""), HasSubstr("out of range")));
}

TEST(ConfigLoader, SyntaxErrorAndMissingFileAreErrors) {
  const TempToml broken("[server\nport = 1\n");
  EXPECT_THAT(config_error(broken.path(), {}), AllOf(HasSubstr("not valid TOML"), HasSubstr(broken.path().string())));
  EXPECT_THAT(config_error("/nonexistent/portal.toml", {}), HasSubstr("/nonexistent/portal.toml"));
}

// ---- derived values ----

TEST(ConfigLoader, PublicUrl) {
  Config config;
  EXPECT_EQ(config.public_url(), "http://127.0.0.1:8080");
  config.server.host = "::1";
  config.server.port = 9000;
  EXPECT_EQ(config.public_url(), "http://[::1]:9000");
  config.server.public_url = "https://cs2.example.com";
  EXPECT_EQ(config.public_url(), "https://cs2.example.com");
}

TEST(ConfigLoader, SqlitePath) {
  Config config;
  EXPECT_EQ(config.sqlite_path(), std::filesystem::path("data") / "portal.db");
  config.data_dir = "/var/lib/portal";
  config.database.sqlite_file = "sub/x.db";
  EXPECT_EQ(config.sqlite_path(), std::filesystem::path("/var/lib/portal/sub/x.db"));
  config.database.sqlite_file = "/srv/portal.db";
  EXPECT_EQ(config.sqlite_path(), std::filesystem::path("/srv/portal.db"));
}

}  // namespace
}  // namespace portal::app
