// The table of settings (dotted key -> field of Config) and the parsing of enum values.

#include "app/config/config_schema.hpp"

namespace portal::app::detail {

#define PORTAL_CONFIG_FIELD(dotted, member)                 \
  Field {                                                   \
    dotted, [](Config& c) -> FieldRef { return &c.member; } \
  }

// Every setting of Config, in the order of portal.toml. Keep in step with config.hpp.
const std::vector<Field>& schema() {
  static const std::vector<Field> fields = {
      PORTAL_CONFIG_FIELD("mode", mode),
      PORTAL_CONFIG_FIELD("data_dir", data_dir),

      PORTAL_CONFIG_FIELD("server.host", server.host),
      PORTAL_CONFIG_FIELD("server.port", server.port),
      PORTAL_CONFIG_FIELD("server.io_threads", server.io_threads),
      PORTAL_CONFIG_FIELD("server.read_timeout_s", server.read_timeout_s),
      PORTAL_CONFIG_FIELD("server.write_timeout_s", server.write_timeout_s),
      PORTAL_CONFIG_FIELD("server.idle_timeout_s", server.idle_timeout_s),
      PORTAL_CONFIG_FIELD("server.header_limit_bytes", server.header_limit_bytes),
      PORTAL_CONFIG_FIELD("server.body_limit_bytes", server.body_limit_bytes),
      PORTAL_CONFIG_FIELD("server.shutdown_grace_s", server.shutdown_grace_s),
      PORTAL_CONFIG_FIELD("server.max_connections_per_address", server.max_connections_per_address),
      PORTAL_CONFIG_FIELD("server.public_url", server.public_url),
      PORTAL_CONFIG_FIELD("server.web_root", server.web_root),

      PORTAL_CONFIG_FIELD("security.hsts", security.hsts),
      PORTAL_CONFIG_FIELD("security.hsts_max_age_s", security.hsts_max_age_s),
      PORTAL_CONFIG_FIELD("security.cors_origins", security.cors_origins),
      PORTAL_CONFIG_FIELD("security.trust_forwarded_for", security.trust_forwarded_for),

      PORTAL_CONFIG_FIELD("database.engine", database.engine),
      PORTAL_CONFIG_FIELD("database.sqlite_file", database.sqlite_file),
      PORTAL_CONFIG_FIELD("database.postgres_url", database.postgres_url),
      PORTAL_CONFIG_FIELD("database.pool_size", database.pool_size),
      PORTAL_CONFIG_FIELD("database.busy_timeout_ms", database.busy_timeout_ms),

      PORTAL_CONFIG_FIELD("pools.database_queue", pools.database_queue),
      PORTAL_CONFIG_FIELD("pools.hashing_threads", pools.hashing_threads),
      PORTAL_CONFIG_FIELD("pools.hashing_queue", pools.hashing_queue),
      PORTAL_CONFIG_FIELD("pools.outbound_threads", pools.outbound_threads),
      PORTAL_CONFIG_FIELD("pools.outbound_queue", pools.outbound_queue),

      PORTAL_CONFIG_FIELD("log.level", log.level),
      PORTAL_CONFIG_FIELD("log.access_log", log.access_log),

      PORTAL_CONFIG_FIELD("features.servers.enabled", features.servers.enabled),
      PORTAL_CONFIG_FIELD("features.servers.details", features.servers.details),
      PORTAL_CONFIG_FIELD("features.servers.rules", features.servers.rules),
      PORTAL_CONFIG_FIELD("features.servers.quick_join", features.servers.quick_join),
      PORTAL_CONFIG_FIELD("features.servers.filters", features.servers.filters),
      PORTAL_CONFIG_FIELD("features.pracc.enabled", features.pracc_enabled),
      PORTAL_CONFIG_FIELD("features.inventory.enabled", features.inventory_enabled),
      PORTAL_CONFIG_FIELD("features.settings.enabled", features.settings.enabled),
      PORTAL_CONFIG_FIELD("features.settings.general", features.settings.general),
      PORTAL_CONFIG_FIELD("features.settings.profile", features.settings.profile),
      PORTAL_CONFIG_FIELD("features.settings.security", features.settings.security),

      PORTAL_CONFIG_FIELD("servers.refresh_interval_s", servers.refresh_interval_s),
      PORTAL_CONFIG_FIELD("servers.query_timeout_ms", servers.query_timeout_ms),
      PORTAL_CONFIG_FIELD("servers.query_retries", servers.query_retries),
      PORTAL_CONFIG_FIELD("servers.offline_after_misses", servers.offline_after_misses),
      PORTAL_CONFIG_FIELD("servers.plugin_fresh_s", servers.plugin_fresh_s),
      PORTAL_CONFIG_FIELD("servers.history_hours", servers.history_hours),

      PORTAL_CONFIG_FIELD("steam.openid_endpoint", steam.openid_endpoint),
      PORTAL_CONFIG_FIELD("steam.realm", steam.realm),
      PORTAL_CONFIG_FIELD("steam.return_url", steam.return_url),
      PORTAL_CONFIG_FIELD("steam.web_api_key", steam.web_api_key),

      PORTAL_CONFIG_FIELD("auth.jwt_secret", auth.jwt_secret),
      PORTAL_CONFIG_FIELD("auth.password_memory_kib", auth.password_memory_kib),
      PORTAL_CONFIG_FIELD("auth.password_passes", auth.password_passes),

      PORTAL_CONFIG_FIELD("leaderboard.refresh_interval_s", leaderboard.refresh_interval_s),
      PORTAL_CONFIG_FIELD("mail.transport", mail.transport),
      PORTAL_CONFIG_FIELD("mail.smtp_url", mail.smtp_url),
      PORTAL_CONFIG_FIELD("mail.username", mail.username),
      PORTAL_CONFIG_FIELD("mail.password", mail.password),
      PORTAL_CONFIG_FIELD("mail.from_address", mail.from_address),
      PORTAL_CONFIG_FIELD("mail.from_name", mail.from_name),
      PORTAL_CONFIG_FIELD("mail.timeout_s", mail.timeout_s),
      PORTAL_CONFIG_FIELD("mail.ca_file", mail.ca_file),

      PORTAL_CONFIG_FIELD("inventory.sign_in_url", inventory.sign_in_url),
      PORTAL_CONFIG_FIELD("inventory.token_secret", inventory.token_secret),
      PORTAL_CONFIG_FIELD("inventory.token_ttl_s", inventory.token_ttl_s),

      PORTAL_CONFIG_FIELD("links.join_address_prefix", links.join_address_prefix),
      PORTAL_CONFIG_FIELD("links.bilibili", links.bilibili),
      PORTAL_CONFIG_FIELD("links.douyin", links.douyin),
      PORTAL_CONFIG_FIELD("links.weibo", links.weibo),
      PORTAL_CONFIG_FIELD("links.qq_group", links.qq_group),
      PORTAL_CONFIG_FIELD("links.filing_number", links.filing_number),
      PORTAL_CONFIG_FIELD("links.filing_url", links.filing_url),
      PORTAL_CONFIG_FIELD("links.vip_store_url", links.vip_store_url),
      PORTAL_CONFIG_FIELD("links.vip_pay_url", links.vip_pay_url),
      PORTAL_CONFIG_FIELD("links.inventory_url", links.inventory_url),
      PORTAL_CONFIG_FIELD("links.support_email", links.support_email),

      PORTAL_CONFIG_FIELD("payments.methods", payments.methods),
      PORTAL_CONFIG_FIELD("payments.public_base_url", payments.public_base_url),
      PORTAL_CONFIG_FIELD("payments.window_s", payments.window_s),
      PORTAL_CONFIG_FIELD("payments.max_open_orders", payments.max_open_orders),
      PORTAL_CONFIG_FIELD("payments.reconcile_after_s", payments.reconcile_after_s),
      PORTAL_CONFIG_FIELD("payments.alipay.app_id", payments.alipay.app_id),
      PORTAL_CONFIG_FIELD("payments.alipay.gateway", payments.alipay.gateway),
      PORTAL_CONFIG_FIELD("payments.alipay.private_key_file", payments.alipay.private_key_file),
      PORTAL_CONFIG_FIELD("payments.alipay.public_key_file", payments.alipay.public_key_file),
      PORTAL_CONFIG_FIELD("payments.wechat.mchid", payments.wechat.mchid),
      PORTAL_CONFIG_FIELD("payments.wechat.appid", payments.wechat.appid),
      PORTAL_CONFIG_FIELD("payments.wechat.serial_no", payments.wechat.serial_no),
      PORTAL_CONFIG_FIELD("payments.wechat.api_v3_key", payments.wechat.api_v3_key),
      PORTAL_CONFIG_FIELD("payments.wechat.private_key_file", payments.wechat.private_key_file),
      PORTAL_CONFIG_FIELD("payments.wechat.platform_public_key_id", payments.wechat.platform_public_key_id),
      PORTAL_CONFIG_FIELD("payments.wechat.platform_public_key_file", payments.wechat.platform_public_key_file),
      PORTAL_CONFIG_FIELD("payments.wechat.base_url", payments.wechat.base_url),
      PORTAL_CONFIG_FIELD("payments.paypal.client_id", payments.paypal.client_id),
      PORTAL_CONFIG_FIELD("payments.paypal.client_secret", payments.paypal.client_secret),
      PORTAL_CONFIG_FIELD("payments.paypal.webhook_id", payments.paypal.webhook_id),
      PORTAL_CONFIG_FIELD("payments.paypal.merchant_id", payments.paypal.merchant_id),
      PORTAL_CONFIG_FIELD("payments.paypal.base_url", payments.paypal.base_url),
      PORTAL_CONFIG_FIELD("payments.sandbox.first_delay_ms", payments.sandbox.first_delay_ms),
      PORTAL_CONFIG_FIELD("payments.sandbox.late_percent", payments.sandbox.late_percent),
      PORTAL_CONFIG_FIELD("payments.sandbox.duplicate_percent", payments.sandbox.duplicate_percent),

      PORTAL_CONFIG_FIELD("pracc.regions", pracc.regions),
      PORTAL_CONFIG_FIELD("pracc.grace_days", pracc.grace_days),
      PORTAL_CONFIG_FIELD("pracc.max_servers_per_user", pracc.max_servers_per_user),
      PORTAL_CONFIG_FIELD("pracc.max_servers_per_region", pracc.max_servers_per_region),
      PORTAL_CONFIG_FIELD("pracc.game_port", pracc.game_port),
      PORTAL_CONFIG_FIELD("pracc.max_players", pracc.max_players),
      PORTAL_CONFIG_FIELD("pracc.demo_link_s", pracc.demo_link_s),
      PORTAL_CONFIG_FIELD("pracc.launch_attempts", pracc.launch_attempts),
      PORTAL_CONFIG_FIELD("pracc.launch_retry_s", pracc.launch_retry_s),
      PORTAL_CONFIG_FIELD("pracc.sync_interval_s", pracc.sync_interval_s),
      PORTAL_CONFIG_FIELD("pracc.lifecycle_interval_s", pracc.lifecycle_interval_s),

      PORTAL_CONFIG_FIELD("cloud.secret_id", cloud.secret_id),
      PORTAL_CONFIG_FIELD("cloud.secret_key", cloud.secret_key),
      PORTAL_CONFIG_FIELD("cloud.token", cloud.token),
      PORTAL_CONFIG_FIELD("cloud.cvm_endpoint", cloud.cvm_endpoint),
      PORTAL_CONFIG_FIELD("cloud.regions_file", cloud.regions_file),
      PORTAL_CONFIG_FIELD("cloud.cos_bucket", cloud.cos_bucket),
      PORTAL_CONFIG_FIELD("cloud.cos_region", cloud.cos_region),
      PORTAL_CONFIG_FIELD("cloud.cos_endpoint", cloud.cos_endpoint),
      PORTAL_CONFIG_FIELD("cloud.sim.boot_s", cloud.sim.boot_s),
      PORTAL_CONFIG_FIELD("cloud.sim.reboot_s", cloud.sim.reboot_s),
      PORTAL_CONFIG_FIELD("cloud.sim.stop_s", cloud.sim.stop_s),
      PORTAL_CONFIG_FIELD("cloud.sim.start_s", cloud.sim.start_s),
      PORTAL_CONFIG_FIELD("cloud.sim.terminate_s", cloud.sim.terminate_s),
      PORTAL_CONFIG_FIELD("cloud.sim.launch_failure_percent", cloud.sim.launch_failure_percent),
      PORTAL_CONFIG_FIELD("cloud.sim.demo_interval_s", cloud.sim.demo_interval_s),
  };
  return fields;
}

#undef PORTAL_CONFIG_FIELD

const Field* find_field(std::string_view key) {
  for (const Field& field : schema()) {
    if (field.key == key) return &field;
  }
  return nullptr;
}

bool is_table(std::string_view prefix) {
  for (const Field& field : schema()) {
    if (field.key.size() > prefix.size() && field.key.starts_with(prefix) && field.key[prefix.size()] == '.') {
      return true;
    }
  }
  return false;
}

std::optional<Mode> parse_mode(std::string_view text) {
  if (text == "production") return Mode::production;
  if (text == "demo") return Mode::demo;
  return std::nullopt;
}

std::optional<DbEngine> parse_engine(std::string_view text) {
  if (text == "sqlite") return DbEngine::sqlite;
  if (text == "postgresql") return DbEngine::postgresql;
  return std::nullopt;
}

std::string in_quotes(std::string_view text) {
  std::string out = "\"";
  out += text;
  out += '"';
  return out;
}

}  // namespace portal::app::detail
