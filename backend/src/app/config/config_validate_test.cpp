// validate(): each rule rejects one bad value with a message naming its key; good values pass.

#include "app/config/config.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>

namespace portal::app {
namespace {

using ::testing::HasSubstr;

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
        Rule{"inventory_ttl_long", [](Config& c) { c.inventory.token_ttl_s = 601; }, "inventory.token_ttl_s"}),
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

}  // namespace
}  // namespace portal::app
