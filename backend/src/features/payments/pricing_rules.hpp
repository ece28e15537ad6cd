#pragma once
// The rules of prices that need no database: the spec's durations, the currencies, money as decimal
// text <-> integer minor units, and which currency and durations a payment method takes (spec 001
// sections 3, 4 and 9).

#include "core/result.hpp"
#include "integrations/payments/provider.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::payments {

// The durations (hours) the spec sells: 4 h, 8 h, 3 days, a week, 30, 90 and 365 days.
inline constexpr std::array<std::int64_t, 7> kDurationsHours{4, 8, 72, 168, 720, 2160, 8760};
inline constexpr std::int64_t kPaypalMinHours = 168;
inline constexpr std::int64_t kMaxAmountMinor = 100'000'000;  // 1,000,000.00: far above any price, below overflow

bool is_duration(std::int64_t hours);
bool is_currency(std::string_view currency);  // CNY or USD

// "30", "30.5", "30.50" -> 3050. At most 2 decimals, positive, at most 1,000,000.00; else
// VALIDATION_FAILED naming `field`.
core::Result<std::int64_t> parse_minor(std::string_view text, std::string_view field = "amount");
// 3050 -> "30.50".
std::string format_minor(std::int64_t minor);
// 3050 -> 30.5: what the JSON answers carry (numbers in major units, at most 2 decimals).
double major_units(std::int64_t minor);

// The currency a method is paid in: USD for PayPal, CNY otherwise.
std::string_view currency_for(Method method);
// CURRENCY_MISMATCH or PAYPAL_MIN_DURATION when the method cannot pay this currency or duration.
core::Status check_method_rules(Method method, std::string_view currency, std::int64_t duration_hours);

}  // namespace portal::payments
