#pragma once
// What the payment stand-ins' request readers share (paypal_wire.hpp, wechat_wire.hpp).

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace portal::sim::payments::wire_json {

namespace json = boost::json;

// The string at `key`, or "" when it is missing or not a string.
inline std::string text_of(const json::object& object, std::string_view key) {
  auto found = object.if_contains(key);
  return found && found->is_string() ? std::string(found->as_string()) : std::string{};
}

}  // namespace portal::sim::payments::wire_json
