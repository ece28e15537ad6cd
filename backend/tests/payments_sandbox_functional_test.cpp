// The whole payment path with nothing faked: demo mode builds the real Alipay, WeChat Pay and PayPal
// adapters against the stand-ins of sim/payments, which check the portal's signatures and notify it
// signed, asynchronously, as the providers do. For each provider: order -> pay -> the buyer pays at
// the stand-in -> the notification (PayPal: approval, capture, then the capture webhook) -> the
// order is fulfilled and the VIP days are there exactly once.
#include "app/wiring/payment_providers.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "sim/payments/payment_sandbox.hpp"
#include "support/http_client.hpp"
#include "support/process.hpp"
#include "support/test_database.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace portal::test {
namespace {

namespace json = boost::json;

constexpr const char* kSandboxBuyer = "76561198000000031";

class PaymentsSandbox : public ::testing::TestWithParam<const char*> {
 protected:
  std::int64_t buyer_id = 0;
  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.mode = app::Mode::demo;  // demo prices, all three methods through the stand-ins
            c.servers.query_timeout_ms = 200;
            c.payments.sandbox.first_delay_ms = 50;
            c.payments.sandbox.late_percent = 0;
            c.payments.sandbox.duplicate_percent = 100;  // every notification comes twice
          },
      .seed =
          [this](db::Database& database) {
            auth::UserRepository users(database);
            buyer_id = users.upsert_steam_user(kSandboxBuyer, "Buyer", "", core::system_unix_now()).id;
          },
  }};
  HttpClient http;
  db::Database database{[this] {
    auto options = app.database();
    options.pool_size = 1;
    return options;
  }()};

  std::string refund_state(const std::string& order_id) {
    return database.with_session([&](soci::session& sql) {
      std::string state;
      sql << "SELECT state FROM refunds WHERE order_id = :id", soci::use(order_id), soci::into(state);
      return state;
    });
  }
  std::string refund_ref(const std::string& order_id) {
    return database.with_session([&](soci::session& sql) {
      std::string ref;
      sql << "SELECT provider_refund_ref FROM refunds WHERE order_id = :id", soci::use(order_id), soci::into(ref);
      return ref;
    });
  }
  std::string token() {
    const auth::TokenService tokens(app.app().config().auth.jwt_secret);
    return tokens
        .issue(auth::TokenType::login, buyer_id, kSandboxBuyer, "", auth::kLoginTokenLifetime, core::system_unix_now())
        .token;
  }
  std::string status_of(const std::string& id, const std::string& bearer) {
    auto read = http.get(app.url("/api/payment/orders/" + id), {"Authorization: Bearer " + bearer});
    return read.status == 200 ? std::string(read.json().at("status").as_string())
                              : "http " + std::to_string(read.status);
  }
  // Order -> pay -> the buyer pays at the stand-in -> fulfilled; answers the order id.
  std::string paid_order(const std::string& method, const std::string& bearer) {
    const std::string currency = method == "paypal" ? "USD" : "CNY";
    const std::string options = R"({"duration":720,"paymentMethod":")" + method + R"("})";
    auto created =
        http.post_json(app.url("/api/payment/orders"),
                       json::serialize(json::object{
                           {"currency", currency}, {"productType", "vip"}, {"productId", "vip"}, {"options", options}}),
                       {"Authorization: Bearer " + bearer});
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string id(created.json().at("id").as_string());
    auto paying =
        http.post_json(app.url("/api/payment/pay"), json::serialize(json::object{{"orderId", id}, {"method", method}}),
                       {"Authorization: Bearer " + bearer});
    EXPECT_EQ(paying.status, 200) << paying.body;
    if (method != "wechat") http.get(std::string(paying.json().at("payment_url").as_string()));
    EXPECT_EQ(http.post_json(app.url("/api/dev/payments/" + id + "/pay"), "{}").status, 200);
    wait_for_status(id, bearer, "paid");
    return id;
  }
  void wait_for_status(const std::string& id, const std::string& bearer, const std::string& status) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (status_of(id, bearer) != status && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  std::int64_t vip_end() {
    auth::MembershipRepository memberships(database);
    return memberships.account(kSandboxBuyer, core::system_unix_now()).vip_expires_at.value_or(0);
  }
};

TEST_P(PaymentsSandbox, APaymentAtTheProviderFulfilsTheOrderOnce) {
  const std::string method = GetParam();
  const std::string currency = method == "paypal" ? "USD" : "CNY";
  const std::string bearer = token();
  const std::string options = R"({"duration":720,"paymentMethod":")" + method + R"("})";
  auto created =
      http.post_json(app.url("/api/payment/orders"),
                     json::serialize(json::object{
                         {"currency", currency}, {"productType", "vip"}, {"productId", "vip"}, {"options", options}}),
                     {"Authorization: Bearer " + bearer});
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id(created.json().at("id").as_string());

  auto paying =
      http.post_json(app.url("/api/payment/pay"), json::serialize(json::object{{"orderId", id}, {"method", method}}),
                     {"Authorization: Bearer " + bearer});
  ASSERT_EQ(paying.status, 200) << "the adapter's signed request was accepted by the stand-in: " << paying.body;
  const auto start = paying.json().as_object();
  EXPECT_FALSE(start.at("payment_url").as_string().empty());
  if (method == "wechat") {
    EXPECT_TRUE(start.at("qr_code").as_string().starts_with("weixin://wxpay/bizpayurl?pr="));
  }
  EXPECT_EQ(status_of(id, bearer), "pending");

  // The buyer's browser opens the payment page (Alipay learns of a page-pay trade only then), and
  // pays there (the checkout page's Pay button).
  if (method != "wechat") {
    auto page = http.get(std::string(start.at("payment_url").as_string()));
    ASSERT_EQ(page.status, 200) << page.body;
  }
  auto paid = http.post_json(app.url("/api/dev/payments/" + id + "/pay"), "{}");
  ASSERT_EQ(paid.status, 200) << paid.body;

  // The notification arrives on its own; no poll of ours asks the provider.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (status_of(id, bearer) != "paid" && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(status_of(id, bearer), "paid") << method;
  const std::int64_t end = vip_end();
  EXPECT_GT(end, core::system_unix_now() + 29 * 86400);
  EXPECT_LE(end, core::system_unix_now() + 30 * 86400 + 5);

  // Every notification is sent twice here (duplicate_percent 100): whenever the copies come, they
  // are stored once per provider event and fulfil nothing more.
  payments::OrderRepository orders(database);
  EXPECT_GE(orders.count_notifications(id), 1);
  EXPECT_EQ(orders.count_fulfilments(id), 1);
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled);
}

// `portal orders refund` in demo mode: a separate process signs with the keys the running portal's
// stand-ins keep in the data directory, so the refund travels the adapter -> stand-in path a real
// refund travels, and the VIP days go back.
TEST_P(PaymentsSandbox, TheOrdersCommandRefundsThroughTheRunningPortalsStandIns) {
  const std::string method = GetParam();
  const std::string bearer = token();
  const std::string id = paid_order(method, bearer);
  ASSERT_EQ(status_of(id, bearer), "paid");
  ASSERT_GT(vip_end(), core::system_unix_now());

  auto env = database_environment(app.database());
  env.emplace_back("PORTAL_MODE", "demo");
  env.emplace_back("PORTAL_SERVER__PUBLIC_URL", app.url(""));
  const auto refunded =
      run_process({PORTAL_BINARY, "orders", "--config", std::string(PORTAL_SOURCE_DIR) + "/config/portal.toml",
                   "--data-dir", app.app().config().data_dir.string(), "refund", id, "--reason", "test refund"},
                  env);
  ASSERT_EQ(refunded.exit_code, 0) << refunded.output;
  EXPECT_NE(refunded.output.find("refunded"), std::string::npos) << refunded.output;
  EXPECT_EQ(status_of(id, bearer), "refunded");
  EXPECT_LE(vip_end(), core::system_unix_now()) << "the refunded order's days are taken back";

  // Alipay and PayPal answer the refund done; WeChat answers PROCESSING, and the running portal's
  // payments.refunds job asks until the stand-in says SUCCESS.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(40);
  while (refund_state(id) != "completed" && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_EQ(refund_state(id), "completed") << method;

  // The adapter's refund query against the stand-in, as the job asks it: the refund made, and one
  // the provider never received.
  integrations::CurlHttpClient curl;
  sim::payments::PaymentSandbox sandbox(app::demo_sandbox_settings(app.app().config()), curl);
  auto built = app::sandbox_payment_providers(app.app().config(), sandbox, curl);
  const auto order = payments::OrderRepository(database).find(id);
  ASSERT_TRUE(order);
  int asked_adapters = 0;
  for (const auto& provider : built.providers) {
    if (payments::to_string(provider->method()) != method) continue;
    ++asked_adapters;
    payments::RefundQuery asked{order->id, order->provider_ref, order->capture_ref, "rfd_" + id.substr(4),
                                refund_ref(id)};
    auto made = provider->query_refund(asked);
    ASSERT_TRUE(made) << made.error().message;
    EXPECT_EQ(made->state, payments::RefundState::completed) << method;
    asked.refund_id = "rfd_neverasked";
    asked.provider_refund_ref = method == "paypal" ? "9ZZ99999ZZ9999999" : "";
    auto unknown = provider->query_refund(asked);
    ASSERT_TRUE(unknown) << unknown.error().message;
    EXPECT_EQ(unknown->state, payments::RefundState::unknown) << method;
  }
  EXPECT_EQ(asked_adapters, 1);
}

INSTANTIATE_TEST_SUITE_P(EachProvider, PaymentsSandbox, ::testing::Values("alipay", "wechat", "paypal"));

}  // namespace
}  // namespace portal::test
