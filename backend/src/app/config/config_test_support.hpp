#pragma once
// Helpers shared by the config unit tests: the shipped portal.toml, temporary TOML files and a
// field-by-field comparison of two Configs.

#include "app/config/config.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include <unistd.h>

namespace portal::test {

inline const std::filesystem::path kShippedFile = std::filesystem::path(PORTAL_SOURCE_DIR) / "config" / "portal.toml";

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

inline void expect_same_config(const app::Config& a, const app::Config& b) {
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
  EXPECT_EQ(a.server.max_connections_per_address, b.server.max_connections_per_address);
  EXPECT_EQ(a.server.public_url, b.server.public_url);
  EXPECT_EQ(a.server.web_root, b.server.web_root);

  EXPECT_EQ(a.security.hsts, b.security.hsts);
  EXPECT_EQ(a.security.hsts_max_age_s, b.security.hsts_max_age_s);
  EXPECT_EQ(a.security.cors_origins, b.security.cors_origins);
  EXPECT_EQ(a.security.trust_forwarded_for, b.security.trust_forwarded_for);

  EXPECT_EQ(a.database.engine, b.database.engine);
  EXPECT_EQ(a.database.sqlite_file, b.database.sqlite_file);
  EXPECT_EQ(a.database.postgres_url, b.database.postgres_url);
  EXPECT_EQ(a.database.pool_size, b.database.pool_size);
  EXPECT_EQ(a.database.busy_timeout_ms, b.database.busy_timeout_ms);

  EXPECT_EQ(a.pools.database_queue, b.pools.database_queue);
  EXPECT_EQ(a.pools.hashing_threads, b.pools.hashing_threads);
  EXPECT_EQ(a.pools.hashing_queue, b.pools.hashing_queue);
  EXPECT_EQ(a.pools.outbound_threads, b.pools.outbound_threads);
  EXPECT_EQ(a.pools.outbound_queue, b.pools.outbound_queue);

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

  EXPECT_EQ(a.servers.refresh_interval_s, b.servers.refresh_interval_s);
  EXPECT_EQ(a.leaderboard.refresh_interval_s, b.leaderboard.refresh_interval_s);
  EXPECT_EQ(a.servers.query_timeout_ms, b.servers.query_timeout_ms);
  EXPECT_EQ(a.servers.query_retries, b.servers.query_retries);
  EXPECT_EQ(a.servers.offline_after_misses, b.servers.offline_after_misses);
  EXPECT_EQ(a.servers.plugin_fresh_s, b.servers.plugin_fresh_s);
  EXPECT_EQ(a.servers.history_hours, b.servers.history_hours);

  EXPECT_EQ(a.steam.openid_endpoint, b.steam.openid_endpoint);
  EXPECT_EQ(a.steam.realm, b.steam.realm);
  EXPECT_EQ(a.steam.return_url, b.steam.return_url);
  EXPECT_EQ(a.steam.web_api_key, b.steam.web_api_key);
  EXPECT_EQ(a.auth.jwt_secret, b.auth.jwt_secret);
  EXPECT_EQ(a.auth.password_memory_kib, b.auth.password_memory_kib);
  EXPECT_EQ(a.auth.password_passes, b.auth.password_passes);
  EXPECT_EQ(a.mail.transport, b.mail.transport);
  EXPECT_EQ(a.mail.smtp_url, b.mail.smtp_url);
  EXPECT_EQ(a.mail.username, b.mail.username);
  EXPECT_EQ(a.mail.password, b.mail.password);
  EXPECT_EQ(a.mail.from_address, b.mail.from_address);
  EXPECT_EQ(a.mail.from_name, b.mail.from_name);
  EXPECT_EQ(a.mail.timeout_s, b.mail.timeout_s);
  EXPECT_EQ(a.mail.ca_file, b.mail.ca_file);

  EXPECT_EQ(a.inventory.sign_in_url, b.inventory.sign_in_url);
  EXPECT_EQ(a.inventory.token_secret, b.inventory.token_secret);
  EXPECT_EQ(a.inventory.token_ttl_s, b.inventory.token_ttl_s);

  EXPECT_EQ(a.payments.methods, b.payments.methods);
  EXPECT_EQ(a.payments.public_base_url, b.payments.public_base_url);
  EXPECT_EQ(a.payments.window_s, b.payments.window_s);
  EXPECT_EQ(a.payments.max_open_orders, b.payments.max_open_orders);
  EXPECT_EQ(a.payments.reconcile_after_s, b.payments.reconcile_after_s);
  EXPECT_EQ(a.payments.alipay.app_id, b.payments.alipay.app_id);
  EXPECT_EQ(a.payments.alipay.gateway, b.payments.alipay.gateway);
  EXPECT_EQ(a.payments.alipay.private_key_file, b.payments.alipay.private_key_file);
  EXPECT_EQ(a.payments.alipay.public_key_file, b.payments.alipay.public_key_file);
  EXPECT_EQ(a.payments.wechat.mchid, b.payments.wechat.mchid);
  EXPECT_EQ(a.payments.wechat.appid, b.payments.wechat.appid);
  EXPECT_EQ(a.payments.wechat.serial_no, b.payments.wechat.serial_no);
  EXPECT_EQ(a.payments.wechat.api_v3_key, b.payments.wechat.api_v3_key);
  EXPECT_EQ(a.payments.wechat.private_key_file, b.payments.wechat.private_key_file);
  EXPECT_EQ(a.payments.wechat.platform_public_key_id, b.payments.wechat.platform_public_key_id);
  EXPECT_EQ(a.payments.wechat.platform_public_key_file, b.payments.wechat.platform_public_key_file);
  EXPECT_EQ(a.payments.wechat.base_url, b.payments.wechat.base_url);
  EXPECT_EQ(a.payments.paypal.client_id, b.payments.paypal.client_id);
  EXPECT_EQ(a.payments.paypal.client_secret, b.payments.paypal.client_secret);
  EXPECT_EQ(a.payments.paypal.webhook_id, b.payments.paypal.webhook_id);
  EXPECT_EQ(a.payments.paypal.merchant_id, b.payments.paypal.merchant_id);
  EXPECT_EQ(a.payments.paypal.base_url, b.payments.paypal.base_url);
  EXPECT_EQ(a.payments.sandbox.first_delay_ms, b.payments.sandbox.first_delay_ms);
  EXPECT_EQ(a.payments.sandbox.late_percent, b.payments.sandbox.late_percent);
  EXPECT_EQ(a.payments.sandbox.duplicate_percent, b.payments.sandbox.duplicate_percent);
  EXPECT_EQ(a.pracc.regions, b.pracc.regions);
  EXPECT_EQ(a.pracc.grace_days, b.pracc.grace_days);
  EXPECT_EQ(a.pracc.max_servers_per_user, b.pracc.max_servers_per_user);
  EXPECT_EQ(a.pracc.max_servers_per_region, b.pracc.max_servers_per_region);
  EXPECT_EQ(a.pracc.game_port, b.pracc.game_port);
  EXPECT_EQ(a.pracc.max_players, b.pracc.max_players);
  EXPECT_EQ(a.pracc.demo_link_s, b.pracc.demo_link_s);
  EXPECT_EQ(a.pracc.launch_attempts, b.pracc.launch_attempts);
  EXPECT_EQ(a.pracc.launch_retry_s, b.pracc.launch_retry_s);
  EXPECT_EQ(a.pracc.sync_interval_s, b.pracc.sync_interval_s);
  EXPECT_EQ(a.pracc.lifecycle_interval_s, b.pracc.lifecycle_interval_s);
  EXPECT_EQ(a.cloud.secret_id, b.cloud.secret_id);
  EXPECT_EQ(a.cloud.secret_key, b.cloud.secret_key);
  EXPECT_EQ(a.cloud.token, b.cloud.token);
  EXPECT_EQ(a.cloud.cvm_endpoint, b.cloud.cvm_endpoint);
  EXPECT_EQ(a.cloud.regions_file, b.cloud.regions_file);
  EXPECT_EQ(a.cloud.cos_bucket, b.cloud.cos_bucket);
  EXPECT_EQ(a.cloud.cos_region, b.cloud.cos_region);
  EXPECT_EQ(a.cloud.cos_endpoint, b.cloud.cos_endpoint);
  EXPECT_EQ(a.cloud.sim.boot_s, b.cloud.sim.boot_s);
  EXPECT_EQ(a.cloud.sim.reboot_s, b.cloud.sim.reboot_s);
  EXPECT_EQ(a.cloud.sim.stop_s, b.cloud.sim.stop_s);
  EXPECT_EQ(a.cloud.sim.start_s, b.cloud.sim.start_s);
  EXPECT_EQ(a.cloud.sim.terminate_s, b.cloud.sim.terminate_s);
  EXPECT_EQ(a.cloud.sim.launch_failure_percent, b.cloud.sim.launch_failure_percent);
  EXPECT_EQ(a.cloud.sim.demo_interval_s, b.cloud.sim.demo_interval_s);
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

}  // namespace portal::test
