#pragma once
// The request bodies of the payment calls (spec 001 section 7), as http/dto.hpp parses them.

#include "http/dto.hpp"

#include <boost/describe/class.hpp>

namespace portal::payments::dto {

using http::dto::Text;

struct CreateOrder {
  Text<8> currency;
  Text<32> productType;
  Text<64> productId;
  Text<2048> options;  // JSON text, as the spec sends it
};
BOOST_DESCRIBE_STRUCT(CreateOrder, (), (currency, productType, productId, options))

struct Pay {
  Text<64> orderId;
  Text<16> method;
};
BOOST_DESCRIBE_STRUCT(Pay, (), (orderId, method))

}  // namespace portal::payments::dto
