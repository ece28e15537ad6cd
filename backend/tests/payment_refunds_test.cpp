// Refunds after the provider's first answer: one it accepted but had not finished is asked about until
// it says completed or failed; one whose answer never reached us (the portal stopped between asking
// and recording) is recorded from the provider's word. The product is taken back in the refund's own
// transaction, so a refund is never recorded without its take-back, nor the take-back without it.
// Through PaymentProcessor on a database of its own (no App, so no job races the test), with a fake
// provider, the real VIP product and a clock the test moves.

#include "app/wiring/payments.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/payment_processor.hpp"
#include "support/fake_payment_provider.hpp"
#include "support/payment_orders.hpp"
#include "support/payment_engine_fixture.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <stdexcept>

namespace portal::test {
namespace {

// Wraps the real VIP product; its take-back can be made to fail with a database error, as a busy or
// lost connection would.
class BreakableVip final : public payments::Fulfiller {
 public:
  explicit BreakableVip(std::shared_ptr<payments::Fulfiller> vip) : vip_(std::move(vip)) {}
  std::atomic<bool> break_take_back{false};
  std::atomic<int> take_backs_outside_transaction{0};

  std::string_view product_type() const override { return vip_->product_type(); }
  core::Status validate_options(const payments::OrderRequestView& request) const override {
    return vip_->validate_options(request);
  }
  bool joins_payment_transaction() const override { return true; }
  core::Result<std::string> fulfil(const payments::Order& order, soci::session* sql) override {
    return vip_->fulfil(order, sql);
  }
  core::Status revoke(const payments::Order& order, soci::session* sql) override {
    if (!sql) ++take_backs_outside_transaction;
    auto taken = vip_->revoke(order, sql);
    if (break_take_back) throw soci::soci_error("connection lost");
    return taken;
  }

 private:
  std::shared_ptr<payments::Fulfiller> vip_;
};

class PaymentRefunds : public PaymentEngineFixture {
 protected:
  auth::MembershipRepository membership_repository{database};
  auth::MembershipService memberships{membership_repository, [this] { return now.load(); }};
  std::shared_ptr<BreakableVip> vip = std::make_shared<BreakableVip>(app::make_vip_fulfiller(memberships));

  void SetUp() override { start_engine(vip); }

  // An order of 30 days of VIP, paid and fulfilled.
  std::string fulfilled_vip_order() {
    const std::string id = insert_awaiting_vip_order(orders, buyer_id, kBuyer);
    payments::ProviderPayment paid;
    paid.order_id = id;
    paid.provider_ref = "ref_" + id;
    paid.state = payments::ProviderState::paid;
    paid.amount = payments::Money{3000, "CNY"};
    EXPECT_EQ(processor->apply(payments::Method::alipay, paid, "test"), payments::ApplyOutcome::applied);
    EXPECT_GT(vip_end(), now.load());
    return id;
  }
  std::int64_t vip_end() { return membership_repository.account(kBuyer, now.load()).vip_expires_at.value_or(0); }
  std::string refund_state(const std::string& refund_id) {
    return database.with_session([&](soci::session& sql) {
      std::string state;
      sql << "SELECT state FROM refunds WHERE refund_id = :id", soci::use(refund_id), soci::into(state);
      return state;
    });
  }
  std::int64_t audits(const std::string& action, const std::string& order_id) {
    return audits_on(action, "order:" + order_id);
  }
  std::int64_t audits_on(const std::string& action, const std::string& target) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << "SELECT COUNT(*) FROM audit_log WHERE action = :action AND target = :target", soci::use(action),
          soci::use(target), soci::into(n);
      return static_cast<std::int64_t>(n);
    });
  }
  static std::string refund_id_of(const std::string& order_id) { return "rfd_" + order_id.substr(4); }
};

TEST_F(PaymentRefunds, ARefundTheProviderFinishesLaterIsFollowedUntilItIsCompleted) {
  const std::string id = fulfilled_vip_order();
  alipay->refund_later();
  auto refunded = processor->refund(id, "asked by the buyer", "cli");
  ASSERT_TRUE(refunded) << refunded.error().message;
  EXPECT_FALSE(refunded->completed);
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::refunded);
  EXPECT_LE(vip_end(), now.load()) << "the days went with the refund, in its transaction";
  EXPECT_EQ(vip->take_backs_outside_transaction, 0);
  EXPECT_EQ(refund_state(refunded->refund_id), "pending");

  processor->follow_refunds();
  EXPECT_EQ(refund_state(refunded->refund_id), "pending") << "the provider has not finished";

  alipay->report_refund(refunded->refund_id, payments::RefundState::completed);
  processor->follow_refunds();
  EXPECT_EQ(refund_state(refunded->refund_id), "completed");
  EXPECT_EQ(audits("order.refund_completed", id), 1);

  const int asked = alipay->refund_queries();
  processor->follow_refunds();
  EXPECT_EQ(alipay->refund_queries(), asked) << "a completed refund is not asked about again";
  EXPECT_EQ(audits("order.refund_completed", id), 1);
}

TEST_F(PaymentRefunds, ARefundThatFailsAtTheProviderIsLeftForTheOperator) {
  const std::string id = fulfilled_vip_order();
  alipay->refund_later();
  auto refunded = processor->refund(id, "asked by the buyer", "cli");
  ASSERT_TRUE(refunded) << refunded.error().message;

  alipay->report_refund(refunded->refund_id, payments::RefundState::failed);  // the buyer's card is closed
  processor->follow_refunds();
  EXPECT_EQ(refund_state(refunded->refund_id), "failed");
  EXPECT_EQ(audits("order.refund_failed", id), 1);
  const int asked = alipay->refund_queries();
  processor->follow_refunds();
  EXPECT_EQ(alipay->refund_queries(), asked) << "a failed refund is the operator's now";
}

TEST_F(PaymentRefunds, ARefundWhoseAnswerWasLostIsRecordedFromTheProvider) {
  const std::string id = fulfilled_vip_order();
  const std::string refund_id = refund_id_of(id);
  // The portal asked for the refund and stopped before the answer was recorded.
  orders.record_refund_request(refund_id, *orders.find(id), now.load());
  alipay->report_refund(refund_id, payments::RefundState::completed);

  now += 30;
  processor->follow_refunds();
  EXPECT_EQ(refund_state(refund_id), "requested") << "a refund asked moments ago may still get its answer";
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled);

  now += 60;
  processor->follow_refunds();
  EXPECT_EQ(refund_state(refund_id), "completed");
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::refunded);
  EXPECT_LE(vip_end(), now.load()) << "taken back with the refund";
  EXPECT_EQ(audits_on("vip.revoke", std::string("steam:") + kBuyer), 1);
  EXPECT_EQ(audits("order.refunded", id), 1);
}

TEST_F(PaymentRefunds, ARefundTheProviderNeverReceivedStaysForTheOperator) {
  const std::string id = fulfilled_vip_order();
  const std::string refund_id = refund_id_of(id);
  orders.record_refund_request(refund_id, *orders.find(id), now.load());
  now += 120;
  processor->follow_refunds();  // the provider knows no such refund
  EXPECT_EQ(refund_state(refund_id), "requested");
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled);
  EXPECT_GT(vip_end(), now.load()) << "nothing was refunded, nothing is taken";
}

TEST_F(PaymentRefunds, ATakeBackThatFailsTakesTheRefundsRecordWithItAndTheJobCompletesBoth) {
  const std::string id = fulfilled_vip_order();
  vip->break_take_back = true;
  EXPECT_THROW((void)processor->refund(id, "asked by the buyer", "cli"), soci::soci_error);
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::fulfilled) << "neither the refund's record…";
  EXPECT_GT(vip_end(), now.load()) << "…nor the take-back was committed";
  const std::string refund_id = refund_id_of(id);
  EXPECT_EQ(refund_state(refund_id), "requested");
  EXPECT_EQ(alipay->refunds().count(refund_id), 1u) << "the provider did refund";

  vip->break_take_back = false;
  now += 61;
  processor->follow_refunds();
  EXPECT_EQ(orders.find(id)->state, payments::OrderState::refunded);
  EXPECT_LE(vip_end(), now.load());
  EXPECT_EQ(refund_state(refund_id), "completed");
  EXPECT_EQ(alipay->refunds().size(), 1u) << "refunded once at the provider";
}

}  // namespace
}  // namespace portal::test
