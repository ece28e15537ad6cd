#pragma once
// JSON text as people and other programs expect to read it. Boost.JSON writes every double in
// exponent form (30.5 as 3.05E1, 8.0 as 8E0): valid JSON, but a price of 1.99E0 is not what an API's
// reader expects. This writes doubles in their shortest round-trip decimal form (30.5, 8, 1999.99) and
// leaves everything else as Boost.JSON writes it.

#include <boost/json/value.hpp>

#include <string>

namespace portal::core {

// The value as compact JSON text; a double that is not finite (JSON has no such number) is null.
std::string json_text(const boost::json::value& value);

}  // namespace portal::core
