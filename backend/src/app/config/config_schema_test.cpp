// Coverage of the settings table: the tests' own count of Config members and list of keys, checked
// against portal.toml, and every key wired to its own field.

#include "app/config/config.hpp"
#include "app/config/config_test_support.hpp"

#include <gtest/gtest.h>
#include <toml++/toml.h>

#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace portal::app {
namespace {

using test::expect_same_config;
using test::kShippedFile;
using test::TempToml;

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
  if constexpr (brace_constructible<T>(std::make_index_sequence<N + 1>{}))
    return member_count<T, N + 1>();
  else
    return N;
}

// If one of these fails, a field was added to or removed from config.hpp: update the schema in
// config_schema.cpp, portal.toml, kAllKeys below and expect_same_config in config_test_support.hpp.
static_assert(member_count<Config>() == 18);
static_assert(member_count<PraccConfig>() == 11);
static_assert(member_count<CloudConfig>() == 9);
static_assert(member_count<CloudSimConfig>() == 7);
static_assert(member_count<PaymentsConfig>() == 10);
static_assert(member_count<PaymentSandboxConfig>() == 3);
static_assert(member_count<AlipaySettingsConfig>() == 4);
static_assert(member_count<WechatSettingsConfig>() == 8);
static_assert(member_count<PaypalSettingsConfig>() == 5);
static_assert(member_count<LeaderboardConfig>() == 1);
static_assert(member_count<LiveServersConfig>() == 6);
static_assert(member_count<ServerConfig>() == 12);
static_assert(member_count<SecurityConfig>() == 4);
static_assert(member_count<DatabaseConfig>() == 5);
static_assert(member_count<PoolsConfig>() == 5);
static_assert(member_count<LogConfig>() == 2);
static_assert(member_count<ServersFeatures>() == 5);
static_assert(member_count<SettingsFeatures>() == 4);
static_assert(member_count<FeaturesConfig>() == 4);
static_assert(member_count<SteamConfig>() == 4);
static_assert(member_count<AuthConfig>() == 3);
static_assert(member_count<MailConfig>() == 8);
static_assert(member_count<LinksConfig>() == 11);
static_assert(member_count<InventoryConfig>() == 3);

// Every leaf setting: 2 + 12 + 4 + 5 + 5 + 2 + (5 + 1 + 1 + 4) + 6 + 4 + 3 + 8 + 1 + 3 + 11 = 77, payments
// 5 + 4 + 8 + 5 + 3 = 25, pracc 11, cloud 8 + 7 = 15: 128.
const std::set<std::string> kAllKeys = {
    "mode",
    "data_dir",
    "server.host",
    "server.port",
    "server.io_threads",
    "server.read_timeout_s",
    "server.write_timeout_s",
    "server.idle_timeout_s",
    "server.header_limit_bytes",
    "server.body_limit_bytes",
    "server.shutdown_grace_s",
    "server.max_connections_per_address",
    "server.public_url",
    "server.web_root",
    "security.hsts",
    "security.hsts_max_age_s",
    "security.cors_origins",
    "security.trust_forwarded_for",
    "database.engine",
    "database.sqlite_file",
    "database.postgres_url",
    "database.pool_size",
    "database.busy_timeout_ms",
    "pools.database_queue",
    "pools.hashing_threads",
    "pools.hashing_queue",
    "pools.outbound_threads",
    "pools.outbound_queue",
    "log.level",
    "log.access_log",
    "features.servers.enabled",
    "features.servers.details",
    "features.servers.rules",
    "features.servers.quick_join",
    "features.servers.filters",
    "features.pracc.enabled",
    "features.inventory.enabled",
    "features.settings.enabled",
    "features.settings.general",
    "features.settings.profile",
    "features.settings.security",
    "servers.refresh_interval_s",
    "servers.query_timeout_ms",
    "servers.query_retries",
    "servers.offline_after_misses",
    "servers.plugin_fresh_s",
    "servers.history_hours",
    "steam.openid_endpoint",
    "steam.realm",
    "steam.return_url",
    "steam.web_api_key",
    "auth.jwt_secret",
    "auth.password_memory_kib",
    "auth.password_passes",
    "mail.transport",
    "mail.smtp_url",
    "mail.username",
    "mail.password",
    "mail.from_address",
    "mail.from_name",
    "mail.timeout_s",
    "mail.ca_file",
    "leaderboard.refresh_interval_s",
    "inventory.sign_in_url",
    "inventory.token_secret",
    "inventory.token_ttl_s",
    "links.join_address_prefix",
    "links.bilibili",
    "links.douyin",
    "links.weibo",
    "links.qq_group",
    "links.filing_number",
    "links.filing_url",
    "links.vip_store_url",
    "links.vip_pay_url",
    "links.inventory_url",
    "links.support_email",
    "payments.methods",
    "payments.public_base_url",
    "payments.window_s",
    "payments.max_open_orders",
    "payments.reconcile_after_s",
    "payments.alipay.app_id",
    "payments.alipay.gateway",
    "payments.alipay.private_key_file",
    "payments.alipay.public_key_file",
    "payments.wechat.mchid",
    "payments.wechat.appid",
    "payments.wechat.serial_no",
    "payments.wechat.api_v3_key",
    "payments.wechat.private_key_file",
    "payments.wechat.platform_public_key_id",
    "payments.wechat.platform_public_key_file",
    "payments.wechat.base_url",
    "payments.paypal.client_id",
    "payments.paypal.client_secret",
    "payments.paypal.webhook_id",
    "payments.paypal.merchant_id",
    "payments.paypal.base_url",
    "payments.sandbox.first_delay_ms",
    "payments.sandbox.late_percent",
    "payments.sandbox.duplicate_percent",
    "pracc.regions",
    "pracc.grace_days",
    "pracc.max_servers_per_user",
    "pracc.max_servers_per_region",
    "pracc.game_port",
    "pracc.max_players",
    "pracc.demo_link_s",
    "pracc.launch_attempts",
    "pracc.launch_retry_s",
    "pracc.sync_interval_s",
    "pracc.lifecycle_interval_s",
    "cloud.secret_id",
    "cloud.secret_key",
    "cloud.token",
    "cloud.cvm_endpoint",
    "cloud.regions_file",
    "cloud.cos_bucket",
    "cloud.cos_region",
    "cloud.cos_endpoint",
    "cloud.sim.boot_s",
    "cloud.sim.reboot_s",
    "cloud.sim.stop_s",
    "cloud.sim.start_s",
    "cloud.sim.terminate_s",
    "cloud.sim.launch_failure_percent",
    "cloud.sim.demo_interval_s",
};

void collect_keys(const toml::table& table, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& [name, node] : table) {
    const std::string key = prefix.empty() ? std::string(name.str()) : prefix + "." + std::string(name.str());
    if (const auto* sub = node.as_table())
      collect_keys(*sub, key, out);
    else
      out.push_back(key);
  }
}

// ---- the shipped file ----

TEST(ConfigLoader, ShippedFileHoldsExactlyEverySetting) {
  ASSERT_EQ(kAllKeys.size(), 128U);
  const toml::table root = toml::parse_file(kShippedFile.string());
  std::vector<std::string> keys;
  collect_keys(root, "", keys);
  EXPECT_EQ(keys.size(), kAllKeys.size()) << "a key is missing or repeated in " << kShippedFile;
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()), kAllKeys);
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
max_connections_per_address = 7
public_url = "https://cs2.example.com"
web_root = "/srv/web"
[security]
hsts = true
hsts_max_age_s = 600
cors_origins = ["https://a.example", "https://b.example"]
trust_forwarded_for = true
[database]
engine = "postgresql"
sqlite_file = "other.db"
postgres_url = "host=db dbname=portal"
pool_size = 5
busy_timeout_ms = 2500
[pools]
database_queue = 100
hashing_threads = 2
hashing_queue = 3
outbound_threads = 6
outbound_queue = 9
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
[servers]
refresh_interval_s = 5
query_timeout_ms = 1500
query_retries = 2
offline_after_misses = 4
plugin_fresh_s = 20
history_hours = 12
[steam]
openid_endpoint = "https://openid.example/login"
realm = "https://realm.example"
return_url = "https://realm.example/back"
web_api_key = "steam-key"
[auth]
jwt_secret = "0123456789abcdef0123456789abcdef-test"
password_memory_kib = 8192
password_passes = 3
[mail]
transport = "smtp"
smtp_url = "smtps://mail.example:465"
username = "mailer"
password = "mail-secret"
from_address = "bot@example.org"
from_name = "Bot"
timeout_s = 12
ca_file = "/etc/ssl/ca.pem"
[leaderboard]
refresh_interval_s = 7
[inventory]
sign_in_url = "https://inventory.example/sign-in"
token_secret = "inventory-secret-0123456789abcdef-test"
token_ttl_s = 90
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
[pracc]
regions = ["eu-frankfurt", "ap-tokyo"]
grace_days = 13
max_servers_per_user = 17
max_servers_per_region = 4321
game_port = 27115
max_players = 12
demo_link_s = 900
launch_attempts = 4
launch_retry_s = 45
sync_interval_s = 19
lifecycle_interval_s = 23
[cloud]
secret_id = "AKIDexample0001"
secret_key = "cloud-secret-key-example"
token = "cloud-session-token"
cvm_endpoint = "https://cvm.intl.tencentcloudapi.com"
regions_file = "/etc/portal/cloud-regions.toml"
cos_bucket = "demos-1250000001"
cos_region = "ap-guangzhou"
cos_endpoint = "https://cos.example"
[cloud.sim]
boot_s = 41
reboot_s = 22
stop_s = 14
start_s = 33
terminate_s = 16
launch_failure_percent = 25
demo_interval_s = 1200
)");
  Config expected;
  expected.mode = Mode::demo;
  expected.data_dir = "/srv/portal";
  expected.server = {"0.0.0.0", 9001, 3, 31, 32, 61, 4096, 131072, 11, 7, "https://cs2.example.com", "/srv/web"};
  expected.security = {true, 600, {"https://a.example", "https://b.example"}, true};
  expected.database = {DbEngine::postgresql, "other.db", "host=db dbname=portal", 5, 2500};
  expected.pools = {100, 2, 3, 6, 9};
  expected.log = {"warn", false};
  expected.features = {{false, false, false, false, false}, false, false, {false, false, false, false}};
  expected.servers = {5, 1500, 2, 4, 20, 12};
  expected.steam = {"https://openid.example/login", "https://realm.example", "https://realm.example/back", "steam-key"};
  expected.auth = {"0123456789abcdef0123456789abcdef-test", 8192, 3};
  expected.mail = {"smtp", "smtps://mail.example:465", "mailer", "mail-secret", "bot@example.org", "Bot",
                   12,     "/etc/ssl/ca.pem"};
  expected.leaderboard = {7};
  expected.inventory = {"https://inventory.example/sign-in", "inventory-secret-0123456789abcdef-test", 90};
  expected.links = {"https://join.example/",      "https://bilibili.example/", "https://douyin.example/",
                    "https://weibo.example/",     "https://qq.example/",       "ICP 123",
                    "https://filing.example/",    "https://store.example/",    "https://pay.example/",
                    "https://inventory.example/", "help@example.org"};
  expected.pracc = {{"eu-frankfurt", "ap-tokyo"}, 13, 17, 4321, 27115, 12, 900, 4, 45, 19, 23};
  expected.cloud = {"AKIDexample0001",
                    "cloud-secret-key-example",
                    "cloud-session-token",
                    "https://cvm.intl.tencentcloudapi.com",
                    "/etc/portal/cloud-regions.toml",
                    "demos-1250000001",
                    "ap-guangzhou",
                    "https://cos.example",
                    {41, 22, 14, 33, 16, 25, 1200}};
  expect_same_config(load_config(file.path(), {}), expected);
}

}  // namespace
}  // namespace portal::app
