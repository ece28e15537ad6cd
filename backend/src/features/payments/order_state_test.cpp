#include "features/payments/order_state.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace portal::payments {
namespace {

using S = OrderState;
constexpr S kAll[] = {S::created, S::awaiting_payment, S::paid,     S::fulfilled,
                      S::expired, S::failed,           S::refunded, S::held};

TEST(PaymentsOrderState, AllowsExactlyTheDocumentedTransitions) {
  const std::set<std::pair<S, S>> expected = {
      {S::created, S::awaiting_payment},
      {S::created, S::paid},
      {S::created, S::held},
      {S::created, S::expired},
      {S::created, S::failed},
      {S::awaiting_payment, S::paid},
      {S::awaiting_payment, S::held},
      {S::awaiting_payment, S::expired},
      {S::awaiting_payment, S::failed},
      {S::expired, S::paid},
      {S::expired, S::held},
      {S::failed, S::paid},
      {S::failed, S::held},
      {S::paid, S::fulfilled},
      {S::paid, S::refunded},
      {S::paid, S::held},
      {S::fulfilled, S::refunded},
      {S::held, S::paid},
      {S::held, S::refunded},
  };
  for (S from : kAll) {
    for (S to : kAll) {
      EXPECT_EQ(allowed(from, to), expected.contains({from, to})) << to_string(from) << " -> " << to_string(to);
    }
  }
}

TEST(PaymentsOrderState, ALatePaymentIsHonouredButNothingLeavesRefunded) {
  EXPECT_TRUE(allowed(S::expired, S::paid));
  EXPECT_FALSE(allowed(S::fulfilled, S::paid));  // a repeated SUCCESS changes nothing
  for (S to : kAll) EXPECT_FALSE(allowed(S::refunded, to));
}

TEST(PaymentsOrderState, NamesRoundTripAndWebStatusFollowsTheSpec) {
  for (S s : kAll) EXPECT_EQ(order_state_from(to_string(s)), s);
  EXPECT_FALSE(order_state_from("PAID").has_value());
  EXPECT_EQ(web_status(S::awaiting_payment), "pending");
  EXPECT_EQ(web_status(S::paid), "pending") << "the web says 'arrived' only once it has";
  EXPECT_EQ(web_status(S::fulfilled), "paid");
  EXPECT_EQ(web_status(S::held), "review");
  EXPECT_TRUE(is_open(S::created));
  EXPECT_FALSE(is_open(S::expired));
}

}  // namespace
}  // namespace portal::payments
