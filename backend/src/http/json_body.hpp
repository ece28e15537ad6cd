#pragma once
// Decoding request bodies: JSON parse errors become INVALID_JSON (400), missing or mistyped fields
// VALIDATION_FAILED (422) naming the field.

#include "core/result.hpp"
#include "http/message.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace portal::http {

// The body as a JSON object (anything else is an error).
core::Result<boost::json::object> parse_json_object(const Request& request);

core::Error field_error(std::string_view field, std::string message);

// Typed field readers: nullopt when absent or null; an error in `error` when present but wrong.
std::optional<std::string> string_field(const boost::json::object& object, std::string_view field,
                                        std::size_t max_bytes, std::optional<core::Error>& error);
std::optional<std::int64_t> int_field(const boost::json::object& object, std::string_view field, std::int64_t min,
                                      std::int64_t max, std::optional<core::Error>& error);

}  // namespace portal::http
