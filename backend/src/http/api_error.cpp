#include "http/api_error.hpp"

#include "core/utf8.hpp"

#include <boost/json/value.hpp>

namespace portal::http {

namespace {

// Error texts and details carry what the client sent (a path, an origin, a field's value): Boost.JSON
// would copy invalid UTF-8 into the body as is, and the body would no longer be JSON.
boost::json::string valid_string(std::string_view text) {
  if (core::utf8_length(text)) return boost::json::string(text);
  return boost::json::string(core::valid_utf8(text));
}

boost::json::value valid_value(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::string:
      return valid_string(value.get_string());
    case boost::json::kind::array: {
      boost::json::array out;
      out.reserve(value.get_array().size());
      for (const auto& item : value.get_array()) out.push_back(valid_value(item));
      return out;
    }
    case boost::json::kind::object: {
      boost::json::object out;
      for (const auto& [key, item] : value.get_object()) out[valid_string(key)] = valid_value(item);
      return out;
    }
    default:
      return value;
  }
}

}  // namespace

int status_of(core::ErrorKind kind) {
  switch (kind) {
    case core::ErrorKind::bad_request:
      return 400;
    case core::ErrorKind::unauthorized:
      return 401;
    case core::ErrorKind::forbidden:
      return 403;
    case core::ErrorKind::not_found:
      return 404;
    case core::ErrorKind::conflict:
      return 409;
    case core::ErrorKind::validation:
      return 422;
    case core::ErrorKind::rate_limited:
      return 429;
    case core::ErrorKind::unavailable:
      return 503;
    case core::ErrorKind::internal:
      break;
  }
  return 500;
}

Response error_response(const core::Error& error, int status) {
  boost::json::object body;
  body["error"] = valid_string(error.code);
  body["message"] = valid_string(error.message);
  body["details"] = valid_value(error.details);
  return json_response(body, status);
}

Response error_response(const core::Error& error) {
  Response response = error_response(error, status_of(error.kind));
  // Every 429 and 503 that knows it tells the client when to come back, whichever layer refused.
  if (const auto* wait = error.details.if_contains("retryAfter"); wait && wait->is_int64()) {
    response.set_header("Retry-After", std::to_string(wait->as_int64()));
  }
  return response;
}

namespace errors {
using core::Error;
using core::ErrorKind;

Error not_found(std::string_view path) {
  return Error::make(ErrorKind::not_found, "NOT_FOUND", "No such resource", {{"path", path}});
}
Error method_not_allowed(std::string_view method, const std::string& allowed) {
  return Error::make(ErrorKind::bad_request, "METHOD_NOT_ALLOWED", "Method not allowed on this resource",
                     {{"method", method}, {"allowed", allowed}});
}
Error payload_too_large(std::size_t limit) {
  return Error::make(ErrorKind::bad_request, "PAYLOAD_TOO_LARGE", "Request body is too large", {{"limitBytes", limit}});
}
Error headers_too_large(std::size_t limit) {
  return Error::make(ErrorKind::bad_request, "HEADERS_TOO_LARGE", "Request headers are too large",
                     {{"limitBytes", limit}});
}
Error unsupported_media_type(std::string_view received) {
  return Error::make(ErrorKind::bad_request, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json",
                     {{"received", received}});
}
Error bad_request(std::string message) {
  return Error::make(ErrorKind::bad_request, "BAD_REQUEST", std::move(message));
}
Error invalid_json(std::string message) {
  return Error::make(ErrorKind::bad_request, "INVALID_JSON", "Request body is not valid JSON", {{"reason", message}});
}
Error unauthorized() { return Error::make(ErrorKind::unauthorized, "UNAUTHORIZED", "Login required"); }
Error forbidden() { return Error::make(ErrorKind::forbidden, "FORBIDDEN", "Not allowed"); }
Error origin_not_allowed(std::string_view origin) {
  return Error::make(ErrorKind::forbidden, "ORIGIN_NOT_ALLOWED",
                     "Cross-origin requests from this origin are not allowed", {{"origin", origin}});
}
Error internal(std::string_view request_id) {
  return Error::make(ErrorKind::internal, "INTERNAL_ERROR", "Internal server error", {{"requestId", request_id}});
}
Error request_timeout() { return Error::make(ErrorKind::bad_request, "REQUEST_TIMEOUT", "Request timeout"); }
core::Error rate_limited(std::chrono::seconds retry_after) {
  return core::Error::make(core::ErrorKind::rate_limited, "RATE_LIMIT_EXCEEDED",
                           "Too many requests, please try again later",
                           {{"retryAfter", static_cast<std::int64_t>(retry_after.count())}});
}

core::Error server_busy(std::string_view pool, std::chrono::seconds retry_after) {
  return core::Error::make(core::ErrorKind::unavailable, "SERVER_BUSY", "The server is busy, please try again shortly",
                           {{"retryAfter", static_cast<std::int64_t>(retry_after.count())}, {"pool", pool}});
}
core::Error too_many_connections(std::chrono::seconds retry_after) {
  return core::Error::make(core::ErrorKind::unavailable, "SERVER_BUSY",
                           "Too many open connections from this address, please try again shortly",
                           {{"retryAfter", static_cast<std::int64_t>(retry_after.count())}, {"reason", "connections"}});
}

}  // namespace errors

Response rate_limited_response(std::chrono::seconds retry_after) {
  return error_response(errors::rate_limited(retry_after));
}

}  // namespace portal::http
