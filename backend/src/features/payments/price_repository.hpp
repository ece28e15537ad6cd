#pragma once
// SQL of the prices table. Writes are audited in the same transaction.

#include "db/database.hpp"
#include "features/payments/price.hpp"

#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

class PriceRepository {
 public:
  explicit PriceRepository(db::Database& database) : database_(database) {}

  std::optional<Price> find(const PriceKey& key) const;
  // Ordered by product type, currency, relocatable, duration; filters apply when non-empty.
  std::vector<Price> list(const std::string& product_type, const std::string& currency) const;
  // Inserts or replaces the price of the key; writes 'price.set'.
  void upsert(const Price& price, const std::string& actor);
  // false when there was none; writes 'price.remove' otherwise.
  bool remove(const PriceKey& key, const std::string& actor);

 private:
  db::Database& database_;
};

}  // namespace portal::payments
