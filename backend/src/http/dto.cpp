#include "http/dto.hpp"

#include "core/utf8.hpp"
#include "http/api_error.hpp"

#include <boost/json/parse.hpp>

#include <cmath>
#include <limits>

namespace portal::http::dto {

namespace detail {

core::Error field_error(const std::string& path, const std::string& message) {
  return core::validation_failed(path, message);
}

std::string join(const std::string& path, std::string_view name) {
  return path.empty() ? std::string(name) : path + "." + std::string(name);
}

bool is_valid_utf8(std::string_view text) { return core::utf8_length(text).has_value(); }

std::optional<std::int64_t> as_integer(const boost::json::value& value) {
  if (value.is_int64()) return value.as_int64();
  if (value.is_uint64()) {
    if (value.as_uint64() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return static_cast<std::int64_t>(value.as_uint64());
  }
  if (value.is_double()) {
    const double d = value.as_double();
    // 2^63 is the first double past int64's range.
    if (std::trunc(d) != d || !(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) return std::nullopt;
    return static_cast<std::int64_t>(d);
  }
  return std::nullopt;
}

core::Result<boost::json::value> parse_json(const std::string& body) {
  boost::system::error_code ec;
  auto value = boost::json::parse(body, ec);
  if (ec) return errors::invalid_json(ec.message());
  return value;
}

}  // namespace detail

Response json_response(const boost::json::value& body, int status) { return http::json_response(body, status); }

}  // namespace portal::http::dto
