#include "features/payments/price_service.hpp"

#include "features/payments/errors.hpp"
#include "features/payments/pricing_rules.hpp"

#include <algorithm>

namespace portal::payments {

core::Status PriceService::check_key(const PriceKey& key) {
  if (!is_product_type(key.product_type)) {
    return core::validation_failed("product_type", "product_type must be 1-32 characters of a-z, 0-9 and _");
  }
  if (!is_duration(key.duration_hours)) {
    return core::validation_failed("duration", "duration must be one of 4, 8, 72, 168, 720, 2160, 8760 hours");
  }
  if (!is_currency(key.currency)) return core::validation_failed("currency", "currency must be CNY or USD");
  return core::Ok{};
}

bool is_product_type(const std::string& text) {
  return !text.empty() && text.size() <= 32 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

core::Result<std::vector<Price>> PriceService::pricing(const std::string& product_type,
                                                       const std::string& currency) const {
  if (!is_product_type(product_type)) {
    return core::validation_failed("product_type", "product_type must be 1-32 characters of a-z, 0-9 and _");
  }
  if (!is_currency(currency)) return core::validation_failed("currency", "currency must be CNY or USD");
  return repository_.list(product_type, currency);
}

core::Result<Price> PriceService::price_of(const PriceKey& key) const {
  auto price = repository_.find(key);
  if (!price) return errors::price_not_found();
  return *price;
}

std::vector<Price> PriceService::list(const std::string& product_type, const std::string& currency) const {
  return repository_.list(product_type, currency);
}

core::Result<Price> PriceService::set(PriceKey key, const std::string& amount, const std::string& actor) {
  if (auto ok = check_key(key); !ok) return ok.error();
  auto minor = parse_minor(amount, "amount");
  if (!minor) return minor.error();
  return set_minor(std::move(key), *minor, actor);
}

core::Result<Price> PriceService::set_minor(PriceKey key, std::int64_t amount_minor, const std::string& actor) {
  if (auto ok = check_key(key); !ok) return ok.error();
  if (amount_minor <= 0 || amount_minor > kMaxAmountMinor) {
    return core::validation_failed("amount_minor", "amount_minor must be from 1 to 100000000");
  }
  Price price{std::move(key), amount_minor, now_unix_()};
  repository_.upsert(price, actor);
  return price;
}

core::Status PriceService::remove(const PriceKey& key, const std::string& actor) {
  if (!repository_.remove(key, actor)) return errors::price_not_found();
  return core::Ok{};
}

}  // namespace portal::payments
