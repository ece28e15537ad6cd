// A notification storm against a running portal (bench/run.sh entry 7): ORDERS orders of 30 days of
// VIP are written awaiting payment, then every order's signed Alipay TRADE_SUCCESS is sent REPEATS
// times in random order by SENDERS concurrent senders, each retried until the answer is "success"
// (as Alipay does). Prints notifications per second, p50/p99 per notification, the retries, and the
// proof read back from the database: exactly one fulfilment and one VIP grant per order.
//
//   bench_payment_notifications --url http://127.0.0.1:PORT --config FILE --alipay-private-key PEM
//                               --app-id ID [--orders 2000] [--repeats 5] [--senders 16]
// The database is the one the config (and PORTAL_* variables) name, as for `portal serve`.

#include "app/config/config.hpp"
#include "app/config/database_options.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using namespace portal;

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

std::map<std::string, std::string> environment() {
  std::map<std::string, std::string> env;
  for (char** entry = environ; *entry; ++entry) {
    const std::string text(*entry);
    const auto eq = text.find('=');
    if (eq != std::string::npos) env[text.substr(0, eq)] = text.substr(eq + 1);
  }
  return env;
}

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string notification(const std::string& order_id, const std::string& notify_id, const std::string& app_id,
                         const std::string& key) {
  const std::int64_t now = core::system_unix_now();
  payments::alipay::Params fields{{"notify_type", "trade_status_sync"},
                                  {"notify_id", notify_id},
                                  {"notify_time", payments::alipay::gmt8_time(now)},
                                  {"app_id", app_id},
                                  {"charset", "utf-8"},
                                  {"version", "1.0"},
                                  {"trade_no", "2026" + notify_id},
                                  {"out_trade_no", order_id},
                                  {"trade_status", "TRADE_SUCCESS"},
                                  {"total_amount", "30.00"},
                                  {"gmt_payment", payments::alipay::gmt8_time(now)}};
  fields["sign"] = *payments::crypto::rsa_sha256_sign_base64(key, payments::alipay::notification_sign_content(fields));
  fields["sign_type"] = "RSA2";
  return payments::alipay::encode_params(fields);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Signed payment notifications against a running portal"};
  std::string url, config_file, key_file, app_id;
  int orders = 2000, repeats = 5, senders = 16;
  cli.add_option("--url", url)->required();
  cli.add_option("--config", config_file)->required();
  cli.add_option("--alipay-private-key", key_file)->required();
  cli.add_option("--app-id", app_id)->required();
  cli.add_option("--orders", orders)->check(CLI::Range(1, 1000000));
  cli.add_option("--repeats", repeats)->check(CLI::Range(1, 100));
  cli.add_option("--senders", senders)->check(CLI::Range(1, 256));
  CLI11_PARSE(cli, argc, argv);

  const app::Config config = app::load_config(config_file, environment());
  db::Database database(app::database_options(config, 4));
  db::migrate(database, db::embedded_migrations(database.engine()));
  const std::string key = read_file(key_file);

  // The orders, as POST /api/payment/orders and /pay leave them (one buyer each).
  auth::UserRepository users(database);
  payments::OrderRepository repository(database);
  std::vector<std::string> ids;
  const std::int64_t now = core::system_unix_now();
  for (int i = 0; i < orders; ++i) {
    const std::string steam_id = std::to_string(76561198100000000LL + i);
    const auto user = users.upsert_steam_user(steam_id, "Bench", "", now);
    payments::Order order{.id = payments::new_order_id(),
                          .user_id = user.id,
                          .steam_id = steam_id,
                          .product_type = "vip",
                          .product_id = "vip",
                          .options = R"({"duration":720,"paymentMethod":"alipay"})",
                          .duration_hours = 720,
                          .amount = {.minor = 3000, .currency = "CNY"},
                          .method = payments::Method::alipay,
                          .state = payments::OrderState::awaiting_payment,
                          .created_at = now,
                          .expires_at = now + 480};
    repository.insert(order, "bench");
    ids.push_back(order.id);
  }

  // Every order's notification REPEATS times (the same notify_id, as a provider's retries), shuffled.
  std::vector<std::string> bodies;
  for (int i = 0; i < orders; ++i) {
    const std::string body = notification(ids[static_cast<std::size_t>(i)], "N" + std::to_string(i), app_id, key);
    for (int r = 0; r < repeats; ++r) bodies.push_back(body);
  }
  std::shuffle(bodies.begin(), bodies.end(), std::mt19937(42));

  std::atomic<std::size_t> next{0};
  std::atomic<long> retries{0}, failures{0};
  std::mutex latencies_mutex;
  std::vector<double> latencies;
  latencies.reserve(bodies.size());
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int s = 0; s < senders; ++s) {
    threads.emplace_back([&] {
      integrations::CurlHttpClient http;
      std::vector<double> mine;
      for (std::size_t i = next++; i < bodies.size(); i = next++) {
        const auto sent = std::chrono::steady_clock::now();
        bool done = false;
        for (int attempt = 0; attempt < 50 && !done; ++attempt) {
          if (attempt > 0) {
            ++retries;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));  // a busy portal says so: back off
          }
          auto reply = http.post_form(url + "/api/payment/notify/alipay", bodies[i], std::chrono::seconds(10));
          done = reply && reply->body == "success";
        }
        if (!done) ++failures;
        mine.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count());
      }
      std::lock_guard lock(latencies_mutex);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
    });
  }
  for (auto& thread : threads) thread.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  long long fulfilled = 0, fulfilments = 0, doubles = 0, grants = 0;
  database.with_session([&](soci::session& sql) {
    sql << "SELECT COUNT(*) FROM fulfilments", soci::into(fulfilments);
    sql << "SELECT COUNT(*) FROM (SELECT order_id FROM fulfilments GROUP BY order_id HAVING COUNT(*) > 1) d",
        soci::into(doubles);
    sql << "SELECT COUNT(*) FROM vip_subscriptions WHERE source_ref LIKE 'order:%'", soci::into(grants);
    sql << "SELECT COUNT(*) FROM orders WHERE state = 'fulfilled'", soci::into(fulfilled);
  });
  std::printf(
      "payment notifications (%s): %d orders x %d = %zu notifications by %d senders in %.1f s: %.0f/s, p50 %.1f ms, "
      "p99 %.1f ms, %ld retries, %ld undelivered; orders fulfilled %lld, fulfilments %lld, orders fulfilled twice "
      "%lld, VIP grants %lld\n",
      database.engine() == db::Engine::postgresql ? "PostgreSQL" : "SQLite", orders, repeats, bodies.size(), senders,
      seconds, static_cast<double>(bodies.size()) / seconds, percentile(latencies, 0.5), percentile(latencies, 0.99),
      retries.load(), failures.load(), fulfilled, fulfilments, doubles, grants);
  return fulfilled == orders && fulfilments == orders && doubles == 0 && grants == orders && failures == 0 ? 0 : 1;
}
