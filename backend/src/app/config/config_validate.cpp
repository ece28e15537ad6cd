// Checks a loaded Config for values out of range or inconsistent with each other; the paid services'
// sections (payments, rental, cloud) are in config_validate_paid.cpp.

#include "app/config/config_checks.hpp"
#include "app/config/config.hpp"
#include "app/config/config_schema.hpp"
#include "core/crypto.hpp"

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace portal::app {

using detail::check_not_negative;
using detail::check_positive;
using detail::check_range;
using detail::http_url_problem;
using detail::in_quotes;
using detail::invalid;
using detail::origin_problem;

void validate(const Config& config) {
  if (config.data_dir.empty()) invalid("Setting \"data_dir\" must not be empty.");

  const ServerConfig& server = config.server;
  if (server.host.empty()) invalid("Setting \"server.host\" must not be empty.");
  check_range("server.port", server.port, 0, 65535);
  check_range("server.io_threads", server.io_threads, 1, 64);
  check_positive("server.read_timeout_s", server.read_timeout_s);
  check_positive("server.write_timeout_s", server.write_timeout_s);
  check_positive("server.idle_timeout_s", server.idle_timeout_s);
  check_range("server.header_limit_bytes", server.header_limit_bytes, 1024, 65536);
  check_range("server.body_limit_bytes", server.body_limit_bytes, 1024, 64LL * 1024 * 1024);
  check_not_negative("server.shutdown_grace_s", server.shutdown_grace_s);
  check_range("server.max_connections_per_address", server.max_connections_per_address, 0, 100000);
  if (!server.public_url.empty()) {
    if (const std::string problem = origin_problem(server.public_url); !problem.empty()) {
      invalid("Setting \"server.public_url\" must be an http(s) origin such as https://cs2.example.com; " +
              in_quotes(server.public_url) + " " + problem + ".");
    }
  }

  const LiveServersConfig& live = config.servers;
  check_range("servers.refresh_interval_s", live.refresh_interval_s, 1, 3600);
  check_range("leaderboard.refresh_interval_s", config.leaderboard.refresh_interval_s, 1, 60);
  check_range("servers.query_timeout_ms", live.query_timeout_ms, 100, 30000);
  check_range("servers.query_retries", live.query_retries, 0, 5);
  check_range("servers.offline_after_misses", live.offline_after_misses, 1, 100);
  check_range("servers.plugin_fresh_s", live.plugin_fresh_s, 1, 3600);
  check_range("servers.history_hours", live.history_hours, 1, 24 * 31);

  check_not_negative("security.hsts_max_age_s", config.security.hsts_max_age_s);
  for (const std::string& origin : config.security.cors_origins) {
    if (origin == "null") {
      invalid("Setting \"security.cors_origins\" must not contain \"null\": any sandboxed page sends that origin.");
    }
    if (origin.find('*') != std::string::npos) {
      invalid("Setting \"security.cors_origins\" must list exact origins, not the wildcard " + in_quotes(origin) + ".");
    }
    if (const std::string problem = origin_problem(origin); !problem.empty()) {
      invalid("Setting \"security.cors_origins\" must list exact origins such as https://cs2.example.com; " +
              in_quotes(origin) + " " + problem + ".");
    }
  }

  const DatabaseConfig& database = config.database;
  if (database.engine == DbEngine::postgresql && database.postgres_url.empty()) {
    invalid("Setting \"database.postgres_url\" must be set when \"database.engine\" is \"postgresql\".");
  }
  if (database.engine == DbEngine::sqlite && database.sqlite_file.empty()) {
    invalid("Setting \"database.sqlite_file\" must not be empty when \"database.engine\" is \"sqlite\".");
  }
  check_range("database.pool_size", database.pool_size, 1, 64);
  check_positive("database.busy_timeout_ms", database.busy_timeout_ms);

  const PoolsConfig& pools = config.pools;
  check_range("pools.database_queue", pools.database_queue, 0, 100000);
  check_range("pools.hashing_threads", pools.hashing_threads, 1, 64);
  check_range("pools.hashing_queue", pools.hashing_queue, 0, 100000);
  check_range("pools.outbound_threads", pools.outbound_threads, 1, 256);
  check_range("pools.outbound_queue", pools.outbound_queue, 0, 100000);

  static const std::set<std::string, std::less<>> levels = {"trace", "debug", "info", "warn", "error", "off"};
  if (!levels.contains(config.log.level)) {
    invalid("Setting \"log.level\" must be one of trace, debug, info, warn, error, off (it is " +
            in_quotes(config.log.level) + ").");
  }

  const std::pair<std::string_view, const std::string*> urls[] = {
      {"steam.openid_endpoint", &config.steam.openid_endpoint},
      {"steam.realm", &config.steam.realm},
      {"steam.return_url", &config.steam.return_url},
      {"links.bilibili", &config.links.bilibili},
      {"links.douyin", &config.links.douyin},
      {"links.weibo", &config.links.weibo},
      {"links.qq_group", &config.links.qq_group},
      {"links.filing_url", &config.links.filing_url},
      {"links.vip_store_url", &config.links.vip_store_url},
      {"links.vip_pay_url", &config.links.vip_pay_url},
      {"links.inventory_url", &config.links.inventory_url},
  };
  for (const auto& [key, value] : urls) {
    if (value->empty()) continue;
    if (const std::string problem = http_url_problem(*value); !problem.empty()) {
      invalid("Setting \"" + std::string(key) + "\" " + problem + " (it is " + in_quotes(*value) + ").");
    }
  }

  check_range("auth.password_memory_kib", config.auth.password_memory_kib, 8192, 1048576);
  check_range("auth.password_passes", config.auth.password_passes, 1, 10);

  // The secret is never quoted in a message. Production without a secret or URL is refused when the
  // portal starts serving with the feature on (app/inventory.cpp), so CLI commands need neither.
  const InventoryConfig& inventory = config.inventory;
  if (!inventory.sign_in_url.empty()) {
    if (const std::string problem = http_url_problem(inventory.sign_in_url); !problem.empty()) {
      invalid("Setting \"inventory.sign_in_url\" " + problem + " (it is " + in_quotes(inventory.sign_in_url) + ").");
    }
    if (inventory.sign_in_url.find_first_of("?#") != std::string::npos) {
      invalid(
          "Setting \"inventory.sign_in_url\" must not have a query or fragment: the page appends ?token=<jwt> "
          "(it is " +
          in_quotes(inventory.sign_in_url) + ").");
    }
  }
  // Secrets are never quoted; a weak one is refused whatever the mode.
  if (!config.auth.jwt_secret.empty()) {
    if (const std::string weakness = core::secret_weakness(config.auth.jwt_secret); !weakness.empty()) {
      invalid("Setting \"auth.jwt_secret\" " + weakness +
              " (set PORTAL_AUTH__JWT_SECRET, e.g. to the output of `openssl rand -hex 32`).");
    }
  }
  if (!inventory.token_secret.empty()) {
    if (const std::string weakness = core::secret_weakness(inventory.token_secret); !weakness.empty()) {
      invalid("Setting \"inventory.token_secret\" " + weakness +
              " (set PORTAL_INVENTORY__TOKEN_SECRET, e.g. to the output of `openssl rand -hex 32`).");
    }
  }
  if (!inventory.token_secret.empty() && inventory.token_secret == config.auth.jwt_secret) {
    invalid(
        "Setting \"inventory.token_secret\" must differ from \"auth.jwt_secret\": the inventory site must not "
        "be able to sign login tokens.");
  }
  check_range("inventory.token_ttl_s", inventory.token_ttl_s, 10, 600);

  const MailConfig& mail = config.mail;
  if (mail.transport != "auto" && mail.transport != "smtp" && mail.transport != "outbox") {
    invalid("Setting \"mail.transport\" must be one of auto, smtp, outbox (it is " + in_quotes(mail.transport) + ").");
  }
  if (mail.transport == "outbox" && config.mode != Mode::demo) {
    invalid("Setting \"mail.transport\" may be \"outbox\" only in demo mode: production mail must really be sent.");
  }
  if (!mail.smtp_url.empty() && !mail.smtp_url.starts_with("smtp://") && !mail.smtp_url.starts_with("smtps://")) {
    invalid("Setting \"mail.smtp_url\" must start with smtp:// or smtps:// (it is " + in_quotes(mail.smtp_url) + ").");
  }
  check_range("mail.timeout_s", mail.timeout_s, 1, 300);
  if (mail.from_address.find('@') == std::string::npos ||
      mail.from_address.find_first_of("\r\n<> ") != std::string::npos) {
    invalid("Setting \"mail.from_address\" must be a plain e-mail address (it is " + in_quotes(mail.from_address) +
            ").");
  }
  if (mail.from_name.find_first_of("\r\n") != std::string::npos) {
    invalid("Setting \"mail.from_name\" must be one line.");
  }

  detail::validate_payments(config);
  detail::validate_pracc(config);
  detail::validate_cloud(config);

  const std::string& prefix = config.links.join_address_prefix;
  if (prefix.empty() || prefix.back() != '/') {
    invalid("Setting \"links.join_address_prefix\" must be non-empty and end with '/' (it is " + in_quotes(prefix) +
            ").");
  }
  const std::string& email = config.links.support_email;
  if (!email.empty() && (email.find('@') == std::string::npos || email.front() == '@' || email.back() == '@')) {
    invalid("Setting \"links.support_email\" must be an e-mail address (it is " + in_quotes(email) + ").");
  }
}

}  // namespace portal::app
