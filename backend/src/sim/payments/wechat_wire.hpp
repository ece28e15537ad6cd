#pragma once
// Reading WeChat Pay v3 request bodies in the stand-in, shared by its payment and refund calls.

#include "sim/payments/wire_json.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::payments::wechat_wire {

namespace json = boost::json;

using wire_json::text_of;

inline std::optional<std::int64_t> int_of(const json::value* value) {
  if (value && value->is_int64()) return value->as_int64();
  if (value && value->is_uint64() && value->as_uint64() <= 1'000'000'000'000ULL) {
    return static_cast<std::int64_t>(value->as_uint64());
  }
  return std::nullopt;
}

inline std::optional<json::object> parse_object(std::string_view body) {
  json::error_code error;
  auto value = json::parse(body, error);
  if (error || !value.is_object()) return std::nullopt;
  return value.as_object();
}

}  // namespace portal::sim::payments::wechat_wire
