// The crash test of the payment path (issue 14): the real `portal` binary takes a burst of signed
// Alipay notifications for many orders, each sent several times the way Alipay retries until it reads
// "success", while the portal is killed with SIGKILL at random moments and started again. At the end
// every paid order is fulfilled exactly once: one fulfilment row, one VIP grant, 30 days of VIP.
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"
#include "support/http_client.hpp"
#include "support/payment_orders.hpp"
#include "support/process.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

namespace portal::test {
namespace {

namespace json = boost::json;
using payments::alipay::Params;

constexpr int kApiOrders = 25;  // made through the API, within its per-address budget (30 in 10 min)
constexpr int kOrders = 300;    // the rest written as the API writes them
constexpr int kSenders = 8;
constexpr const char* kAppId = "2021000000000042";

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The portal process, restarted after every kill; senders read its current address.
class Portal {
 public:
  Portal(std::vector<std::string> argv, Environment env) : argv_(std::move(argv)), env_(std::move(env)) { start(); }

  std::string base() {
    std::lock_guard lock(mutex_);
    return base_;
  }
  void kill_and_restart() {
    std::lock_guard lock(mutex_);
    process_->signal(SIGKILL);
    process_->wait_exit(std::chrono::seconds(10));
    process_.reset();
    start_locked();
  }

 private:
  void start() {
    std::lock_guard lock(mutex_);
    start_locked();
  }
  void start_locked() {
    process_ = std::make_unique<RunningProcess>(argv_, env_);
    const std::string line = process_->wait_for_line("listening on ", std::chrono::seconds(60));
    base_ = line.substr(std::string("listening on ").size());
  }

  std::vector<std::string> argv_;
  Environment env_;
  std::mutex mutex_;
  std::unique_ptr<RunningProcess> process_;
  std::string base_;
};

// What Alipay posts to notify_url when a page-pay trade is paid (reference 5a), signed with its key.
std::string signed_notification(const std::string& order_id, const std::string& status, const std::string& notify_id,
                                const std::string& alipay_private_pem) {
  const std::int64_t now = core::system_unix_now();
  Params fields{{"notify_type", "trade_status_sync"},
                {"notify_id", notify_id},
                {"notify_time", payments::alipay::gmt8_time(now)},
                {"app_id", kAppId},
                {"charset", "utf-8"},
                {"version", "1.0"},
                {"trade_no", "2026" + notify_id},
                {"out_trade_no", order_id},
                {"trade_status", status},
                {"total_amount", "30.00"},
                {"gmt_payment", payments::alipay::gmt8_time(now)}};
  const auto signature =
      payments::crypto::rsa_sha256_sign_base64(alipay_private_pem, payments::alipay::notification_sign_content(fields));
  fields["sign_type"] = "RSA2";
  fields["sign"] = *signature;
  return payments::alipay::encode_params(fields);
}

TEST(PaymentsCrash, EveryPaidOrderIsFulfilledExactlyOnceAcrossSigkills) {
  TempDir dir;
  TestDatabase database;
  const std::string kJwtSecret = core::random_token(32);
  const auto merchant = payments::crypto::generate_rsa_key_pair(2048);
  const auto alipay = payments::crypto::generate_rsa_key_pair(2048);
  write_file(dir.path() / "app.pem", merchant.private_pem);
  write_file(dir.path() / "alipay.pem", alipay.public_pem);

  Environment env = database_environment(database.options());
  env.emplace_back("PORTAL_FEATURES__PRACC__ENABLED", "false");  // no cloud account here
  env.insert(env.end(), {{"PORTAL_LOG__LEVEL", "error"},
                         {"PORTAL_AUTH__JWT_SECRET", kJwtSecret},
                         {"PORTAL_FEATURES__INVENTORY__ENABLED", "false"},
                         {"PORTAL_PAYMENTS__METHODS", "alipay"},
                         {"PORTAL_PAYMENTS__ALIPAY__APP_ID", kAppId},
                         // Nothing listens there: the jobs' queries fail and change nothing.
                         {"PORTAL_PAYMENTS__ALIPAY__GATEWAY", "http://127.0.0.1:9/gateway.do"},
                         {"PORTAL_PAYMENTS__ALIPAY__PRIVATE_KEY_FILE", (dir.path() / "app.pem").string()},
                         {"PORTAL_PAYMENTS__ALIPAY__PUBLIC_KEY_FILE", (dir.path() / "alipay.pem").string()}});
  const std::string config_file = std::string(PORTAL_SOURCE_DIR) + "/config/portal.toml";
  // Production has no prices until an operator sets them.
  const auto priced = run_process({PORTAL_BINARY, "prices", "--config", config_file, "--data-dir", dir.path().string(),
                                   "set", "vip", "--hours", "720", "--currency", "CNY", "--amount", "30.00"},
                                  env);
  ASSERT_EQ(priced.exit_code, 0) << priced.output;
  Portal portal({PORTAL_BINARY, "serve", "--config", config_file, "--port", "0", "--data-dir", dir.path().string()},
                env);

  // Buyers and their orders of 30 days of VIP, made and started through the API.
  db::Database db(database.options());
  auth::UserRepository users(db);
  const auth::TokenService tokens(kJwtSecret);
  HttpClient http;
  std::vector<std::string> order_ids;
  payments::OrderRepository orders(db);
  for (int i = 0; i < kOrders; ++i) {
    const std::string steam_id = std::to_string(76561198000100000LL + i);
    const auto user = users.upsert_steam_user(steam_id, "Buyer", "", core::system_unix_now());
    if (i >= kApiOrders) {
      order_ids.push_back(insert_awaiting_vip_order(orders, user.id, steam_id));
      continue;
    }
    const std::string bearer =
        tokens.issue(auth::TokenType::login, user.id, steam_id, "", auth::kLoginTokenLifetime, core::system_unix_now())
            .token;
    const std::vector<std::string> auth_header{"Authorization: Bearer " + bearer};
    auto created = http.post_json(
        portal.base() + "/api/payment/orders",
        R"({"currency":"CNY","productType":"vip","productId":"vip","options":"{\"duration\":720,\"paymentMethod\":\"alipay\"}"})",
        auth_header);
    ASSERT_EQ(created.status, 201) << created.body;
    const std::string id(created.json().at("id").as_string());
    auto paying = http.post_json(portal.base() + "/api/payment/pay",
                                 json::serialize(json::object{{"orderId", id}, {"method", "alipay"}}), auth_header);
    ASSERT_EQ(paying.status, 200) << paying.body;
    order_ids.push_back(id);
  }

  // Senders: every order's TRADE_SUCCESS until acknowledged, then again (Alipay's duplicates), then a
  // TRADE_FINISHED; anything but "success" (a refused connection while the portal is down) is retried.
  std::atomic<int> acknowledged{0};
  auto deliver = [&](HttpClient& client, const std::string& body) {
    for (int attempt = 0; attempt < 2000; ++attempt) {
      try {
        auto answer = client.send(HttpCall{.method = "POST",
                                           .url = portal.base() + "/api/payment/notify/alipay",
                                           .headers = {"Content-Type: application/x-www-form-urlencoded"},
                                           .body = body});
        if (answer.body == "success") return true;
      } catch (const std::exception&) {
        // The portal is down or restarting: as Alipay does, try again later.
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  };
  std::vector<std::thread> senders;
  for (int s = 0; s < kSenders; ++s) {
    senders.emplace_back([&, s] {
      HttpClient client;
      for (int i = s; i < kOrders; i += kSenders) {
        const std::string& id = order_ids[static_cast<std::size_t>(i)];
        const std::string success =
            signed_notification(id, "TRADE_SUCCESS", "n" + std::to_string(i), alipay.private_pem);
        const std::string finished =
            signed_notification(id, "TRADE_FINISHED", "f" + std::to_string(i), alipay.private_pem);
        if (deliver(client, success) && deliver(client, success) && deliver(client, success) &&
            deliver(client, finished)) {
          ++acknowledged;
        }
      }
    });
  }
  // The killer: SIGKILL at random moments for as long as the burst runs; the senders' retries
  // carry it across each restart.
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> pause_ms(20, 250);
  int kills = 0;
  while (true) {
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms(random)));
    if (acknowledged.load() >= kOrders) break;
    portal.kill_and_restart();
    ++kills;
  }
  for (auto& sender : senders) sender.join();
  ASSERT_EQ(acknowledged.load(), kOrders) << "every notification was acknowledged in the end";
  EXPECT_GT(kills, 0) << "the burst must be interrupted at least once";

  // The database, read after the last restart's burst: each order once, fulfilled, with its VIP.
  for (const auto& id : order_ids) {
    db.with_session([&](soci::session& sql) {
      std::string state;
      long long fulfilments = 0, grants = 0;
      sql << "SELECT state FROM orders WHERE id = :id", soci::use(id), soci::into(state);
      sql << "SELECT COUNT(*) FROM fulfilments WHERE order_id = :id", soci::use(id), soci::into(fulfilments);
      const std::string ref = "order:" + id;
      sql << "SELECT COUNT(*) FROM vip_subscriptions WHERE source_ref = :ref", soci::use(ref), soci::into(grants);
      EXPECT_EQ(state, "fulfilled") << id;
      EXPECT_EQ(fulfilments, 1) << id;
      EXPECT_EQ(grants, 1) << id;
    });
  }
  std::printf("payments crash test: %d orders, %d SIGKILLs, every order fulfilled once\n", kOrders, kills);
}

}  // namespace
}  // namespace portal::test
