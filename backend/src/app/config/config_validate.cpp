// Checks a loaded Config for values out of range or inconsistent with each other.

#include "app/config/cloud_regions.hpp"
#include "app/config/config.hpp"
#include "app/config/config_schema.hpp"
#include "core/crypto.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

namespace portal::app {
namespace {

using detail::in_quotes;

[[noreturn]] void invalid(const std::string& message) { throw ConfigError(message); }

void check_range(std::string_view key, int value, long long low, long long high) {
  if (value < low || value > high) {
    invalid("Setting \"" + std::string(key) + "\" must be between " + std::to_string(low) + " and " +
            std::to_string(high) + " (it is " + std::to_string(value) + ").");
  }
}

void check_positive(std::string_view key, int value) {
  if (value <= 0) {
    invalid("Setting \"" + std::string(key) + "\" must be greater than 0 (it is " + std::to_string(value) + ").");
  }
}

void check_not_negative(std::string_view key, int value) {
  if (value < 0) {
    invalid("Setting \"" + std::string(key) + "\" must not be negative (it is " + std::to_string(value) + ").");
  }
}

bool is_host_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.'; }

// Empty when `text` is an http(s) origin: lowercase scheme://host[:port], nothing after. Otherwise the reason.
std::string origin_problem(std::string_view text) {
  std::string_view rest;
  if (text.starts_with("http://"))
    rest = text.substr(7);
  else if (text.starts_with("https://"))
    rest = text.substr(8);
  else
    return "must start with http:// or https://";
  if (rest.empty()) return "has no host";
  std::string_view host = rest;
  std::string_view port;
  if (rest.front() == '[') {  // IPv6 literal
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return "has an unterminated IPv6 address";
    host = rest.substr(0, close + 1);
    for (char c : host.substr(1, host.size() - 2)) {
      if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return "has an invalid IPv6 address";
    }
    rest.remove_prefix(close + 1);
    if (!rest.empty() && rest.front() != ':') {
      return rest.front() == '/' ? "must not have a path or a trailing slash" : "has characters after the host";
    }
    if (!rest.empty()) port = rest.substr(1);
  } else {
    const std::size_t end = rest.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.");
    host = rest.substr(0, end);
    if (end != std::string_view::npos) {
      const char c = rest[end];
      if (c == '/') return "must not have a path or a trailing slash";
      if (c == '*') return "must not contain a wildcard";
      if (c == '@') return "must not contain user information";
      if (c == '?' || c == '#') return "must not have a query or fragment";
      if (c != ':') return "has an invalid character in the host";
      port = rest.substr(end + 1);
      if (port.empty()) return "has an empty port";
    }
    if (host.empty()) return "has no host";
    if (!std::all_of(host.begin(), host.end(), is_host_char)) return "has an invalid character in the host";
    if (std::any_of(host.begin(), host.end(), [](unsigned char c) { return std::isupper(c) != 0; })) {
      return "must be lowercase (browsers send the origin lowercased)";
    }
  }
  if (rest.find('/') != std::string_view::npos) return "must not have a path or a trailing slash";
  if (!port.empty() || (rest.size() > 0 && rest.back() == ':')) {
    int number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535) {
      return "has an invalid port";
    }
  }
  return {};
}

// Empty when `text` is an absolute http(s) URL with a host and no whitespace. Otherwise the reason.
std::string http_url_problem(std::string_view text) {
  std::string_view rest;
  if (text.starts_with("http://"))
    rest = text.substr(7);
  else if (text.starts_with("https://"))
    rest = text.substr(8);
  else
    return "must be an http:// or https:// URL";
  if (rest.empty() || rest.front() == '/' || rest.front() == '?' || rest.front() == '#') return "has no host";
  for (char c : text) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return "must not contain spaces or control characters";
  }
  return {};
}

// A listed method needs its settings in production; demo mode points every adapter at sim/payments.
void validate_payments(const Config& config) {
  const PaymentsConfig& payments = config.payments;
  check_range("payments.window_s", payments.window_s, 60, 3600);
  check_range("payments.max_open_orders", payments.max_open_orders, 1, 100);
  check_range("payments.reconcile_after_s", payments.reconcile_after_s, 30, 86400);
  check_range("payments.sandbox.first_delay_ms", payments.sandbox.first_delay_ms, 0, 60000);
  check_range("payments.sandbox.late_percent", payments.sandbox.late_percent, 0, 100);
  check_range("payments.sandbox.duplicate_percent", payments.sandbox.duplicate_percent, 0, 100);
  const auto require = [&](const std::string& method,
                           std::initializer_list<std::pair<const char*, const std::string*>> fields) {
    if (config.mode == Mode::demo) return;
    for (const auto& [key, value] : fields) {
      if (value->empty()) {
        invalid("Setting \"payments." + method + "." + key + "\" is required when payments.methods lists " + method +
                " in production.");
      }
    }
  };
  for (const auto& method : payments.methods) {
    if (method == "alipay") {
      require(method, {{"app_id", &payments.alipay.app_id},
                       {"gateway", &payments.alipay.gateway},
                       {"private_key_file", &payments.alipay.private_key_file},
                       {"public_key_file", &payments.alipay.public_key_file}});
    } else if (method == "wechat") {
      require(method, {{"mchid", &payments.wechat.mchid},
                       {"appid", &payments.wechat.appid},
                       {"serial_no", &payments.wechat.serial_no},
                       {"api_v3_key", &payments.wechat.api_v3_key},
                       {"private_key_file", &payments.wechat.private_key_file},
                       {"platform_public_key_file", &payments.wechat.platform_public_key_file},
                       {"base_url", &payments.wechat.base_url}});
    } else if (method == "paypal") {
      require(method, {{"client_id", &payments.paypal.client_id},
                       {"client_secret", &payments.paypal.client_secret},
                       {"webhook_id", &payments.paypal.webhook_id},
                       {"merchant_id", &payments.paypal.merchant_id},
                       {"base_url", &payments.paypal.base_url}});
    } else {
      invalid("Setting \"payments.methods\" may list only alipay, wechat and paypal (it lists " + in_quotes(method) +
              ").");
    }
  }
}

// Practice-server rental: the offered regions and the rental's limits and job intervals.
void validate_pracc(const Config& config) {
  const PraccConfig& pracc = config.pracc;
  if (pracc.regions.empty() && config.features.pracc_enabled) {
    invalid(
        "Setting \"pracc.regions\" must list at least one region when \"features.pracc.enabled\" is true (or turn "
        "the rental off with PORTAL_FEATURES__PRACC__ENABLED=false).");
  }
  std::set<std::string_view> seen;
  for (const std::string& region : pracc.regions) {
    if (!is_known_cloud_region(region)) {
      std::string known;
      for (const std::string_view code : known_cloud_regions())
        known += (known.empty() ? "" : ", ") + std::string(code);
      invalid("Setting \"pracc.regions\" lists " + in_quotes(region) +
              ", which is not a Tencent Cloud region code of the form xx-name (known: " + known + ").");
    }
    if (!seen.insert(region).second) invalid("Setting \"pracc.regions\" lists " + in_quotes(region) + " twice.");
  }
  check_range("pracc.grace_days", pracc.grace_days, 0, 90);
  check_range("pracc.max_servers_per_user", pracc.max_servers_per_user, 1, 100);
  check_range("pracc.max_servers_per_region", pracc.max_servers_per_region, 1, 100000);
  check_range("pracc.game_port", pracc.game_port, 1, 65535);
  check_range("pracc.max_players", pracc.max_players, 2, 64);
  check_range("pracc.demo_link_s", pracc.demo_link_s, 60, 86400);
  check_range("pracc.launch_attempts", pracc.launch_attempts, 1, 10);
  check_range("pracc.launch_retry_s", pracc.launch_retry_s, 1, 3600);
  check_range("pracc.sync_interval_s", pracc.sync_interval_s, 1, 3600);
  check_range("pracc.lifecycle_interval_s", pracc.lifecycle_interval_s, 1, 3600);
}

// "<name>-<appid>": lowercase letters, digits and dashes, then a dash and the account's numeric APPID.
bool is_cos_bucket(std::string_view bucket) {
  const std::size_t dash = bucket.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == bucket.size()) return false;
  const std::string_view name = bucket.substr(0, dash);
  const std::string_view appid = bucket.substr(dash + 1);
  const auto name_char = [](unsigned char c) { return std::islower(c) != 0 || std::isdigit(c) != 0 || c == '-'; };
  return name.front() != '-' && std::all_of(name.begin(), name.end(), name_char) &&
         std::all_of(appid.begin(), appid.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// A region code's form, "xx-name" (COS has regions CVM has not, so the form only, not the list).
bool is_region_code(std::string_view code) {
  return code.size() > 3 && std::islower(static_cast<unsigned char>(code[0])) != 0 &&
         std::islower(static_cast<unsigned char>(code[1])) != 0 && code[2] == '-' &&
         std::all_of(code.begin() + 3, code.end(),
                     [](unsigned char c) { return std::islower(c) != 0 || std::isdigit(c) != 0 || c == '-'; });
}

// Tencent Cloud: the forms of its settings (whether they are required is require_cloud_settings'), and
// the pace of the demo stand-in.
void validate_cloud(const Config& config) {
  const CloudConfig& cloud = config.cloud;
  // Secrets are never quoted. A line break pasted from a file would spoil every signature.
  const std::pair<std::string_view, const std::string*> secrets[] = {
      {"cloud.secret_id", &cloud.secret_id}, {"cloud.secret_key", &cloud.secret_key}, {"cloud.token", &cloud.token}};
  for (const auto& [key, value] : secrets) {
    if (std::any_of(value->begin(), value->end(), [](unsigned char c) { return std::isspace(c) != 0 || c < 0x20; })) {
      invalid("Setting \"" + std::string(key) + "\" must not contain spaces or line breaks.");
    }
  }
  if (const std::string problem = http_url_problem(cloud.cvm_endpoint); !problem.empty()) {
    invalid("Setting \"cloud.cvm_endpoint\" " + problem + " (it is " + in_quotes(cloud.cvm_endpoint) + ").");
  }
  if (!cloud.cos_endpoint.empty()) {
    if (const std::string problem = http_url_problem(cloud.cos_endpoint); !problem.empty()) {
      invalid("Setting \"cloud.cos_endpoint\" " + problem + " (it is " + in_quotes(cloud.cos_endpoint) + ").");
    }
  }
  if (!cloud.cos_bucket.empty() && !is_cos_bucket(cloud.cos_bucket)) {
    invalid("Setting \"cloud.cos_bucket\" must be \"<name>-<appid>\" such as \"pracc-demos-1250000000\" (it is " +
            in_quotes(cloud.cos_bucket) + ").");
  }
  if (!cloud.cos_region.empty() && !is_region_code(cloud.cos_region)) {
    invalid("Setting \"cloud.cos_region\" must be a Tencent Cloud region code such as \"ap-shanghai\" (it is " +
            in_quotes(cloud.cos_region) + ").");
  }
  const CloudSimConfig& sim = cloud.sim;
  check_range("cloud.sim.boot_s", sim.boot_s, 0, 3600);
  check_range("cloud.sim.reboot_s", sim.reboot_s, 0, 3600);
  check_range("cloud.sim.stop_s", sim.stop_s, 0, 3600);
  check_range("cloud.sim.start_s", sim.start_s, 0, 3600);
  check_range("cloud.sim.terminate_s", sim.terminate_s, 0, 3600);
  check_range("cloud.sim.launch_failure_percent", sim.launch_failure_percent, 0, 100);
  check_range("cloud.sim.demo_interval_s", sim.demo_interval_s, 10, 86400);
}

}  // namespace

void require_cloud_settings(const Config& config) {
  if (config.mode == Mode::demo || !config.features.pracc_enabled || config.pracc.regions.empty()) return;
  const CloudConfig& cloud = config.cloud;
  const std::tuple<const char*, const char*, const std::string*> required[] = {
      {"cloud.secret_id", "PORTAL_CLOUD__SECRET_ID", &cloud.secret_id},
      {"cloud.secret_key", "PORTAL_CLOUD__SECRET_KEY", &cloud.secret_key},
      {"cloud.regions_file", "PORTAL_CLOUD__REGIONS_FILE", &cloud.regions_file},
      {"cloud.cos_bucket", "PORTAL_CLOUD__COS_BUCKET", &cloud.cos_bucket},
      {"cloud.cos_region", "PORTAL_CLOUD__COS_REGION", &cloud.cos_region},
  };
  std::string keys;
  std::string variables;
  for (const auto& [key, variable, value] : required) {
    if (!value->empty()) continue;
    keys += (keys.empty() ? "" : ", ") + in_quotes(key);
    variables += (variables.empty() ? "" : ", ") + std::string(variable);
  }
  if (keys.empty()) return;
  invalid("Practice-server rental (\"features.pracc.enabled\") needs its Tencent Cloud settings in production, and " +
          keys + (keys.find(',') == std::string::npos ? " is" : " are") + " empty: set " + variables +
          " (the API keys belong in the environment, the rest may go in [cloud]), or turn the rental off with "
          "PORTAL_FEATURES__PRACC__ENABLED=false.");
}

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

  validate_payments(config);
  validate_pracc(config);
  validate_cloud(config);

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
