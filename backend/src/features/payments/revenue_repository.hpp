#pragma once
// Money figures for the operator console's dashboard: orders paid since a moment per method and
// currency, and the payments held for an operator's review.

#include "db/database.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace portal::payments {

struct RevenueLine {
  std::string method;
  std::string currency;
  std::int64_t orders = 0;
  std::int64_t amount_minor = 0;
};

class RevenueRepository {
 public:
  explicit RevenueRepository(db::Database& database) : database_(database) {}
  // Orders paid at or after `since` and not refunded (paid or fulfilled), per method and currency.
  std::vector<RevenueLine> paid_since(std::int64_t since) const;
  std::int64_t count_held() const;

 private:
  db::Database& database_;
};

}  // namespace portal::payments
