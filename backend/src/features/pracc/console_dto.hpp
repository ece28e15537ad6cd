#pragma once
// The request bodies of the operator console's rental calls (docs/console.md "Rentals").

#include "http/dto.hpp"

#include <boost/describe/class.hpp>

#include <optional>

namespace portal::pracc::dto {

using http::dto::Int;
using http::dto::Text;

struct MaintenanceBody {
  bool on = false;
  std::optional<Text<800>> text;  // 200 characters of up to 4 bytes; required when on
  Text<800> reason;
};
BOOST_DESCRIBE_STRUCT(MaintenanceBody, (), (on, text, reason))

struct ExtendBody {
  Int<1, 8760> hours;
  Text<800> reason;
};
BOOST_DESCRIBE_STRUCT(ExtendBody, (), (hours, reason))

struct ReasonBody {
  Text<800> reason;
};
BOOST_DESCRIBE_STRUCT(ReasonBody, (), (reason))

struct RegionFlagsBody {
  std::optional<bool> available;
  std::optional<bool> recommended;
};
BOOST_DESCRIBE_STRUCT(RegionFlagsBody, (), (available, recommended))

}  // namespace portal::pracc::dto
