#pragma once
// The request bodies of the operator console's money calls (docs/console.md "Money").

#include "features/payments/pricing_rules.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>

#include <optional>

namespace portal::payments::dto {

using http::dto::Int;
using http::dto::Text;

struct PriceKeyBody {
  Text<32> product_type;
  Int<1, 8760> duration;
  std::optional<bool> relocatable;
  Text<8> currency;
};
BOOST_DESCRIBE_STRUCT(PriceKeyBody, (), (product_type, duration, relocatable, currency))

struct PriceBody {
  Text<32> product_type;
  Int<1, 8760> duration;
  std::optional<bool> relocatable;
  Text<8> currency;
  Int<1, kMaxAmountMinor> amount_minor;
};
BOOST_DESCRIBE_STRUCT(PriceBody, (), (product_type, duration, relocatable, currency, amount_minor))

struct ReasonBody {
  Text<800> reason;  // 200 characters of up to 4 bytes
};
BOOST_DESCRIBE_STRUCT(ReasonBody, (), (reason))

}  // namespace portal::payments::dto
