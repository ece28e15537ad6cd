#pragma once
// The price table as the pricing route, the order service and `portal prices` use it: validated keys,
// amounts in minor units. Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/payments/price.hpp"
#include "features/payments/price_repository.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace portal::payments {

class PriceService {
 public:
  PriceService(PriceRepository& repository, std::function<std::int64_t()> now_unix)
      : repository_(repository), now_unix_(std::move(now_unix)) {}

  // The prices of one product in one currency (the pricing call). VALIDATION_FAILED (field currency)
  // for a currency other than CNY or USD, (field product_type) for an empty or too long type.
  core::Result<std::vector<Price>> pricing(const std::string& product_type, const std::string& currency) const;
  // The price of exactly this key, or PRICE_NOT_FOUND.
  core::Result<Price> price_of(const PriceKey& key) const;

  std::vector<Price> list(const std::string& product_type = {}, const std::string& currency = {}) const;
  // Sets the price; VALIDATION_FAILED for a duration not in the spec's list, a bad currency, product
  // type or amount (decimal text in major units).
  core::Result<Price> set(PriceKey key, const std::string& amount, const std::string& actor);
  // The same with the amount in minor units (the console): VALIDATION_FAILED (field amount_minor)
  // outside 1..100,000,000.
  core::Result<Price> set_minor(PriceKey key, std::int64_t amount_minor, const std::string& actor);
  // VALIDATION_FAILED for a key the table cannot hold (as set()).
  static core::Status check_key(const PriceKey& key);
  // PRICE_NOT_FOUND when there was none.
  core::Status remove(const PriceKey& key, const std::string& actor);

 private:
  PriceRepository& repository_;
  std::function<std::int64_t()> now_unix_;
};

// A product type is 1-32 characters of [a-z0-9_].
bool is_product_type(const std::string& text);

}  // namespace portal::payments
