#include "app/config.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <toml++/toml.h>

#include <atomic>
#include <cstddef>
#include <fstream>
#include <functional>
#include <ostream>
#include <set>
#include <string>
#include <utility>

#include <unistd.h>

namespace portal::app {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// ---- number of members of an aggregate, so a new Config field fails this test until it is covered ----

struct AnyInit {
  template <typename T>
  operator T() const;  // NOLINT(google-explicit-constructor): unevaluated only
};

template <typename T, std::size_t... I>
constexpr bool brace_constructible(std::index_sequence<I...>) {
  return requires { T{(void(I), AnyInit{})...}; };
}

template <typename T, std::size_t N = 0>
constexpr std::size_t member_count() {
  if constexpr (brace_constructible<T>(std::make_index_sequence<N + 1>{})) return member_count<T, N + 1>();
  else return N;
}

// If one of these fails, a field was added to or removed from config.hpp: update the schema in
// config_loader.cpp, portal.toml, kAllKeys and expect_same_config below.
static_assert(member_count<Config>() == 9);
static_assert(member_count<ServerConfig>() == 11);
static_assert(member_count<SecurityConfig>() == 3);
static_assert(member_count<DatabaseConfig>() == 5);
static_assert(member_count<LogConfig>() == 2);
static_assert(member_count<ServersFeatures>() == 5);
static_assert(member_count<SettingsFeatures>() == 4);
static_assert(member_count<FeaturesConfig>() == 4);
static_assert(member_count<SteamConfig>() == 3);
static_assert(member_count<LinksConfig>() == 11);

// Every leaf setting: 2 + 11 + 3 + 5 + 2 + (5 + 1 + 1 + 4) + 3 + 11 = 48.
const std::set<std::string> kAllKeys = {
    "mode", "data_dir",
    "server.host", "server.port", "server.io_threads", "server.read_timeout_s", "server.write_timeout_s",
    "server.idle_timeout_s", "server.header_limit_bytes", "server.body_limit_bytes", "server.shutdown_grace_s",
    "server.public_url", "server.web_root",
    "security.hsts", "security.hsts_max_age_s", "security.cors_origins",
    "database.engine", "database.sqlite_file", "database.postgres_url", "database.pool_size",
    "database.busy_timeout_ms",
    "log.level", "log.access_log",
    "features.servers.enabled", "features.servers.details", "features.servers.rules",
    "features.servers.quick_join", "features.servers.filters", "features.pracc.enabled",
    "features.inventory.enabled", "features.settings.enabled", "features.settings.general",
    "features.settings.profile", "features.settings.security",
    "steam.openid_endpoint", "steam.realm", "steam.return_url",
    "links.join_address_prefix", "links.bilibili", "links.douyin", "links.weibo", "links.qq_group",
    "links.filing_number", "links.filing_url", "links.vip_store_url", "links.vip_pay_url", "links.inventory_url",
    "links.support_email",
};

void expect_same_config(const Config& a, const Config& b) {
  EXPECT_EQ(a.mode, b.mode);
  EXPECT_EQ(a.data_dir, b.data_dir);

  EXPECT_EQ(a.server.host, b.server.host);
  EXPECT_EQ(a.server.port, b.server.port);
  EXPECT_EQ(a.server.io_threads, b.server.io_threads);
  EXPECT_EQ(a.server.read_timeout_s, b.server.read_timeout_s);
  EXPECT_EQ(a.server.write_timeout_s, b.server.write_timeout_s);
  EXPECT_EQ(a.server.idle_timeout_s, b.server.idle_timeout_s);
  EXPECT_EQ(a.server.header_limit_bytes, b.server.header_limit_bytes);
  EXPECT_EQ(a.server.body_limit_bytes, b.server.body_limit_bytes);
  EXPECT_EQ(a.server.shutdown_grace_s, b.server.shutdown_grace_s);
  EXPECT_EQ(a.server.public_url, b.server.public_url);
  EXPECT_EQ(a.server.web_root, b.server.web_root);

  EXPECT_EQ(a.security.hsts, b.security.hsts);
  EXPECT_EQ(a.security.hsts_max_age_s, b.security.hsts_max_age_s);
  EXPECT_EQ(a.security.cors_origins, b.security.cors_origins);

  EXPECT_EQ(a.database.engine, b.database.engine);
  EXPECT_EQ(a.database.sqlite_file, b.database.sqlite_file);
  EXPECT_EQ(a.database.postgres_url, b.database.postgres_url);
  EXPECT_EQ(a.database.pool_size, b.database.pool_size);
  EXPECT_EQ(a.database.busy_timeout_ms, b.database.busy_timeout_ms);

  EXPECT_EQ(a.log.level, b.log.level);
  EXPECT_EQ(a.log.access_log, b.log.access_log);

  EXPECT_EQ(a.features.servers.enabled, b.features.servers.enabled);
  EXPECT_EQ(a.features.servers.details, b.features.servers.details);
  EXPECT_EQ(a.features.servers.rules, b.features.servers.rules);
  EXPECT_EQ(a.features.servers.quick_join, b.features.servers.quick_join);
  EXPECT_EQ(a.features.servers.filters, b.features.servers.filters);
  EXPECT_EQ(a.features.pracc_enabled, b.features.pracc_enabled);
  EXPECT_EQ(a.features.inventory_enabled, b.features.inventory_enabled);
  EXPECT_EQ(a.features.settings.enabled, b.features.settings.enabled);
  EXPECT_EQ(a.features.settings.general, b.features.settings.general);
  EXPECT_EQ(a.features.settings.profile, b.features.settings.profile);
  EXPECT_EQ(a.features.settings.security, b.features.settings.security);

  EXPECT_EQ(a.steam.openid_endpoint, b.steam.openid_endpoint);
  EXPECT_EQ(a.steam.realm, b.steam.realm);
  EXPECT_EQ(a.steam.return_url, b.steam.return_url);

  EXPECT_EQ(a.links.join_address_prefix, b.links.join_address_prefix);
  EXPECT_EQ(a.links.bilibili, b.links.bilibili);
  EXPECT_EQ(a.links.douyin, b.links.douyin);
  EXPECT_EQ(a.links.weibo, b.links.weibo);
  EXPECT_EQ(a.links.qq_group, b.links.qq_group);
  EXPECT_EQ(a.links.filing_number, b.links.filing_number);
  EXPECT_EQ(a.links.filing_url, b.links.filing_url);
  EXPECT_EQ(a.links.vip_store_url, b.links.vip_store_url);
  EXPECT_EQ(a.links.vip_pay_url, b.links.vip_pay_url);
  EXPECT_EQ(a.links.inventory_url, b.links.inventory_url);
  EXPECT_EQ(a.links.support_email, b.links.support_email);
}

const std::filesystem::path kShippedFile = std::filesystem::path(PORTAL_SOURCE_DIR) / "config" / "portal.toml";

// A TOML file in a fresh temporary folder, removed at the end of the test.
class TempToml {
 public:
  explicit TempToml(const std::string& text) {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("portal_config_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(dir_);
    path_ = dir_ / "portal.toml";
    std::ofstream(path_) << text;
  }
  ~TempToml() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempToml(const TempToml&) = delete;
  TempToml& operator=(const TempToml&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::filesystem::path path_;
};

std::string config_error(const std::filesystem::path& file, const std::map<std::string, std::string>& env) {
  try {
    load_config(file, env);
  } catch (const ConfigError& error) {
    return error.what();
  }
  ADD_FAILURE() << "load_config did not throw ConfigError";
  return {};
}

void collect_keys(const toml::table& table, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& [name, node] : table) {
    const std::string key = prefix.empty() ? std::string(name.str()) : prefix + "." + std::string(name.str());
    if (const auto* sub = node.as_table()) collect_keys(*sub, key, out);
    else out.push_back(key);
  }
}

// ---- the shipped file ----

TEST(ConfigLoader, ShippedFileHoldsExactlyEverySetting) {
  ASSERT_EQ(kAllKeys.size(), 48U);
  const toml::table root = toml::parse_file(kShippedFile.string());
  std::vector<std::string> keys;
  collect_keys(root, "", keys);
  EXPECT_EQ(keys.size(), kAllKeys.size()) << "a key is missing or repeated in " << kShippedFile;
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()), kAllKeys);
}

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

TEST(ConfigLoader, EveryKeyReachesItsOwnField) {
  // Every setting gets a value different from its default and from the other settings of its type,
  // so a key wired to the wrong field shows up as a mismatch.
  const TempToml file(R"(
mode = "demo"
data_dir = "/srv/portal"
[server]
host = "0.0.0.0"
port = 9001
io_threads = 3
read_timeout_s = 31
write_timeout_s = 32
idle_timeout_s = 61
header_limit_bytes = 4096
body_limit_bytes = 131072
shutdown_grace_s = 11
public_url = "https://cs2.example.com"
web_root = "/srv/web"
[security]
hsts = true
hsts_max_age_s = 600
cors_origins = ["https://a.example", "https://b.example"]
[database]
engine = "postgresql"
sqlite_file = "other.db"
postgres_url = "host=db dbname=portal"
pool_size = 5
busy_timeout_ms = 2500
[log]
level = "warn"
access_log = false
[features.servers]
enabled = false
details = false
rules = false
quick_join = false
filters = false
[features.pracc]
enabled = false
[features.inventory]
enabled = false
[features.settings]
enabled = false
general = false
profile = false
security = false
[steam]
openid_endpoint = "https://openid.example/login"
realm = "https://realm.example"
return_url = "https://realm.example/back"
[links]
join_address_prefix = "https://join.example/"
bilibili = "https://bilibili.example/"
douyin = "https://douyin.example/"
weibo = "https://weibo.example/"
qq_group = "https://qq.example/"
filing_number = "ICP 123"
filing_url = "https://filing.example/"
vip_store_url = "https://store.example/"
vip_pay_url = "https://pay.example/"
inventory_url = "https://inventory.example/"
support_email = "help@example.org"
)");
  Config expected;
  expected.mode = Mode::demo;
  expected.data_dir = "/srv/portal";
  expected.server = {"0.0.0.0", 9001, 3, 31, 32, 61, 4096, 131072, 11, "https://cs2.example.com", "/srv/web"};
  expected.security = {true, 600, {"https://a.example", "https://b.example"}};
  expected.database = {DbEngine::postgresql, "other.db", "host=db dbname=portal", 5, 2500};
  expected.log = {"warn", false};
  expected.features = {{false, false, false, false, false}, false, false, {false, false, false, false}};
  expected.steam = {"https://openid.example/login", "https://realm.example", "https://realm.example/back"};
  expected.links = {"https://join.example/",    "https://bilibili.example/", "https://douyin.example/",
                    "https://weibo.example/",   "https://qq.example/",       "ICP 123",
                    "https://filing.example/",  "https://store.example/",    "https://pay.example/",
                    "https://inventory.example/", "help@example.org"};
  expect_same_config(load_config(file.path(), {}), expected);
}

TEST(ConfigLoader, EmptyPathGivesBuiltInDefaults) {
  expect_same_config(load_config({}, {}), Config{});
}

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
  EXPECT_EQ(config.server.port, 9000);            // the environment wins over the file
  EXPECT_EQ(config.server.host, "0.0.0.0");       // the file wins over the default
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
  EXPECT_THAT(config_error(port.path(), {}),
              AllOf(HasSubstr("\"server.port\""), HasSubstr("must be an integer"), HasSubstr("not a string"),
                    HasSubstr(port.path().string())));
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

// ---- validation ----

struct Rule {
  const char* name;
  std::function<void(Config&)> change;
  const char* key;  // the message must name it
};

void PrintTo(const Rule& rule, std::ostream* os) { *os << rule.name; }

class ValidateRule : public ::testing::TestWithParam<Rule> {};

TEST_P(ValidateRule, Fails) {
  Config config;
  EXPECT_NO_THROW(validate(config));
  GetParam().change(config);
  try {
    validate(config);
    FAIL() << "validate accepted " << GetParam().name;
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    EXPECT_THAT(message, HasSubstr(GetParam().key));
    EXPECT_EQ(message.back(), '.') << "not a complete sentence: " << message;
  }
}

std::string rule_name(const ::testing::TestParamInfo<Rule>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(
    ConfigLoader, ValidateRule,
    ::testing::Values(
        Rule{"port_negative", [](Config& c) { c.server.port = -1; }, "server.port"},
        Rule{"port_too_big", [](Config& c) { c.server.port = 65536; }, "server.port"},
        Rule{"io_threads_zero", [](Config& c) { c.server.io_threads = 0; }, "server.io_threads"},
        Rule{"io_threads_too_many", [](Config& c) { c.server.io_threads = 65; }, "server.io_threads"},
        Rule{"read_timeout_zero", [](Config& c) { c.server.read_timeout_s = 0; }, "server.read_timeout_s"},
        Rule{"write_timeout_zero", [](Config& c) { c.server.write_timeout_s = 0; }, "server.write_timeout_s"},
        Rule{"idle_timeout_negative", [](Config& c) { c.server.idle_timeout_s = -5; }, "server.idle_timeout_s"},
        Rule{"busy_timeout_zero", [](Config& c) { c.database.busy_timeout_ms = 0; }, "database.busy_timeout_ms"},
        Rule{"shutdown_grace_negative", [](Config& c) { c.server.shutdown_grace_s = -1; }, "server.shutdown_grace_s"},
        Rule{"header_limit_small", [](Config& c) { c.server.header_limit_bytes = 1023; }, "server.header_limit_bytes"},
        Rule{"header_limit_big", [](Config& c) { c.server.header_limit_bytes = 65537; }, "server.header_limit_bytes"},
        Rule{"body_limit_small", [](Config& c) { c.server.body_limit_bytes = 1000; }, "server.body_limit_bytes"},
        Rule{"body_limit_big", [](Config& c) { c.server.body_limit_bytes = 64 * 1024 * 1024 + 1; },
             "server.body_limit_bytes"},
        Rule{"host_empty", [](Config& c) { c.server.host.clear(); }, "server.host"},
        Rule{"data_dir_empty", [](Config& c) { c.data_dir.clear(); }, "data_dir"},
        Rule{"pool_zero", [](Config& c) { c.database.pool_size = 0; }, "database.pool_size"},
        Rule{"pool_too_big", [](Config& c) { c.database.pool_size = 65; }, "database.pool_size"},
        Rule{"sqlite_file_empty", [](Config& c) { c.database.sqlite_file.clear(); }, "database.sqlite_file"},
        Rule{"postgres_without_url", [](Config& c) { c.database.engine = DbEngine::postgresql; },
             "database.postgres_url"},
        Rule{"log_level_unknown", [](Config& c) { c.log.level = "verbose"; }, "log.level"},
        Rule{"log_level_uppercase", [](Config& c) { c.log.level = "INFO"; }, "log.level"},
        Rule{"hsts_max_age_negative", [](Config& c) { c.security.hsts_max_age_s = -1; }, "security.hsts_max_age_s"},
        Rule{"cors_path", [](Config& c) { c.security.cors_origins = {"https://a.example/app"}; },
             "security.cors_origins"},
        Rule{"cors_trailing_slash", [](Config& c) { c.security.cors_origins = {"https://a.example/"}; },
             "security.cors_origins"},
        Rule{"cors_wildcard", [](Config& c) { c.security.cors_origins = {"*"}; }, "security.cors_origins"},
        Rule{"cors_wildcard_subdomain", [](Config& c) { c.security.cors_origins = {"https://*.a.example"}; },
             "security.cors_origins"},
        Rule{"cors_null", [](Config& c) { c.security.cors_origins = {"null"}; }, "security.cors_origins"},
        Rule{"cors_no_scheme", [](Config& c) { c.security.cors_origins = {"a.example"}; }, "security.cors_origins"},
        Rule{"cors_other_scheme", [](Config& c) { c.security.cors_origins = {"ftp://a.example"}; },
             "security.cors_origins"},
        Rule{"cors_bad_port", [](Config& c) { c.security.cors_origins = {"https://a.example:99999"}; },
             "security.cors_origins"},
        Rule{"cors_empty_port", [](Config& c) { c.security.cors_origins = {"https://a.example:"}; },
             "security.cors_origins"},
        Rule{"cors_query", [](Config& c) { c.security.cors_origins = {"https://a.example?x"}; },
             "security.cors_origins"},
        Rule{"cors_userinfo", [](Config& c) { c.security.cors_origins = {"https://u@a.example"}; },
             "security.cors_origins"},
        Rule{"cors_uppercase", [](Config& c) { c.security.cors_origins = {"https://A.example"}; },
             "security.cors_origins"},
        Rule{"cors_second_bad", [](Config& c) { c.security.cors_origins = {"https://a.example", ""}; },
             "security.cors_origins"},
        Rule{"public_url_trailing_slash", [](Config& c) { c.server.public_url = "https://cs2.example.com/"; },
             "server.public_url"},
        Rule{"public_url_not_http", [](Config& c) { c.server.public_url = "cs2.example.com"; }, "server.public_url"},
        Rule{"public_url_path", [](Config& c) { c.server.public_url = "https://example.com/portal"; },
             "server.public_url"},
        Rule{"steam_endpoint_not_http", [](Config& c) { c.steam.openid_endpoint = "steam://login"; },
             "steam.openid_endpoint"},
        Rule{"steam_realm_no_host", [](Config& c) { c.steam.realm = "https://"; }, "steam.realm"},
        Rule{"steam_return_url_relative", [](Config& c) { c.steam.return_url = "/api/auth/steam/callback"; },
             "steam.return_url"},
        Rule{"bilibili_javascript", [](Config& c) { c.links.bilibili = "javascript:alert(1)"; }, "links.bilibili"},
        Rule{"douyin_not_http", [](Config& c) { c.links.douyin = "douyin.com"; }, "links.douyin"},
        Rule{"weibo_space", [](Config& c) { c.links.weibo = "https://weibo.com/a b"; }, "links.weibo"},
        Rule{"qq_group_not_http", [](Config& c) { c.links.qq_group = "mqq://group"; }, "links.qq_group"},
        Rule{"filing_url_not_http", [](Config& c) { c.links.filing_url = "beian.miit.gov.cn"; }, "links.filing_url"},
        Rule{"vip_store_not_http", [](Config& c) { c.links.vip_store_url = "store"; }, "links.vip_store_url"},
        Rule{"vip_pay_not_http", [](Config& c) { c.links.vip_pay_url = "data:text/html,x"; }, "links.vip_pay_url"},
        Rule{"inventory_not_http", [](Config& c) { c.links.inventory_url = "//inv.example"; }, "links.inventory_url"},
        Rule{"join_prefix_empty", [](Config& c) { c.links.join_address_prefix.clear(); },
             "links.join_address_prefix"},
        Rule{"join_prefix_no_slash", [](Config& c) { c.links.join_address_prefix = "steam://connect"; },
             "links.join_address_prefix"},
        Rule{"support_email_no_at", [](Config& c) { c.links.support_email = "support"; }, "links.support_email"}),
    rule_name);

TEST(ConfigLoader, ValidateAcceptsGoodValues) {
  Config config;
  config.server.port = 0;
  config.server.io_threads = 64;
  config.server.header_limit_bytes = 1024;
  config.server.body_limit_bytes = 64 * 1024 * 1024;
  config.server.public_url = "https://cs2.example.com";
  config.security.cors_origins = {"https://a.example", "http://localhost:5173", "http://127.0.0.1:8080",
                                  "http://[::1]:8080", "https://xn--fiq228c.example"};
  config.database.engine = DbEngine::postgresql;
  config.database.postgres_url = "postgresql://portal@db/portal";
  config.database.pool_size = 64;
  config.log.level = "off";
  config.links.join_address_prefix = "https://join.example/?addr=/";
  config.links.vip_store_url = "https://store.example/vip?x=1";
  config.steam.realm = "https://cs2.example.com";
  EXPECT_NO_THROW(validate(config));
  config.server.public_url = "http://127.0.0.1:8080";
  EXPECT_NO_THROW(validate(config));
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
