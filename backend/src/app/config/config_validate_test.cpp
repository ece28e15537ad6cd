// validate(): each rule rejects one bad value with a message naming its key; good values pass.

#include "app/config/config.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>
#include <utility>

namespace portal::app {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

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
        Rule{"connections_per_address_negative", [](Config& c) { c.server.max_connections_per_address = -1; },
             "server.max_connections_per_address"},
        Rule{"database_queue_negative", [](Config& c) { c.pools.database_queue = -1; }, "pools.database_queue"},
        Rule{"hashing_threads_zero", [](Config& c) { c.pools.hashing_threads = 0; }, "pools.hashing_threads"},
        Rule{"hashing_threads_too_many", [](Config& c) { c.pools.hashing_threads = 65; }, "pools.hashing_threads"},
        Rule{"hashing_queue_negative", [](Config& c) { c.pools.hashing_queue = -1; }, "pools.hashing_queue"},
        Rule{"outbound_threads_zero", [](Config& c) { c.pools.outbound_threads = 0; }, "pools.outbound_threads"},
        Rule{"outbound_queue_too_big", [](Config& c) { c.pools.outbound_queue = 100001; }, "pools.outbound_queue"},
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
        Rule{"join_prefix_empty", [](Config& c) { c.links.join_address_prefix.clear(); }, "links.join_address_prefix"},
        Rule{"join_prefix_no_slash", [](Config& c) { c.links.join_address_prefix = "steam://connect"; },
             "links.join_address_prefix"},
        Rule{"support_email_no_at", [](Config& c) { c.links.support_email = "support"; }, "links.support_email"},
        Rule{"inventory_sign_in_not_http", [](Config& c) { c.inventory.sign_in_url = "inventory.example/sign-in"; },
             "inventory.sign_in_url"},
        Rule{"inventory_sign_in_query", [](Config& c) { c.inventory.sign_in_url = "https://inv.example/in?x=1"; },
             "inventory.sign_in_url"},
        Rule{"inventory_sign_in_fragment", [](Config& c) { c.inventory.sign_in_url = "https://inv.example/in#a"; },
             "inventory.sign_in_url"},
        Rule{"inventory_secret_short", [](Config& c) { c.inventory.token_secret = "short-secret"; },
             "inventory.token_secret"},
        Rule{
            "inventory_secret_is_login_secret",
            [](Config& c) { c.inventory.token_secret = c.auth.jwt_secret = "0123456789abcdef0123456789abcdef-shared"; },
            "inventory.token_secret"},
        Rule{"jwt_secret_short", [](Config& c) { c.auth.jwt_secret = "0123456789abcdef"; }, "auth.jwt_secret"},
        Rule{"jwt_secret_spaces", [](Config& c) { c.auth.jwt_secret = std::string(32, ' '); }, "auth.jwt_secret"},
        Rule{"jwt_secret_one_letter", [](Config& c) { c.auth.jwt_secret = std::string(64, 'a'); }, "auth.jwt_secret"},
        Rule{"jwt_secret_two_letters", [](Config& c) { c.auth.jwt_secret = "abababababababababababababababab"; },
             "auth.jwt_secret"},
        Rule{"inventory_secret_repeated", [](Config& c) { c.inventory.token_secret = std::string(40, 'k'); },
             "inventory.token_secret"},
        Rule{"inventory_ttl_short", [](Config& c) { c.inventory.token_ttl_s = 9; }, "inventory.token_ttl_s"},
        Rule{"inventory_ttl_long", [](Config& c) { c.inventory.token_ttl_s = 601; }, "inventory.token_ttl_s"},
        Rule{"pracc_regions_empty", [](Config& c) { c.pracc.regions.clear(); }, "pracc.regions"},
        Rule{"pracc_region_unknown", [](Config& c) { c.pracc.regions = {"ap-shanghai", "ap-mars"}; }, "pracc.regions"},
        Rule{"pracc_region_uppercase", [](Config& c) { c.pracc.regions = {"AP-SHANGHAI"}; }, "pracc.regions"},
        Rule{"pracc_region_zone", [](Config& c) { c.pracc.regions = {"ap-shanghai-2"}; }, "pracc.regions"},
        Rule{"pracc_region_twice", [](Config& c) { c.pracc.regions = {"ap-tokyo", "ap-seoul", "ap-tokyo"}; },
             "pracc.regions"},
        Rule{"pracc_region_unknown_while_off",
             [](Config& c) {
               c.features.pracc_enabled = false;
               c.pracc.regions = {"mars-1"};
             },
             "pracc.regions"},
        Rule{"grace_days_negative", [](Config& c) { c.pracc.grace_days = -1; }, "pracc.grace_days"},
        Rule{"grace_days_long", [](Config& c) { c.pracc.grace_days = 91; }, "pracc.grace_days"},
        Rule{"servers_per_user_zero", [](Config& c) { c.pracc.max_servers_per_user = 0; },
             "pracc.max_servers_per_user"},
        Rule{"servers_per_user_many", [](Config& c) { c.pracc.max_servers_per_user = 101; },
             "pracc.max_servers_per_user"},
        Rule{"servers_per_region_zero", [](Config& c) { c.pracc.max_servers_per_region = 0; },
             "pracc.max_servers_per_region"},
        Rule{"servers_per_region_many", [](Config& c) { c.pracc.max_servers_per_region = 100001; },
             "pracc.max_servers_per_region"},
        Rule{"game_port_zero", [](Config& c) { c.pracc.game_port = 0; }, "pracc.game_port"},
        Rule{"game_port_big", [](Config& c) { c.pracc.game_port = 65536; }, "pracc.game_port"},
        Rule{"max_players_one", [](Config& c) { c.pracc.max_players = 1; }, "pracc.max_players"},
        Rule{"max_players_many", [](Config& c) { c.pracc.max_players = 65; }, "pracc.max_players"},
        Rule{"demo_link_short", [](Config& c) { c.pracc.demo_link_s = 59; }, "pracc.demo_link_s"},
        Rule{"demo_link_long", [](Config& c) { c.pracc.demo_link_s = 86401; }, "pracc.demo_link_s"},
        Rule{"launch_attempts_zero", [](Config& c) { c.pracc.launch_attempts = 0; }, "pracc.launch_attempts"},
        Rule{"launch_attempts_many", [](Config& c) { c.pracc.launch_attempts = 11; }, "pracc.launch_attempts"},
        Rule{"launch_retry_zero", [](Config& c) { c.pracc.launch_retry_s = 0; }, "pracc.launch_retry_s"},
        Rule{"launch_retry_long", [](Config& c) { c.pracc.launch_retry_s = 3601; }, "pracc.launch_retry_s"},
        Rule{"sync_interval_zero", [](Config& c) { c.pracc.sync_interval_s = 0; }, "pracc.sync_interval_s"},
        Rule{"sync_interval_long", [](Config& c) { c.pracc.sync_interval_s = 3601; }, "pracc.sync_interval_s"},
        Rule{"lifecycle_interval_zero", [](Config& c) { c.pracc.lifecycle_interval_s = 0; },
             "pracc.lifecycle_interval_s"},
        Rule{"lifecycle_interval_long", [](Config& c) { c.pracc.lifecycle_interval_s = 3601; },
             "pracc.lifecycle_interval_s"},
        Rule{"sim_boot_negative", [](Config& c) { c.cloud.sim.boot_s = -1; }, "cloud.sim.boot_s"},
        Rule{"sim_boot_long", [](Config& c) { c.cloud.sim.boot_s = 3601; }, "cloud.sim.boot_s"},
        Rule{"sim_reboot_negative", [](Config& c) { c.cloud.sim.reboot_s = -1; }, "cloud.sim.reboot_s"},
        Rule{"sim_reboot_long", [](Config& c) { c.cloud.sim.reboot_s = 3601; }, "cloud.sim.reboot_s"},
        Rule{"sim_stop_negative", [](Config& c) { c.cloud.sim.stop_s = -1; }, "cloud.sim.stop_s"},
        Rule{"sim_stop_long", [](Config& c) { c.cloud.sim.stop_s = 3601; }, "cloud.sim.stop_s"},
        Rule{"sim_start_negative", [](Config& c) { c.cloud.sim.start_s = -1; }, "cloud.sim.start_s"},
        Rule{"sim_start_long", [](Config& c) { c.cloud.sim.start_s = 3601; }, "cloud.sim.start_s"},
        Rule{"sim_terminate_negative", [](Config& c) { c.cloud.sim.terminate_s = -1; }, "cloud.sim.terminate_s"},
        Rule{"sim_terminate_long", [](Config& c) { c.cloud.sim.terminate_s = 3601; }, "cloud.sim.terminate_s"},
        Rule{"sim_failure_negative", [](Config& c) { c.cloud.sim.launch_failure_percent = -1; },
             "cloud.sim.launch_failure_percent"},
        Rule{"sim_failure_over_100", [](Config& c) { c.cloud.sim.launch_failure_percent = 101; },
             "cloud.sim.launch_failure_percent"},
        Rule{"sim_demo_interval_short", [](Config& c) { c.cloud.sim.demo_interval_s = 9; }, "cloud.sim.demo_interval_s"},
        Rule{"sim_demo_interval_long", [](Config& c) { c.cloud.sim.demo_interval_s = 86401; },
             "cloud.sim.demo_interval_s"},
        Rule{"cvm_endpoint_empty", [](Config& c) { c.cloud.cvm_endpoint.clear(); }, "cloud.cvm_endpoint"},
        Rule{"cvm_endpoint_not_http", [](Config& c) { c.cloud.cvm_endpoint = "cvm.tencentcloudapi.com"; },
             "cloud.cvm_endpoint"},
        Rule{"cos_endpoint_not_http", [](Config& c) { c.cloud.cos_endpoint = "cos.ap-shanghai.myqcloud.com"; },
             "cloud.cos_endpoint"},
        Rule{"cos_bucket_no_appid", [](Config& c) { c.cloud.cos_bucket = "pracc-demos"; }, "cloud.cos_bucket"},
        Rule{"cos_bucket_uppercase", [](Config& c) { c.cloud.cos_bucket = "Demos-1250000000"; }, "cloud.cos_bucket"},
        Rule{"cos_region_no_dash", [](Config& c) { c.cloud.cos_region = "shanghai"; }, "cloud.cos_region"},
        Rule{"cloud_secret_id_space", [](Config& c) { c.cloud.secret_id = "AKID example"; }, "cloud.secret_id"},
        Rule{"cloud_secret_key_newline", [](Config& c) { c.cloud.secret_key = "secret-key\n"; }, "cloud.secret_key"},
        Rule{"cloud_token_tab", [](Config& c) { c.cloud.token = "token\tpart"; }, "cloud.token"}),
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
  config.server.max_connections_per_address = 0;  // no cap
  config.pools = {0, 64, 0, 256, 100000};
  config.log.level = "off";
  config.links.join_address_prefix = "https://join.example/?addr=/";
  config.links.vip_store_url = "https://store.example/vip?x=1";
  config.steam.realm = "https://cs2.example.com";
  config.inventory.sign_in_url = "https://inventory.example/auth/portal";
  config.inventory.token_secret = "a-random-looking-inventory-secret-0123456789";
  config.inventory.token_ttl_s = 10;
  EXPECT_NO_THROW(validate(config));
  config.inventory.token_ttl_s = 600;
  EXPECT_NO_THROW(validate(config));
  config.server.public_url = "http://127.0.0.1:8080";
  EXPECT_NO_THROW(validate(config));
}

TEST(ConfigLoader, ValidateAcceptsPraccAndCloudBounds) {
  Config config;
  config.pracc.regions = {"sa-saopaulo", "ap-bangkok"};
  config.pracc.grace_days = 0;
  config.pracc.max_servers_per_user = 1;
  config.pracc.max_servers_per_region = 1;
  config.pracc.game_port = 1;
  config.pracc.max_players = 2;
  config.pracc.demo_link_s = 60;
  config.pracc.launch_attempts = 1;
  config.pracc.launch_retry_s = 1;
  config.pracc.sync_interval_s = 1;
  config.pracc.lifecycle_interval_s = 1;
  config.cloud.sim = {0, 0, 0, 0, 0, 0, 10};
  config.cloud.cvm_endpoint = "http://127.0.0.1:8080/dev/cloud/cvm";  // a stand-in
  config.cloud.cos_endpoint = "http://127.0.0.1:8080/dev/cloud/cos/demos-1250000000";
  config.cloud.cos_bucket = "pracc-demos-1250000000";
  config.cloud.cos_region = "ap-shanghai";
  EXPECT_NO_THROW(validate(config));
  config.pracc = {{"ap-shanghai"}, 90, 100, 100000, 65535, 64, 86400, 10, 3600, 3600, 3600};
  config.cloud.sim = {3600, 3600, 3600, 3600, 3600, 100, 86400};
  EXPECT_NO_THROW(validate(config));
  // With the rental off, no region needs to be offered.
  config.features.pracc_enabled = false;
  config.pracc.regions.clear();
  EXPECT_NO_THROW(validate(config));
}

TEST(ConfigLoader, RegionRulesNameTheRegion) {
  Config config;
  config.pracc.regions = {"ap-shanghai", "ap-mars"};
  try {
    validate(config);
    FAIL() << "validate accepted ap-mars";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr("\"ap-mars\""));
    EXPECT_THAT(error.what(), HasSubstr("ap-shanghai"));  // the known codes are listed
  }
  config.pracc.regions = {"ap-tokyo", "ap-tokyo"};
  try {
    validate(config);
    FAIL() << "validate accepted a region twice";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr("\"ap-tokyo\""), HasSubstr("twice")));
  }
}

TEST(ConfigLoader, CloudSecretsAreNeverQuoted) {
  Config config;
  config.cloud.secret_key = "very-secret-cloud-key with a space";
  try {
    validate(config);
    FAIL() << "validate accepted a key with a space";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr("cloud.secret_key"));
    EXPECT_THAT(error.what(), Not(HasSubstr("very-secret-cloud-key")));
  }
}

// ---- the cloud settings production's rental needs (checked when serving, not by validate) ----

Config production_with_cloud() {
  Config config;
  config.cloud.secret_id = "AKIDexample0123456789";
  config.cloud.secret_key = "example-secret-key-0123456789";
  config.cloud.regions_file = "/etc/portal/cloud-regions.toml";
  config.cloud.cos_bucket = "pracc-demos-1250000000";
  config.cloud.cos_region = "ap-shanghai";
  return config;
}

std::string cloud_refusal(const Config& config) {
  try {
    require_cloud_settings(config);
  } catch (const ConfigError& error) {
    return error.what();
  }
  ADD_FAILURE() << "require_cloud_settings accepted the config";
  return {};
}

TEST(ConfigCloud, ProductionRentalNeedsEveryCloudSetting) {
  const Config defaults;  // production, rental on, every region offered, no cloud settings
  EXPECT_NO_THROW(validate(defaults)) << "CLI commands run without cloud settings";
  const std::string message = cloud_refusal(defaults);
  for (const char* key :
       {"cloud.secret_id", "cloud.secret_key", "cloud.regions_file", "cloud.cos_bucket", "cloud.cos_region"}) {
    EXPECT_THAT(message, HasSubstr(std::string("\"") + key + "\"")) << message;
  }
  EXPECT_THAT(message, AllOf(HasSubstr("PORTAL_CLOUD__SECRET_ID"), HasSubstr("PORTAL_CLOUD__SECRET_KEY"),
                             HasSubstr("PORTAL_FEATURES__PRACC__ENABLED=false")));
  EXPECT_EQ(message.back(), '.');

  EXPECT_NO_THROW(require_cloud_settings(production_with_cloud()));
  EXPECT_NO_THROW(validate(production_with_cloud()));
  // token and the endpoints have defaults or are optional.
  Config no_token = production_with_cloud();
  no_token.cloud.cos_endpoint.clear();
  EXPECT_NO_THROW(require_cloud_settings(no_token));
}

TEST(ConfigCloud, EachMissingSettingIsNamedWithItsVariable) {
  const std::pair<std::string, std::string> keys[] = {{"secret_id", "PORTAL_CLOUD__SECRET_ID"},
                                                      {"secret_key", "PORTAL_CLOUD__SECRET_KEY"},
                                                      {"regions_file", "PORTAL_CLOUD__REGIONS_FILE"},
                                                      {"cos_bucket", "PORTAL_CLOUD__COS_BUCKET"},
                                                      {"cos_region", "PORTAL_CLOUD__COS_REGION"}};
  for (const auto& [key, variable] : keys) {
    Config config = production_with_cloud();
    if (key == "secret_id") config.cloud.secret_id.clear();
    if (key == "secret_key") config.cloud.secret_key.clear();
    if (key == "regions_file") config.cloud.regions_file.clear();
    if (key == "cos_bucket") config.cloud.cos_bucket.clear();
    if (key == "cos_region") config.cloud.cos_region.clear();
    const std::string message = cloud_refusal(config);
    EXPECT_THAT(message, AllOf(HasSubstr("\"cloud." + key + "\" is empty"), HasSubstr(variable))) << message;
    for (const auto& [other, other_variable] : keys) {
      if (other != key) {
        EXPECT_THAT(message, Not(HasSubstr(other_variable))) << message;
      }
    }
  }
}

TEST(ConfigCloud, SecretsAreNotQuotedInTheRefusal) {
  Config config = production_with_cloud();
  config.cloud.cos_region.clear();
  const std::string message = cloud_refusal(config);
  EXPECT_THAT(message, Not(HasSubstr(config.cloud.secret_key)));
  EXPECT_THAT(message, Not(HasSubstr(config.cloud.secret_id)));
}

TEST(ConfigCloud, DemoModeAndARentalThatIsOffNeedNoCloudSettings) {
  Config demo;
  demo.mode = Mode::demo;
  EXPECT_NO_THROW(validate(demo));
  EXPECT_NO_THROW(require_cloud_settings(demo));

  Config off;
  off.features.pracc_enabled = false;
  EXPECT_NO_THROW(validate(off));
  EXPECT_NO_THROW(require_cloud_settings(off));

  // No region offered, nothing to launch (validate refuses that while the rental is on).
  Config no_regions;
  no_regions.pracc.regions.clear();
  EXPECT_NO_THROW(require_cloud_settings(no_regions));
}

}  // namespace
}  // namespace portal::app
