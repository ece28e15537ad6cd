#pragma once
// One line of the price table: what a product costs for a duration, in one currency.

#include <cstdint>
#include <string>

namespace portal::payments {

struct PriceKey {
  std::string product_type;  // "vip", "server_rental"
  std::int64_t duration_hours = 0;
  bool relocatable = false;  // rental: the server may move between regions (premium)
  std::string currency;      // CNY or USD
  bool operator==(const PriceKey&) const = default;
};

struct Price {
  PriceKey key;
  std::int64_t amount_minor = 0;
  std::int64_t updated_at = 0;
};

}  // namespace portal::payments
