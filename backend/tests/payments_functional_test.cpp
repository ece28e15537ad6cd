// The payment engine through the real App with a fake provider (support/fake_payment_provider.hpp):
// order -> pay -> notification -> VIP, and what must change nothing: duplicates, reordering,
// forgeries; what must be held: a wrong amount or merchant; a late payment honoured; owner-only
// reads; orders of unknown products and bad options refused; a refund that takes the VIP days back.

#include "app/wiring/payments.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/payment_processor.hpp"
#include "support/api_answers.hpp"
#include "support/fake_payment_provider.hpp"
#include "support/http_client.hpp"
#include "support/payment_orders.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <memory>

namespace portal::test {
namespace {

namespace json = boost::json;
using test::FakePaymentProvider;

constexpr const char* kPayer = "76561198000000001";
constexpr const char* kOtherPayer = "76561198000000002";
constexpr std::int64_t kVip30Cny = 3000;  // demo price of 720 h of VIP in CNY

class PaymentsFunctional : public ::testing::Test {
 protected:
  std::shared_ptr<FakePaymentProvider> wechat = std::make_shared<FakePaymentProvider>(payments::Method::wechat);
  std::shared_ptr<FakePaymentProvider> paypal = std::make_shared<FakePaymentProvider>(payments::Method::paypal);
  std::int64_t buyer_id = 0;
  std::int64_t other_id = 0;
  TestApp app{TestAppOptions{
      .configure =
          [this](app::Config& c) {
            c.mode = app::Mode::demo;  // demo prices
            c.servers.query_timeout_ms = 200;
            c.payments.methods = {"wechat", "paypal"};
            c.payments.wechat.mchid = "m_ours";
            c.payments.providers_for_tests = [this] {
              return std::vector<std::shared_ptr<payments::Provider>>{wechat, paypal};
            };
          },
      .seed =
          [this](db::Database& database) {
            auth::UserRepository users(database);
            buyer_id = users.upsert_steam_user(kPayer, "Buyer", "", core::system_unix_now()).id;
            other_id = users.upsert_steam_user(kOtherPayer, "Other", "", core::system_unix_now()).id;
          },
  }};
  HttpClient http;
  db::Database database{[this] {
    auto options = app.database();
    options.pool_size = 1;
    return options;
  }()};
  payments::OrderRepository orders{database};

  std::string token(std::int64_t user_id, const std::string& steam_id) {
    return login_token_for(app, user_id, steam_id);
  }
  HttpResult post(const std::string& path, const std::string& body, const std::string& bearer) {
    return http.post_json(app.url(path), body, {"Authorization: Bearer " + bearer});
  }
  HttpResult get(const std::string& path, const std::string& bearer) {
    return http.get(app.url(path), {"Authorization: Bearer " + bearer});
  }
  HttpResult notify(const std::string& method, const std::string& body) {
    return http.post_json(app.url("/api/payment/notify/" + method), body);
  }

  // Makes and starts paying an order of 30 days of VIP; answers its id.
  std::string paid_order_start(const std::string& method = "wechat", const std::string& currency = "CNY",
                               int hours = 720) {
    const std::string buyer = token(buyer_id, kPayer);
    const std::string options = "{\"duration\":" + std::to_string(hours) + ",\"paymentMethod\":\"" + method + "\"}";
    auto created =
        post("/api/payment/orders",
             json::serialize(json::object{
                 {"currency", currency}, {"productType", "vip"}, {"productId", "vip"}, {"options", options}}),
             buyer);
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string id(created.json().at("id").as_string());
    auto paying = post("/api/payment/pay", json::serialize(json::object{{"orderId", id}, {"method", method}}), buyer);
    EXPECT_EQ(paying.status, 200) << paying.body;
    return id;
  }

  std::string state_of(const std::string& id) { return std::string(payments::to_string(orders.find(id)->state)); }
  std::int64_t vip_end(const std::string& steam_id) {
    auth::MembershipRepository memberships(database);
    return memberships.account(steam_id, core::system_unix_now()).vip_expires_at.value_or(0);
  }
};

TEST_F(PaymentsFunctional, OrderPayNotificationGrantsVip) {
  const std::string buyer = token(buyer_id, kPayer);
  auto pricing = http.get(app.url("/api/payment/pricing?product_type=vip&currency=CNY"));
  ASSERT_EQ(pricing.status, 200) << pricing.body;
  EXPECT_EQ(pricing.json().at("data").at("items").as_array().size(), 3u);
  EXPECT_NE(pricing.body.find(R"("duration":720,"relocatable":false,"amount":30})"), std::string::npos)
      << "amounts read as written, not as 3E1: " << pricing.body;

  const std::string id = paid_order_start();
  EXPECT_EQ(id.size(), 4u + 26u);
  auto read = get("/api/payment/orders/" + id, buyer);
  ASSERT_EQ(read.status, 200) << read.body;
  EXPECT_EQ(read.json().at("status"), "pending");
  // A second pay within the window answers the same start, without a second payment at the provider.
  auto again = post("/api/payment/pay", json::serialize(json::object{{"orderId", id}, {"method", "wechat"}}), buyer);
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.json().at("qr_code").as_string(), "weixin://fake/" + id);
  const auto seconds_left = again.json().at("expiresIn").as_int64();
  EXPECT_GT(seconds_left, 400) << "the window began when the order was made";
  EXPECT_LE(seconds_left, 480);
  EXPECT_EQ(wechat->creates(), 1);

  const auto before = core::system_unix_now();
  auto answered = notify("wechat", FakePaymentProvider::notification(id, "ev1", "TRADE_SUCCESS", kVip30Cny, "CNY"));
  EXPECT_EQ(answered.status, 200);
  EXPECT_EQ(answered.body, "success");
  EXPECT_EQ(state_of(id), "fulfilled");
  EXPECT_GE(vip_end(kPayer), before + 30 * 86400);
  EXPECT_EQ(get("/api/payment/orders/" + id, buyer).json().at("status"), "paid");
  auto listed = get("/api/payment/orders", buyer);
  EXPECT_EQ(listed.json().at("total"), 1);
}

TEST_F(PaymentsFunctional, DuplicatesReorderingAndFinishedChangeNothing) {
  const std::string id = paid_order_start();
  const std::string success = FakePaymentProvider::notification(id, "ev1", "TRADE_SUCCESS", kVip30Cny, "CNY");
  ASSERT_EQ(notify("wechat", success).status, 200);
  const auto end = vip_end(kPayer);
  EXPECT_EQ(notify("wechat", success).status, 200);  // the same event again
  EXPECT_EQ(notify("wechat", FakePaymentProvider::notification(id, "ev2", "TRADE_FINISHED", kVip30Cny, "CNY")).status,
            200);
  EXPECT_EQ(notify("wechat", FakePaymentProvider::notification(id, "ev0", "TRADE_CLOSED", kVip30Cny, "CNY")).status,
            200);  // an older event arriving late
  EXPECT_EQ(state_of(id), "fulfilled");
  EXPECT_EQ(vip_end(kPayer), end);
  EXPECT_EQ(orders.count_fulfilments(id), 1);
  EXPECT_EQ(orders.count_notifications(id), 3);
}

TEST_F(PaymentsFunctional, AForgedNotificationIsRefusedAndNotStored) {
  const std::string id = paid_order_start();
  auto answered =
      notify("wechat", FakePaymentProvider::notification(id, "evX", "TRADE_SUCCESS", kVip30Cny, "CNY", "forged"));
  EXPECT_EQ(answered.status, 401);
  EXPECT_EQ(error_code(answered), "INVALID_SIGNATURE");
  EXPECT_EQ(orders.count_notifications(id), 0);
  EXPECT_EQ(state_of(id), "awaiting_payment");
}

TEST_F(PaymentsFunctional, AWrongAmountOrMerchantIsHeldNotFulfilled) {
  const std::string cheap = paid_order_start();
  ASSERT_EQ(notify("wechat", FakePaymentProvider::notification(cheap, "a1", "TRADE_SUCCESS", 1, "CNY")).status, 200);
  EXPECT_EQ(state_of(cheap), "held");
  const std::string elsewhere = paid_order_start();
  ASSERT_EQ(notify("wechat", FakePaymentProvider::notification(elsewhere, "m1", "TRADE_SUCCESS", kVip30Cny, "CNY", "ok",
                                                               "m_someone_else"))
                .status,
            200);
  EXPECT_EQ(state_of(elsewhere), "held");
  EXPECT_EQ(vip_end(kPayer), 0);
  EXPECT_EQ(get("/api/payment/orders/" + cheap, token(buyer_id, kPayer)).json().at("status"), "review");
}

TEST_F(PaymentsFunctional, ALatePaymentIsHonoured) {
  const std::string id = paid_order_start();
  // What payments.expire does when the window has passed.
  ASSERT_TRUE(orders.transition(id, payments::OrderState::awaiting_payment, payments::OrderState::expired, "test", "",
                                core::system_unix_now()));
  ASSERT_EQ(notify("wechat", FakePaymentProvider::notification(id, "late", "TRADE_SUCCESS", kVip30Cny, "CNY")).status,
            200);
  EXPECT_EQ(state_of(id), "fulfilled");
  EXPECT_GT(vip_end(kPayer), core::system_unix_now());
}

TEST_F(PaymentsFunctional, OnlyTheOwnerReadsAnOrder) {
  const std::string id = paid_order_start();
  auto other = get("/api/payment/orders/" + id, token(other_id, kOtherPayer));
  EXPECT_EQ(other.status, 404);
  EXPECT_EQ(error_code(other), "ORDER_NOT_FOUND");
  auto pay = post("/api/payment/pay", json::serialize(json::object{{"orderId", id}, {"method", "wechat"}}),
                  token(other_id, kOtherPayer));
  EXPECT_EQ(pay.status, 404);
}

TEST_F(PaymentsFunctional, OrdersThatBreakTheRulesAreRefused) {
  const std::string buyer = token(buyer_id, kPayer);
  const auto order = [&](const std::string& type, const std::string& currency, const std::string& options) {
    return post("/api/payment/orders",
                json::serialize(json::object{
                    {"currency", currency}, {"productType", type}, {"productId", type}, {"options", options}}),
                buyer);
  };
  EXPECT_EQ(error_code(order("coins", "CNY", R"({"duration":4,"paymentMethod":"wechat"})")), "PRODUCT_NOT_AVAILABLE");
  // A rental is a product now; its own rules refuse an order that names no server to make.
  EXPECT_EQ(error_code(order("server_rental", "CNY", R"({"duration":4,"paymentMethod":"wechat"})")),
            "VALIDATION_FAILED");
  EXPECT_EQ(error_code(order("vip", "USD", R"({"duration":720,"paymentMethod":"wechat"})")), "CURRENCY_MISMATCH");
  EXPECT_EQ(error_code(order("vip", "CNY", R"({"duration":720,"paymentMethod":"alipay"})")), "PAYMENT_METHOD_DISABLED");
  EXPECT_EQ(error_code(order("vip", "CNY", R"({"duration":168,"paymentMethod":"wechat"})")), "PRICE_NOT_FOUND");
  EXPECT_EQ(error_code(order("vip", "CNY", "not json")), "VALIDATION_FAILED");
  EXPECT_EQ(order("vip", "USD", R"({"duration":720,"paymentMethod":"paypal"})").status, 201);
}

TEST_F(PaymentsFunctional, ARefundTakesTheVipDaysBack) {
  const std::string id = paid_order_start();
  ASSERT_EQ(notify("wechat", FakePaymentProvider::notification(id, "ev1", "TRADE_SUCCESS", kVip30Cny, "CNY")).status,
            200);
  ASSERT_GT(vip_end(kPayer), core::system_unix_now());
  // What `portal orders refund` runs, over the same database.
  auth::MembershipRepository membership_repository(database);
  auth::MembershipService memberships(membership_repository, core::system_unix_now);
  payments::ProviderRegistry providers;
  providers.add(wechat);
  payments::FulfilmentRegistry fulfillers;
  fulfillers.add(app::make_vip_fulfiller(memberships));
  payments::PaymentProcessor processor(payments::PaymentProcessorDeps{.orders = orders,
                                                                      .providers = providers,
                                                                      .fulfillers = fulfillers,
                                                                      .merchant_ids = {},
                                                                      .now_unix = core::system_unix_now});
  auto refunded = processor.refund(id, "test", "cli");
  ASSERT_TRUE(refunded) << refunded.error().message;
  EXPECT_EQ(state_of(id), "refunded");
  EXPECT_EQ(wechat->refunds().at(refunded->refund_id), kVip30Cny);
  EXPECT_LE(vip_end(kPayer), core::system_unix_now());
  EXPECT_EQ(processor.refund(id, "again", "cli").error().code, "ORDER_NOT_REFUNDABLE");
}

// The jobs, run by hand: payments.expire asks the provider before it closes an order whose window
// ended (a payment the provider took is honoured), payments.reconcile asks about orders whose
// notification never came.
class PaymentJobs : public PaymentsFunctional {
 protected:
  auth::MembershipRepository membership_repository{database};
  auth::MembershipService memberships{membership_repository, core::system_unix_now};
  payments::ProviderRegistry providers;
  payments::FulfilmentRegistry fulfillers;
  std::unique_ptr<payments::PaymentProcessor> processor;

  void SetUp() override {
    providers.add(wechat);
    fulfillers.add(app::make_vip_fulfiller(memberships));
    processor = std::make_unique<payments::PaymentProcessor>(payments::PaymentProcessorDeps{
        .orders = orders,
        .providers = providers,
        .fulfillers = fulfillers,
        .merchant_ids = {},
        .now_unix = core::system_unix_now,
    });
  }
  void window_passed(const std::string& id) {
    database.with_session([&](soci::session& sql) {
      const long long past = core::system_unix_now() - 1;
      sql << "UPDATE orders SET expires_at = :expires, created_at = :created WHERE id = :id", soci::use(past),
          soci::use(past), soci::use(id);
    });
  }
  payments::ProviderPayment paid_at_provider(const std::string& id) {
    payments::ProviderPayment paid;
    paid.order_id = id;
    paid.provider_ref = "tx_" + id;
    paid.state = payments::ProviderState::paid;
    paid.amount = {.minor = kVip30Cny, .currency = "CNY"};
    paid.merchant_id = "m_ours";
    return paid;
  }
};

TEST_F(PaymentJobs, ExpiryClosesAnUnpaidOrderAtTheProviderButHonoursAPaidOne) {
  const std::string unpaid = paid_order_start();
  window_passed(unpaid);
  processor->expire_due();
  EXPECT_EQ(state_of(unpaid), "expired");
  EXPECT_TRUE(wechat->closed(unpaid)) << "closed at the provider, so it cannot be paid any more";
  EXPECT_EQ(vip_end(kPayer), 0);

  const std::string paid = paid_order_start();
  window_passed(paid);
  wechat->report(paid_at_provider(paid));
  processor->expire_due();
  EXPECT_EQ(state_of(paid), "fulfilled") << "the provider took the money: the buyer gets the VIP";
  EXPECT_FALSE(wechat->closed(paid));
  EXPECT_GT(vip_end(kPayer), core::system_unix_now() + 29 * 86400);
}

TEST_F(PaymentJobs, ReconciliationAppliesAPaymentWhoseNotificationNeverCame) {
  const std::string id = paid_order_start();
  processor->reconcile(3600);
  EXPECT_EQ(state_of(id), "awaiting_payment") << "too recent to ask about";
  window_passed(id);
  processor->reconcile(0);
  EXPECT_EQ(state_of(id), "awaiting_payment") << "the provider says pending: nothing changes";
  wechat->report(paid_at_provider(id));
  processor->reconcile(0);
  EXPECT_EQ(state_of(id), "fulfilled");
  processor->reconcile(0);
  EXPECT_EQ(orders.count_fulfilments(id), 1);
}

}  // namespace
}  // namespace portal::test
