#include "features/payments/pricing_rules.hpp"

#include <gtest/gtest.h>

namespace portal::payments {
namespace {

TEST(PaymentsPricingRules, ParsesDecimalTextIntoMinorUnits) {
  EXPECT_EQ(*parse_minor("30"), 3000);
  EXPECT_EQ(*parse_minor("30.5"), 3050);
  EXPECT_EQ(*parse_minor("30.05"), 3005);
  EXPECT_EQ(*parse_minor("0.01"), 1);
  EXPECT_EQ(*parse_minor("4.99"), 499);
  EXPECT_EQ(*parse_minor("1000000"), 100'000'000);
}

TEST(PaymentsPricingRules, RefusesWhatIsNotAnAmount) {
  for (const char* bad :
       {"", "0", "0.00", "-1", "1.234", "1.", ".5", "1,5", "1e3", "abc", "1000000.01", " 1", "+1", "99999999999"}) {
    const auto parsed = parse_minor(bad, "amount");
    ASSERT_FALSE(parsed) << bad;
    EXPECT_EQ(parsed.error().code, "VALIDATION_FAILED");
    EXPECT_EQ(parsed.error().details.at("field"), "amount");
  }
}

TEST(PaymentsPricingRules, FormatsMinorUnitsWithTwoDecimals) {
  EXPECT_EQ(format_minor(3000), "30.00");
  EXPECT_EQ(format_minor(3005), "30.05");
  EXPECT_EQ(format_minor(1), "0.01");
  EXPECT_DOUBLE_EQ(major_units(3050), 30.5);
}

TEST(PaymentsPricingRules, OnlyTheSpecsDurationsAndCurrencies) {
  for (auto hours : {4, 8, 72, 168, 720, 2160, 8760}) EXPECT_TRUE(is_duration(hours));
  for (auto hours : {0, 1, 24, 169, 8761}) EXPECT_FALSE(is_duration(hours));
  EXPECT_TRUE(is_currency("CNY"));
  EXPECT_TRUE(is_currency("USD"));
  EXPECT_FALSE(is_currency("usd"));
  EXPECT_FALSE(is_currency("EUR"));
}

TEST(PaymentsPricingRules, UsdIffPaypal) {
  EXPECT_TRUE(check_method_rules(Method::alipay, "CNY", 4));
  EXPECT_TRUE(check_method_rules(Method::wechat, "CNY", 4));
  EXPECT_TRUE(check_method_rules(Method::paypal, "USD", 168));
  EXPECT_EQ(check_method_rules(Method::alipay, "USD", 720).error().code, "CURRENCY_MISMATCH");
  EXPECT_EQ(check_method_rules(Method::wechat, "USD", 720).error().code, "CURRENCY_MISMATCH");
  EXPECT_EQ(check_method_rules(Method::paypal, "CNY", 720).error().code, "CURRENCY_MISMATCH");
}

TEST(PaymentsPricingRules, PaypalNeedsAWeekOrMore) {
  for (auto hours : {4, 8, 72}) {
    EXPECT_EQ(check_method_rules(Method::paypal, "USD", hours).error().code, "PAYPAL_MIN_DURATION") << hours;
  }
  for (auto hours : {168, 720, 2160, 8760}) EXPECT_TRUE(check_method_rules(Method::paypal, "USD", hours)) << hours;
  EXPECT_TRUE(check_method_rules(Method::alipay, "CNY", 4));
}

}  // namespace
}  // namespace portal::payments
