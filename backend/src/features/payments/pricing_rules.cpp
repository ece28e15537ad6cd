#include "features/payments/pricing_rules.hpp"

#include "features/payments/errors.hpp"

#include <algorithm>

namespace portal::payments {

bool is_duration(std::int64_t hours) {
  return std::find(kDurationsHours.begin(), kDurationsHours.end(), hours) != kDurationsHours.end();
}

bool is_currency(std::string_view currency) { return currency == "CNY" || currency == "USD"; }

core::Result<std::int64_t> parse_minor(std::string_view text, std::string_view field) {
  const auto bad = [&] {
    return core::validation_failed(
        field, std::string(field) + " must be a positive amount with at most 2 decimals, e.g. 30 or 4.99");
  };
  const auto dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 9) return bad();
  if (dot != std::string_view::npos && (fraction.empty() || fraction.size() > 2)) return bad();
  std::int64_t minor = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return bad();
    minor = minor * 10 + (c - '0');
  }
  std::int64_t cents = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    const char c = i < fraction.size() ? fraction[i] : '0';
    if (c < '0' || c > '9') return bad();
    cents = cents * 10 + (c - '0');
  }
  minor = minor * 100 + cents;
  if (minor <= 0 || minor > kMaxAmountMinor) return bad();
  return minor;
}

std::string format_minor(std::int64_t minor) {
  const std::int64_t cents = minor % 100;
  return std::to_string(minor / 100) + "." + (cents < 10 ? "0" : "") + std::to_string(cents);
}

double major_units(std::int64_t minor) { return static_cast<double>(minor) / 100.0; }

std::string_view currency_for(Method method) { return method == Method::paypal ? "USD" : "CNY"; }

core::Status check_method_rules(Method method, std::string_view currency, std::int64_t duration_hours) {
  const auto expected = currency_for(method);
  if (currency != expected) return errors::currency_mismatch(to_string(method), expected);
  if (method == Method::paypal && duration_hours < kPaypalMinHours) return errors::paypal_min_duration(kPaypalMinHours);
  return core::Ok{};
}

}  // namespace portal::payments
