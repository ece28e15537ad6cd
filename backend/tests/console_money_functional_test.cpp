// The operator console's money calls through the real App with a fake provider: the price table
// edited and seen by GET /api/payment/pricing; every order listed, filtered, sorted and paged on the
// server; one order's history with the provider's notifications as received; a refund and the release
// of a held payment, each audited with the operator's name and reason; a player refused on each call.
#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "support/api_answers.hpp"
#include "support/fake_payment_provider.hpp"
#include "support/http_client.hpp"
#include "support/payment_orders.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

namespace portal::test {
namespace {

namespace json = boost::json;

constexpr const char* kMoneyBuyer = "76561198000000311";
constexpr const char* kOtherMoneyBuyer = "76561198000000312";
constexpr const char* kMoneyOperator = "76561198000000313";
constexpr std::int64_t kVip30Cny = 3000;

class ConsoleMoney : public ::testing::Test {
 protected:
  std::shared_ptr<FakePaymentProvider> wechat = std::make_shared<FakePaymentProvider>(payments::Method::wechat);
  std::int64_t buyer_id = 0;
  std::int64_t other_id = 0;
  std::int64_t operator_id = 0;
  TestApp app{TestAppOptions{
      .configure =
          [this](app::Config& c) {
            c.mode = app::Mode::demo;  // demo prices
            c.servers.query_timeout_ms = 200;
            c.payments.methods = {"wechat"};
            c.payments.wechat.mchid = "m_ours";
            c.payments.providers_for_tests = [this] {
              return std::vector<std::shared_ptr<payments::Provider>>{wechat};
            };
          },
      .seed =
          [this](db::Database& database) {
            auth::UserRepository users(database);
            const auto now = core::system_unix_now();
            buyer_id = users.upsert_steam_user(kMoneyBuyer, "Buyer", "", now).id;
            other_id = users.upsert_steam_user(kOtherMoneyBuyer, "Other", "", now).id;
            operator_id = users.upsert_steam_user(kMoneyOperator, "Operator", "", now).id;
            database.with_session([&](soci::session& sql) {
              const long long id = buyer_id;
              sql << "UPDATE users SET email = 'buyer@example.com' WHERE id = :id", soci::use(id);
            });
            auth::MembershipRepository membership_repository(database);
            auth::MembershipService memberships(membership_repository, core::system_unix_now);
            ASSERT_TRUE(memberships.grant_group(kMoneyOperator, "op", std::nullopt, "test"));
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
  std::string op() { return token(operator_id, kMoneyOperator); }
  std::vector<std::string> auth(const std::string& bearer) { return {"Authorization: Bearer " + bearer}; }
  HttpResult get(const std::string& path, const std::string& bearer) { return http.get(app.url(path), auth(bearer)); }
  HttpResult post(const std::string& path, const json::value& body, const std::string& bearer) {
    return http.post_json(app.url(path), json::serialize(body), auth(bearer));
  }
  HttpResult send(const std::string& method, const std::string& path, const json::value& body,
                  const std::string& bearer) {
    auto headers = auth(bearer);
    headers.push_back("Content-Type: application/json");
    return http.send(
        HttpCall{.method = method, .url = app.url(path), .headers = headers, .body = json::serialize(body)});
  }
  HttpResult notify(const std::string& body) { return http.post_json(app.url("/api/payment/notify/wechat"), body); }

  // An order of 30 days of VIP by WeChat, started at the provider; answers its id.
  std::string started_order() {
    const std::string buyer = token(buyer_id, kMoneyBuyer);
    auto created = post("/api/payment/orders",
                        json::object{{"currency", "CNY"},
                                     {"productType", "vip"},
                                     {"productId", "vip"},
                                     {"options", R"({"duration":720,"paymentMethod":"wechat"})"}},
                        buyer);
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string id(created.json().at("id").as_string());
    EXPECT_EQ(post("/api/payment/pay", json::object{{"orderId", id}, {"method", "wechat"}}, buyer).status, 200);
    return id;
  }
  std::string state_of(const std::string& id) { return std::string(payments::to_string(orders.find(id)->state)); }
  std::int64_t vip_end() {
    auth::MembershipRepository memberships(database);
    return memberships.account(kMoneyBuyer, core::system_unix_now()).vip_expires_at.value_or(0);
  }
  long long scalar(const std::string& query) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << query, soci::into(n);
      return n;
    });
  }
  std::vector<std::string> ids(const HttpResult& listed) {
    std::vector<std::string> out;
    const auto listed_body = listed.json();
    for (const auto& item : listed_body.at("items").as_array()) out.emplace_back(item.at("id").as_string());
    return out;
  }
};

TEST_F(ConsoleMoney, APriceEditShowsInThePricingCall) {
  auto listed = get("/api/console/prices?product_type=vip", op());
  ASSERT_EQ(listed.status, 200) << listed.body;
  EXPECT_EQ(listed.json().at("total"), 6);  // 3 durations in CNY and in USD

  auto set =
      send("PUT", "/api/console/prices",
           json::object{{"product_type", "vip"}, {"duration", 720}, {"currency", "CNY"}, {"amount_minor", 2590}}, op());
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json().at("amount_minor"), 2590);
  auto pricing = http.get(app.url("/api/payment/pricing?product_type=vip&currency=CNY"));
  ASSERT_EQ(pricing.status, 200);
  bool seen = false;
  const auto pricing_body = pricing.json();
  for (const auto& item : pricing_body.at("data").at("items").as_array()) {
    if (item.at("duration") == 720) {
      seen = true;
      EXPECT_DOUBLE_EQ(item.at("amount").to_number<double>(), 25.9);
    }
  }
  EXPECT_TRUE(seen);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'op:" + std::string(kMoneyOperator) +
                   "' AND action = 'price.set'"),
            1);

  auto removed = send("DELETE", "/api/console/prices",
                      json::object{{"product_type", "vip"}, {"duration", 720}, {"currency", "CNY"}}, op());
  EXPECT_EQ(removed.status, 204) << removed.body;
  EXPECT_EQ(http.get(app.url("/api/payment/pricing?product_type=vip&currency=CNY"))
                .json()
                .at("data")
                .at("items")
                .as_array()
                .size(),
            2U);

  auto bad_duration =
      send("PUT", "/api/console/prices",
           json::object{{"product_type", "vip"}, {"duration", 5}, {"currency", "CNY"}, {"amount_minor", 100}}, op());
  EXPECT_EQ(bad_duration.status, 422);
  EXPECT_EQ(error_field(bad_duration), "duration");
  auto bad_amount =
      send("PUT", "/api/console/prices",
           json::object{{"product_type", "vip"}, {"duration", 720}, {"currency", "CNY"}, {"amount_minor", 0}}, op());
  EXPECT_EQ(error_field(bad_amount), "amount_minor");
  auto bad_currency =
      send("PUT", "/api/console/prices",
           json::object{{"product_type", "vip"}, {"duration", 720}, {"currency", "EUR"}, {"amount_minor", 100}}, op());
  EXPECT_EQ(error_field(bad_currency), "currency");
}

TEST_F(ConsoleMoney, OrdersAreFilteredSortedAndPagedOnTheServer) {
  std::vector<std::string> mine;
  for (int i = 0; i < 5; ++i) mine.push_back(insert_awaiting_vip_order(orders, buyer_id, kMoneyBuyer));
  const std::string others = insert_awaiting_vip_order(orders, other_id, kOtherMoneyBuyer);
  ASSERT_TRUE(orders.transition(others, payments::OrderState::awaiting_payment, payments::OrderState::expired, "test",
                                "", core::system_unix_now()));

  auto all = get("/api/console/orders", op());
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_EQ(all.json().at("total"), 6);
  EXPECT_EQ(get("/api/console/orders?q=" + std::string(kMoneyBuyer), op()).json().at("total"), 5);
  auto by_mail = get("/api/console/orders?q=Buyer@Example.com", op());
  EXPECT_EQ(by_mail.json().at("total"), 5);
  EXPECT_EQ(by_mail.json().at("items").as_array()[0].at("email"), "buyer@example.com");
  EXPECT_EQ(ids(get("/api/console/orders?q=" + others.substr(0, 12), op())).front(), others);
  EXPECT_EQ(ids(get("/api/console/orders?q=" + others, op())), std::vector<std::string>{others});
  EXPECT_EQ(ids(get("/api/console/orders?state=expired", op())), std::vector<std::string>{others});
  EXPECT_EQ(get("/api/console/orders?method=alipay&product_type=vip", op()).json().at("total"), 6);
  EXPECT_EQ(get("/api/console/orders?method=wechat", op()).json().at("total"), 0);
  const auto now = core::system_unix_now();
  EXPECT_EQ(get("/api/console/orders?from=" + std::to_string(now - 600) + "&to=" + std::to_string(now + 600), op())
                .json()
                .at("total"),
            6);
  EXPECT_EQ(get("/api/console/orders?to=" + std::to_string(now - 600), op()).json().at("total"), 0);

  auto page1 = get("/api/console/orders?page_size=4&sort=amount_minor&order=asc", op());
  auto page2 = get("/api/console/orders?page_size=4&sort=amount_minor&order=asc&page=2", op());
  EXPECT_EQ(ids(page1).size(), 4U);
  EXPECT_EQ(ids(page2).size(), 2U);
  EXPECT_EQ(page2.json().at("page"), 2);
  const auto first = ids(page1);
  for (const auto& id : ids(page2)) EXPECT_EQ(std::count(first.begin(), first.end(), id), 0);

  for (const auto& [query, field] : std::vector<std::pair<std::string, std::string>>{{"state=lost", "state"},
                                                                                     {"method=cash", "method"},
                                                                                     {"sort=id", "sort"},
                                                                                     {"from=yesterday", "from"},
                                                                                     {"q=%25%25", "q"},
                                                                                     {"page_size=0", "page_size"}}) {
    auto refused = get("/api/console/orders?" + query, op());
    EXPECT_EQ(refused.status, 422) << query;
    EXPECT_EQ(error_field(refused), field) << query;
  }
}

TEST_F(ConsoleMoney, AnOrderShowsEveryTransitionAndNotificationAsReceived) {
  const std::string id = started_order();
  const std::string body = FakePaymentProvider::notification(id, "ev1", "TRADE_SUCCESS", kVip30Cny, "CNY");
  ASSERT_EQ(notify(body).status, 200);
  auto shown = get("/api/console/orders/" + id, op());
  ASSERT_EQ(shown.status, 200) << shown.body;
  EXPECT_EQ(shown.json().at("state"), "fulfilled");
  EXPECT_EQ(shown.json().at("steam_id"), kMoneyBuyer);
  std::vector<std::string> steps;
  const auto shown_body = shown.json();
  for (const auto& event : shown_body.at("events").as_array()) {
    const std::string kind(event.at("kind").as_string());
    steps.push_back(kind == "transition" ? std::string(event.at("to_state").as_string()) : kind);
    if (kind == "notification") {
      EXPECT_EQ(event.at("details").at("body").as_string(), body);
      EXPECT_EQ(event.at("details").at("event_id"), "ev1");
      EXPECT_EQ(event.at("details").at("outcome"), "applied");
    }
  }
  EXPECT_EQ(steps, (std::vector<std::string>{"created", "awaiting_payment", "notification", "paid", "fulfilled"}));
  auto missing = get("/api/console/orders/ord_nothing", op());
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(error_code(missing), "ORDER_NOT_FOUND");
}

TEST_F(ConsoleMoney, ARefundFromTheConsoleEndsRefundedAndNamesTheOperator) {
  const std::string id = started_order();
  ASSERT_EQ(notify(FakePaymentProvider::notification(id, "ev1", "TRADE_SUCCESS", kVip30Cny, "CNY")).status, 200);
  ASSERT_GT(vip_end(), core::system_unix_now());

  auto refunded = post("/api/console/orders/" + id + "/refund", json::object{{"reason", "bought twice"}}, op());
  ASSERT_EQ(refunded.status, 200) << refunded.body;
  EXPECT_EQ(refunded.json().at("state"), "refunded");
  EXPECT_EQ(state_of(id), "refunded");
  EXPECT_EQ(wechat->refunds().size(), 1U);
  EXPECT_LE(vip_end(), core::system_unix_now());  // the VIP days went back with the money
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'op:" + std::string(kMoneyOperator) +
                   "' AND action = 'order.refunded' AND target = 'order:" + id + "' AND details LIKE '%bought twice%'"),
            1);

  auto again = post("/api/console/orders/" + id + "/refund", json::object{{"reason", "again"}}, op());
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(error_code(again), "ORDER_NOT_REFUNDABLE");
  auto no_reason = post("/api/console/orders/" + id + "/refund", json::object{}, op());
  EXPECT_EQ(no_reason.status, 422);
  EXPECT_EQ(error_field(no_reason), "reason");
}

TEST_F(ConsoleMoney, AHeldPaymentIsReleasedToFulfilmentOnce) {
  const std::string id = started_order();
  ASSERT_EQ(notify(FakePaymentProvider::notification(id, "short", "TRADE_SUCCESS", kVip30Cny - 1, "CNY")).status, 200);
  ASSERT_EQ(state_of(id), "held");
  EXPECT_EQ(vip_end(), 0);

  auto released =
      post("/api/console/orders/" + id + "/release", json::object{{"reason", "one fen short, accepted"}}, op());
  ASSERT_EQ(released.status, 200) << released.body;
  EXPECT_EQ(released.json().at("state"), "fulfilled");
  EXPECT_GT(vip_end(), core::system_unix_now() + 29 * 86400);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'op:" + std::string(kMoneyOperator) +
                   "' AND action = 'order.paid' AND details LIKE '%one fen short%'"),
            1);
  const auto end = vip_end();
  auto again = post("/api/console/orders/" + id + "/release", json::object{{"reason", "again"}}, op());
  EXPECT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(vip_end(), end);
  EXPECT_EQ(orders.count_fulfilments(id), 1);

  const std::string open = started_order();
  auto not_held = post("/api/console/orders/" + open + "/release", json::object{{"reason", "x"}}, op());
  EXPECT_EQ(not_held.status, 409);
  EXPECT_EQ(error_code(not_held), "ORDER_NOT_HELD");
}

TEST_F(ConsoleMoney, APlayerWhoIsNotAnOperatorIsRefusedEverywhere) {
  const std::string id = started_order();
  const std::string player = token(buyer_id, kMoneyBuyer);
  const json::object key{{"product_type", "vip"}, {"duration", 720}, {"currency", "CNY"}};
  json::object price = key;
  price["amount_minor"] = 1;
  std::vector<HttpResult> answers = {
      get("/api/console/prices", player),
      send("PUT", "/api/console/prices", price, player),
      send("DELETE", "/api/console/prices", key, player),
      get("/api/console/orders", player),
      get("/api/console/orders/" + id, player),
      post("/api/console/orders/" + id + "/refund", json::object{{"reason", "x"}}, player),
      post("/api/console/orders/" + id + "/release", json::object{{"reason", "x"}}, player),
  };
  for (const auto& answer : answers) {
    EXPECT_EQ(answer.status, 403) << answer.body;
    EXPECT_EQ(error_code(answer), "FORBIDDEN");
  }
  EXPECT_EQ(http.get(app.url("/api/console/orders")).status, 401);
  EXPECT_EQ(state_of(id), "awaiting_payment");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'price.set' AND actor <> 'demo'"), 0);
}

}  // namespace
}  // namespace portal::test
