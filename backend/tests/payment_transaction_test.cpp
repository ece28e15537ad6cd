// A product whose rows live in the payment database (the rental) is fulfilled inside the payment's
// transaction: its writes commit with the payment, and a fulfilment that fails takes back only its own
// writes. It is tried inside a transaction on every try, not only the first: a fulfilment that failed
// for a passing reason is made by the provider's retry or the paid-not-fulfilled sweep, whole, once;
// one refused on a later try is refunded. Through OrderRepository and PaymentProcessor on a database
// of their own (no App, so no job of the App's races the test), with a fake provider and product.

#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/payment_processor.hpp"
#include "support/fake_payment_provider.hpp"
#include "support/payment_orders.hpp"
#include "support/payment_engine_fixture.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

namespace portal::test {
namespace {

// A product that shares the payment's database: it writes a marker row through the transaction it is
// handed, and fails for a passing reason (the database was busy) the first `failures` times.
class FlakyJoinedProduct final : public payments::Fulfiller {
 public:
  std::atomic<int> failures{0};
  std::atomic<bool> refuse{false};
  std::atomic<int> calls{0};
  std::atomic<int> without_transaction{0};

  std::string_view product_type() const override { return "vip"; }
  core::Status validate_options(const payments::OrderRequestView&) const override { return core::Ok{}; }
  bool joins_payment_transaction() const override { return true; }
  core::Result<std::string> fulfil(const payments::Order& order, soci::session* sql) override {
    ++calls;
    if (!sql) {
      ++without_transaction;
      return core::Error::make(core::ErrorKind::internal, "FULFILMENT_NEEDS_TRANSACTION", "no transaction");
    }
    const std::string target = "order:" + order.id;
    *sql << "INSERT INTO audit_log (actor, action, target, details) VALUES ('test', 'test.product', :target, '{}')",
        soci::use(target);
    if (refuse) return payments::refusal(core::Error::make(core::ErrorKind::conflict, "SOLD_OUT", "sold out"));
    if (failures > 0) {
      --failures;
      return core::Error::make(core::ErrorKind::unavailable, "DATABASE_BUSY", "database is busy");
    }
    return std::string("made");
  }
  core::Status revoke(const payments::Order&, soci::session*) override { return core::Ok{}; }
};

class PaymentFulfilmentRetry : public PaymentEngineFixture {
 protected:
  std::shared_ptr<FlakyJoinedProduct> product = std::make_shared<FlakyJoinedProduct>();

  void SetUp() override { start_engine(product); }

  payments::ProviderPayment paid(const std::string& order_id) {
    payments::ProviderPayment p;
    p.order_id = order_id;
    p.provider_ref = "ref_" + order_id;
    p.state = payments::ProviderState::paid;
    p.amount = payments::Money{3000, "CNY"};
    return p;
  }
  std::int64_t product_rows(const std::string& order_id) {
    return database.with_session([&](soci::session& sql) {
      const std::string target = "order:" + order_id;
      long long n = 0;
      sql << "SELECT COUNT(*) FROM audit_log WHERE action = 'test.product' AND target = :target", soci::use(target),
          soci::into(n);
      return static_cast<std::int64_t>(n);
    });
  }
};

TEST_F(PaymentFulfilmentRetry, APassingFailureIsMadeGoodInATransactionByTheSweep) {
  const std::string id = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  product->failures = 2;  // the payment's own try and the immediate retry
  EXPECT_EQ(processor->apply(payments::Method::alipay, paid(id), "test"), payments::ApplyOutcome::failed)
      << "not fulfilled yet: the provider is asked to notify again";
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::paid) << "the money is recorded";
  EXPECT_EQ(product_rows(id), 0) << "the failed tries left nothing behind";

  processor->expire_due();  // the paid-not-fulfilled sweep
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled);
  EXPECT_EQ(orders.count_fulfilments(id), 1);
  EXPECT_EQ(product_rows(id), 1);
  EXPECT_EQ(product->without_transaction, 0) << "never tried outside a transaction";

  processor->expire_due();
  EXPECT_EQ(processor->apply(payments::Method::alipay, paid(id), "test"), payments::ApplyOutcome::unchanged);
  EXPECT_EQ(product_rows(id), 1) << "made once";
  EXPECT_EQ(product->calls, 3);
}

TEST_F(PaymentFulfilmentRetry, TheProvidersRetryMakesItWhenTheSweepHasNotYet) {
  const std::string id = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  product->failures = 2;
  ASSERT_EQ(processor->apply(payments::Method::alipay, paid(id), "test"), payments::ApplyOutcome::failed);
  EXPECT_EQ(processor->apply(payments::Method::alipay, paid(id), "test"), payments::ApplyOutcome::unchanged)
      << "the repeated notification is answered as taken";
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled);
  EXPECT_EQ(product_rows(id), 1);
  EXPECT_EQ(product->without_transaction, 0);
}

TEST_F(PaymentFulfilmentRetry, ARefusalOnALaterTryIsRefunded) {
  const std::string id = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  product->failures = 2;
  ASSERT_EQ(processor->apply(payments::Method::alipay, paid(id), "test"), payments::ApplyOutcome::failed);
  product->refuse = true;  // the region filled up meanwhile
  processor->expire_due();
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::refunded);
  EXPECT_EQ(alipay->refunds().size(), 1u);
  EXPECT_EQ(product_rows(id), 0) << "the refused try's writes are gone";
  EXPECT_EQ(orders.count_fulfilments(id), 0);
}

// The fulfilment of a product whose rows live in the payment database commits with the payment. A
// fulfilment that fails takes back only its own writes: the payment stays recorded (the money is
// never lost) and the order waits, paid, for the fulfilment to be tried again.
class PaymentTransaction : public PaymentFulfilmentRetry {
 protected:
  std::int64_t audit_rows(const std::string& kind) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << "SELECT COUNT(*) FROM audit_log WHERE action = :kind", soci::use(kind), soci::into(n);
      return static_cast<std::int64_t>(n);
    });
  }
  static void write_marker(soci::session& sql) {
    sql << "INSERT INTO audit_log (actor, action, target, details) VALUES ('test', 'test.marker', '', '{}')";
  }
};

TEST_F(PaymentTransaction, AFulfilmentThatSucceedsCommitsWithThePayment) {
  const std::string id = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  auto recorded = orders.record_payment(id, {.provider_ref = "tx1"}, "test", core::system_unix_now(),
                                        [](soci::session& sql, const payments::Order&) -> core::Result<std::string> {
                                          write_marker(sql);
                                          return std::string("done");
                                        });
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->order.state, payments::OrderState::fulfilled);
  EXPECT_EQ(orders.count_fulfilments(id), 1);
  EXPECT_EQ(audit_rows("test.marker"), 1);
}

TEST_F(PaymentTransaction, AFailedFulfilmentKeepsThePaymentAndUndoesOnlyItsOwnWrites) {
  const std::string refused = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  auto recorded = orders.record_payment(refused, {.provider_ref = "tx2"}, "test", core::system_unix_now(),
                                        [](soci::session& sql, const payments::Order&) -> core::Result<std::string> {
                                          write_marker(sql);
                                          return core::Error::make(core::ErrorKind::conflict, "NOPE", "refused");
                                        });
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->outcome, payments::PaidOutcome::recorded);
  EXPECT_EQ(orders.find(refused)->state, payments::OrderState::paid) << "the payment is kept";
  EXPECT_EQ(orders.count_fulfilments(refused), 0);

  const std::string thrown = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
  recorded = orders.record_payment(thrown, {.provider_ref = "tx3"}, "test", core::system_unix_now(),
                                   [](soci::session& sql, const payments::Order&) -> core::Result<std::string> {
                                     write_marker(sql);
                                     sql << "INSERT INTO no_such_table (x) VALUES (1)";
                                     return std::string("unreachable");
                                   });
  ASSERT_TRUE(recorded);
  EXPECT_EQ(orders.find(thrown)->state, payments::OrderState::paid) << "a refused statement keeps the payment too";
  EXPECT_EQ(audit_rows("test.marker"), 0) << "the failed fulfilments' own writes are gone";
  EXPECT_GE(audit_rows("order.paid"), 2);
}

}  // namespace
}  // namespace portal::test
