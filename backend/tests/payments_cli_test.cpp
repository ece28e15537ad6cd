// `portal prices` and `portal orders` against the real binary and a fresh database.
#include "core/clock.hpp"
#include "db/database.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "support/cli_test.hpp"
#include "support/payment_orders.hpp"

#include <gmock/gmock.h>

namespace portal::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class PricesCli : public CliTest {
 protected:
  PricesCli() : CliTest("prices") {}
};

TEST_F(PricesCli, SetListAndRemoveAPriceInMinorUnitsAudited) {
  const auto set = ok({"set", "vip", "--hours", "720", "--currency", "CNY", "--amount", "29.90"});
  EXPECT_THAT(set, HasSubstr("29.90"));
  EXPECT_EQ(scalar("SELECT amount_minor FROM prices WHERE product_type = 'vip' AND duration_hours = 720"), 2990);
  ok({"set", "server_rental", "--hours", "168", "--relocatable", "--currency", "USD", "--amount", "32.50"});
  const auto listed = ok({"list", "--currency", "USD"});
  EXPECT_THAT(listed, HasSubstr("server_rental"));
  EXPECT_THAT(listed, Not(HasSubstr("29.90")));
  EXPECT_GE(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli'"), 2);

  refused({"set", "vip", "--hours", "100", "--currency", "CNY", "--amount", "1.00"}, "duration");
  refused({"set", "vip", "--hours", "720", "--currency", "EUR", "--amount", "1.00"}, "currency");
  refused({"set", "vip", "--hours", "720", "--currency", "CNY", "--amount", "1.001"}, "amount");
  ok({"remove", "vip", "--hours", "720", "--currency", "CNY"});
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM prices WHERE product_type = 'vip'"), 0);
  refused({"remove", "vip", "--hours", "720", "--currency", "CNY"}, "PRICE_NOT_FOUND");
}

class OrdersCli : public CliTest {
 protected:
  OrdersCli() : CliTest("orders") {}
};

TEST_F(OrdersCli, ListsAndShowsAnOrderWithItsHistoryAndRefusesWhatItCannotRefund) {
  ok({"list"});  // migrates the fresh database
  std::string id;
  {
    db::Database db(database.options());
    auth::UserRepository users(db);
    const auto user = users.upsert_steam_user("76561198000000077", "Buyer", "", core::system_unix_now());
    payments::OrderRepository orders(db);
    id = insert_awaiting_vip_order(orders, user.id, "76561198000000077");
  }
  const auto listed = ok({"list", "--state", "awaiting_payment"});
  EXPECT_THAT(listed, HasSubstr(id));
  EXPECT_THAT(listed, HasSubstr("30.00"));
  EXPECT_THAT(ok({"list", "--state", "fulfilled"}), Not(HasSubstr(id)));
  const auto shown = ok({"show", id});
  EXPECT_THAT(shown, HasSubstr("awaiting_payment"));
  EXPECT_THAT(shown, HasSubstr("history"));
  refused({"show", "ord_nothing"}, "order not found");
  refused({"list", "--state", "lost"}, "unknown state");
  // Nothing was paid: nothing to give back, and the order is left as it was.
  refused({"refund", id, "--reason", "test"}, "ORDER_NOT_REFUNDABLE");
  EXPECT_EQ(text("SELECT state FROM orders WHERE id = '" + id + "'"), "awaiting_payment");
}

}  // namespace
}  // namespace portal::test
