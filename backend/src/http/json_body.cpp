#include "http/json_body.hpp"

#include "http/api_error.hpp"

#include <boost/json/parse.hpp>

namespace portal::http {

core::Result<boost::json::object> parse_json_object(const Request& request) {
  boost::system::error_code ec;
  auto value = boost::json::parse(request.body, ec);
  if (ec) return errors::invalid_json(ec.message());
  if (!value.is_object()) return errors::invalid_json("the body must be a JSON object");
  return std::move(value.as_object());
}

core::Error field_error(std::string_view field, std::string message) {
  return core::validation_failed(field, std::move(message));
}

std::optional<std::string> string_field(const boost::json::object& object, std::string_view field,
                                        std::size_t max_bytes, std::optional<core::Error>& error) {
  const auto* value = object.if_contains(field);
  if (!value || value->is_null()) return std::nullopt;
  if (!value->is_string()) {
    error = field_error(field, std::string(field) + " must be a string");
    return std::nullopt;
  }
  if (value->as_string().size() > max_bytes) {
    error = field_error(field, std::string(field) + " must be at most " + std::to_string(max_bytes) + " bytes");
    return std::nullopt;
  }
  return std::string(value->as_string());
}

std::optional<std::int64_t> int_field(const boost::json::object& object, std::string_view field, std::int64_t min,
                                      std::int64_t max, std::optional<core::Error>& error) {
  const auto* value = object.if_contains(field);
  if (!value || value->is_null()) return std::nullopt;
  std::int64_t number = 0;
  if (value->is_int64()) {
    number = value->as_int64();
  } else if (value->is_uint64() && value->as_uint64() <= static_cast<std::uint64_t>(max)) {
    number = static_cast<std::int64_t>(value->as_uint64());
  } else if (value->is_double() &&
             value->as_double() == static_cast<double>(static_cast<std::int64_t>(value->as_double()))) {
    number = static_cast<std::int64_t>(value->as_double());
  } else {
    error = field_error(field, std::string(field) + " must be an integer");
    return std::nullopt;
  }
  if (number < min || number > max) {
    error = field_error(field,
                        std::string(field) + " must be between " + std::to_string(min) + " and " + std::to_string(max));
    return std::nullopt;
  }
  return number;
}

}  // namespace portal::http
