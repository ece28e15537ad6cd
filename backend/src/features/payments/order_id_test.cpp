#include "features/payments/order_repository.hpp"

#include <gtest/gtest.h>

#include <set>

namespace portal::payments {
namespace {

// WeChat Pay refuses an out_trade_no over 32 characters or outside [0-9A-Za-z_-|*]: every order id
// must pass at every provider.
TEST(OrderId, FitsEveryProvidersOrderNumber) {
  std::set<std::string> seen;
  for (int i = 0; i < 2000; ++i) {
    const std::string id = new_order_id();
    ASSERT_EQ(id.size(), 30u) << id;
    ASSERT_EQ(id.rfind("ord_", 0), 0u) << id;
    for (char c : id.substr(4)) {
      ASSERT_TRUE((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7')) << id;
    }
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 2000u) << "128 random bits never repeat in 2000 draws";
}

}  // namespace
}  // namespace portal::payments
