// The paid services' settings: payments, the practice-server rental and Tencent Cloud.

#include "app/config/cloud_regions.hpp"
#include "app/config/config_checks.hpp"
#include "app/config/config_schema.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

namespace portal::app {
namespace detail {

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

namespace {

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

}  // namespace

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

}  // namespace detail

void require_cloud_settings(const Config& config) {
  using detail::in_quotes;
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
  detail::invalid(
      "Practice-server rental (\"features.pracc.enabled\") needs its Tencent Cloud settings in production, and " +
      keys + (keys.find(',') == std::string::npos ? " is" : " are") + " empty: set " + variables +
      " (the API keys belong in the environment, the rest may go in [cloud]), or turn the rental off with "
      "PORTAL_FEATURES__PRACC__ENABLED=false.");
}

}  // namespace portal::app
