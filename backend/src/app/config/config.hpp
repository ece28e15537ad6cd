#pragma once
// Typed configuration of the portal. Every field here has a line in backend/config/portal.toml with
// the same default and a comment; a unit test keeps the two in step.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace portal::payments {
class Provider;
}

namespace portal::app {

enum class Mode { production, demo };
enum class DbEngine { sqlite, postgresql };

struct ServerConfig {
  std::string host = "127.0.0.1";
  int port = 8080;
  int io_threads = 2;
  int read_timeout_s = 30;   // per read of a request (header or body)
  int write_timeout_s = 30;  // per response write
  int idle_timeout_s = 60;   // keep-alive connection with no request in flight
  int header_limit_bytes = 8192;
  int body_limit_bytes = 65536;          // default for routes that do not declare more
  int shutdown_grace_s = 10;             // how long in-flight requests may take after SIGTERM
  int max_connections_per_address = 64;  // open connections one client address may hold; 0 = no cap
  std::string public_url;                // external origin, e.g. https://cs2.example.com; empty = http://host:port
  std::string web_root = "web/dist";
};

struct SecurityConfig {
  bool hsts = false;  // only when the portal is reached over HTTPS
  int hsts_max_age_s = 31536000;
  std::vector<std::string> cors_origins;  // exact origins allowed to call /api from another site
  bool trust_forwarded_for = false;       // behind a reverse proxy: the client address is X-Forwarded-For's last hop
};

struct DatabaseConfig {
  DbEngine engine = DbEngine::sqlite;
  std::string sqlite_file = "portal.db";  // relative to the data dir
  std::string postgres_url;               // libpq connection string or URI
  int pool_size = 4;                      // DB connections == DB worker threads
  int busy_timeout_ms = 5000;
};

// The pools blocking work runs on, each with its own threads and a bounded queue: a request whose
// pool has threads + queue requests already is answered 503 SERVER_BUSY at once. The database pool's
// threads are database.pool_size.
struct PoolsConfig {
  int database_queue = 256;  // requests waiting for a database worker
  int hashing_threads = 1;   // password hashing (Argon2id, CPU-bound): login, registration, reset
  int hashing_queue = 8;
  int outbound_threads = 4;  // calls to outside systems (Steam OpenID and Web API, later payments, cloud)
  int outbound_queue = 32;
};

struct LogConfig {
  std::string level = "info";  // trace, debug, info, warn, error, off
  bool access_log = true;
};

struct ServersFeatures {
  bool enabled = true;
  bool details = true;
  bool rules = true;
  bool quick_join = true;
  bool filters = true;
};

struct SettingsFeatures {
  bool enabled = true;
  bool general = true;
  bool profile = true;
  bool security = true;
};

struct FeaturesConfig {
  ServersFeatures servers;
  bool pracc_enabled = true;
  bool inventory_enabled = true;
  SettingsFeatures settings;
};

// How live data of the community's game servers is gathered (features/servers).
struct LiveServersConfig {
  int refresh_interval_s = 10;   // one refresh cycle over every enabled server
  int query_timeout_ms = 2000;   // per A2S packet and per RCON read
  int query_retries = 1;         // re-sends after a timeout
  int offline_after_misses = 3;  // consecutive unanswered cycles before a server shows offline
  int plugin_fresh_s = 30;       // a plugin push newer than this wins over A2S/RCON
  int history_hours = 24;        // player-count history kept per server
};

struct SteamConfig {
  std::string openid_endpoint = "https://steamcommunity.com/openid/login";
  std::string realm;        // empty = public URL
  std::string return_url;   // empty = public URL + /api/auth/steam/callback
  std::string web_api_key;  // GetPlayerSummaries for names and avatars; empty = the SteamID64 as name
};

// Sessions and passwords (features/auth).
struct AuthConfig {
  std::string jwt_secret;           // HS256 key, >= 32 characters; demo mode generates one when empty
  int password_memory_kib = 19456;  // Argon2id memory per hash (OWASP minimum 19 MiB)
  int password_passes = 2;          // Argon2id passes
};

// Outgoing mail (registration codes, reset links).
struct MailConfig {
  std::string transport = "auto";  // auto (demo: outbox, production: smtp), smtp, outbox (demo only)
  std::string smtp_url;            // smtp://host:587 (STARTTLS required) or smtps://host:465
  std::string username;
  std::string password;
  std::string from_address = "noreply@example.com";
  std::string from_name = "CS2 Community";
  int timeout_s = 30;
  std::string ca_file;  // empty = the system's CA store
};

// Each instance keeps the boards' order in memory, following the change log the stats batches write.
struct LeaderboardConfig {
  int refresh_interval_s = 1;  // how often the change log is read: ranks are at most about this old
};

// The inventory site the inventory page frames (features/inventory): where it signs players in and
// the secret the portal shares with it to sign their tokens.
struct InventoryConfig {
  std::string sign_in_url;   // the site's sign-in callback, framed as <url>?token=<jwt>; demo: a local page
  std::string token_secret;  // HS256 key shared with the site, >= 32 characters; demo generates one when empty
  int token_ttl_s = 60;      // lifetime of a sign-in token in seconds (10..600)
};

struct LinksConfig {
  std::string join_address_prefix = "steam://connect/";
  std::string bilibili = "https://space.bilibili.com/";
  std::string douyin = "https://www.douyin.com/";
  std::string weibo = "https://weibo.com/";
  std::string qq_group = "https://qm.qq.com/";
  std::string filing_number;  // ICP filing number shown in the menu; empty hides the link
  std::string filing_url = "https://beian.miit.gov.cn/";
  std::string vip_store_url;  // external store selling VIP cards
  std::string vip_pay_url;    // external VIP checkout embedded by the VIP page
  std::string inventory_url;  // external inventory site
  std::string support_email = "support@example.com";
};

// Payments (docs/payments.md). A method is offered only when it is listed in `methods`; production
// refuses to start when a listed method lacks its settings. Keys are paths to PEM files; secrets come
// from the environment (PORTAL_PAYMENTS__WECHAT__API_V3_KEY, PORTAL_PAYMENTS__PAYPAL__CLIENT_SECRET).
struct AlipaySettingsConfig {
  std::string app_id;
  std::string gateway = "https://openapi.alipay.com/gateway.do";
  std::string private_key_file;  // our RSA2 key (PEM)
  std::string public_key_file;   // Alipay's public key (PEM)
};
struct WechatSettingsConfig {
  std::string mchid;
  std::string appid;
  std::string serial_no;                 // serial of our API certificate
  std::string api_v3_key;                // 32 bytes; secret
  std::string private_key_file;          // our API key (PEM)
  std::string platform_public_key_id;    // WeChat Pay public key id (PUB_KEY_ID_...)
  std::string platform_public_key_file;  // WeChat Pay public key or platform certificate (PEM)
  std::string base_url = "https://api.mch.weixin.qq.com";
};
struct PaypalSettingsConfig {
  std::string client_id;
  std::string client_secret;  // secret
  std::string webhook_id;
  std::string merchant_id;  // our payee merchant id: a capture to anyone else is held
  std::string base_url = "https://api-m.paypal.com";
};
// Demo mode only: how the payment stand-ins (sim/payments) deliver notifications. The defaults are
// realistic (a delay, sometimes late, sometimes twice); tests that wait on a payment turn the lateness off.
struct PaymentSandboxConfig {
  int first_delay_ms = 1500;   // after the buyer pays, before the first notification
  int late_percent = 10;       // chance that the first notification comes 20 s late
  int duplicate_percent = 20;  // chance that an acknowledged notification is sent again
};
struct PaymentsConfig {
  std::vector<std::string> methods;  // alipay, wechat, paypal: what the web offers
  std::string public_base_url;       // notify and return URLs are built from it; empty = the public URL
  int window_s = 480;                // payment window (spec 001 section 9)
  int max_open_orders = 5;           // unpaid orders one user may hold at once
  int reconcile_after_s = 120;       // an order awaiting payment this long without news is asked about
  AlipaySettingsConfig alipay;
  WechatSettingsConfig wechat;
  PaypalSettingsConfig paypal;
  PaymentSandboxConfig sandbox;
  // Not a setting: tests hand the App their own providers (a test double of
  // integrations/payments/provider.hpp); when set, these are the providers of the listed methods.
  std::function<std::vector<std::shared_ptr<payments::Provider>>()> providers_for_tests;
};

// Practice-server rental (docs/pracc.md, spec 001). Times in seconds unless named otherwise.
struct PraccConfig {
  // Offered regions, in the web's order (spec 001 section 3's codes).
  std::vector<std::string> regions = {"ap-shanghai", "ap-beijing",  "ap-guangzhou", "ap-nanjing",   "ap-chongqing",
                                      "ap-chengdu",  "ap-hongkong", "ap-singapore", "ap-tokyo",     "ap-seoul",
                                      "ap-sydney",   "ap-mumbai",   "ap-jakarta",   "eu-frankfurt", "na-siliconvalley",
                                      "na-ashburn",  "sa-saopaulo"};
  int grace_days = 7;                // an expired server is kept, stopped, this long; renewing wakes it
  int max_servers_per_user = 5;      // active servers one account may own
  int max_servers_per_region = 200;  // active servers in one region
  int game_port = 27015;
  int max_players = 16;
  int demo_link_s = 600;          // life of a pre-signed demo download link
  int launch_attempts = 3;        // then the order is refunded and the buyer told
  int launch_retry_s = 60;        // wait before attempt n+1: n times this
  int sync_interval_s = 15;       // the cloud state sync (batched DescribeInstances)
  int lifecycle_interval_s = 30;  // expiry, grace, starts after renewal, reminders
};

// Tencent Cloud (docs/pracc.md): the keys come from the environment (PORTAL_CLOUD__SECRET_ID,
// PORTAL_CLOUD__SECRET_KEY); each region's launch settings (zones, image, instance types) from the
// TOML file `regions_file`, read by app/config/cloud_regions.hpp (config/cloud-regions.example.toml
// shows the shape). Demo mode ignores all of it and talks to the local stand-in (sim/cloud), tuned by
// [cloud.sim].
struct CloudSimConfig {
  int boot_s = 60;  // PENDING -> RUNNING
  int reboot_s = 20;
  int stop_s = 10;
  int start_s = 30;
  int terminate_s = 10;
  int launch_failure_percent = 0;  // chance that an instance ends LAUNCH_FAILED
  int demo_interval_s = 600;       // a running server records a demo this often
};
struct CloudConfig {
  std::string secret_id;
  std::string secret_key;  // secret
  std::string token;       // temporary credentials only
  std::string cvm_endpoint = "https://cvm.tencentcloudapi.com";
  std::string regions_file;  // per-region launch settings (TOML)
  std::string cos_bucket;    // "<name>-<appid>": where servers upload demos
  std::string cos_region;
  std::string cos_endpoint;  // empty: https://<bucket>.cos.<region>.myqcloud.com
  CloudSimConfig sim;
};

struct Config {
  Mode mode = Mode::production;
  std::filesystem::path data_dir = "data";
  ServerConfig server;
  SecurityConfig security;
  DatabaseConfig database;
  PoolsConfig pools;
  LogConfig log;
  FeaturesConfig features;
  LiveServersConfig servers;
  SteamConfig steam;
  AuthConfig auth;
  MailConfig mail;
  LeaderboardConfig leaderboard;
  InventoryConfig inventory;
  LinksConfig links;
  PaymentsConfig payments;
  PraccConfig pracc;
  CloudConfig cloud;

  // Derived values; never stored in the file.
  std::string public_url() const;  // server.public_url or http://host:port
  std::filesystem::path sqlite_path() const;
};

// Thrown when the file or environment holds an unknown key, a wrong type or a bad value.
// what() is a complete sentence naming the key and its source.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Loads the file (if given), then applies PORTAL_SECTION__KEY variables from `env`, then validates.
// An empty path means built-in defaults plus the environment.
Config load_config(const std::filesystem::path& file, const std::map<std::string, std::string>& env);

// The process environment as a map, for load_config.
std::map<std::string, std::string> process_environment();

// Throws ConfigError when a value is out of range or inconsistent (e.g. postgresql without a URL).
void validate(const Config& config);

// Throws ConfigError when production serves the practice-server rental (features.pracc.enabled, a
// non-empty pracc.regions) without the Tencent Cloud settings it needs: cloud.secret_id, secret_key,
// regions_file, cos_bucket and cos_region. Demo mode needs none of them. Not part of validate(): like
// the inventory's secret, it is checked when the portal starts serving (the rental's wiring), so CLI
// commands (migrate, prices, orders ...) run on a production config that has no cloud keys.
void require_cloud_settings(const Config& config);

}  // namespace portal::app
