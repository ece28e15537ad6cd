#pragma once
// The one place where an expected failure (core::Error) becomes an HTTP status and the shared body
// {"error": CODE, "message": TEXT, "details": {...}}. Every string of the body is made valid UTF-8
// (invalid bytes become U+FFFD), so the body parses as JSON whatever the client sent.

#include "core/error.hpp"
#include "http/message.hpp"

#include <chrono>
#include <string>

namespace portal::http {

int status_of(core::ErrorKind kind);
Response error_response(const core::Error& error);

// Failures the transport itself produces, with their stable codes.
namespace errors {
core::Error not_found(std::string_view path);
core::Error method_not_allowed(std::string_view method, const std::string& allowed);
core::Error payload_too_large(std::size_t limit);
core::Error headers_too_large(std::size_t limit);
core::Error unsupported_media_type(std::string_view received);
core::Error bad_request(std::string message);
core::Error invalid_json(std::string message);
core::Error unauthorized();
core::Error forbidden();
core::Error origin_not_allowed(std::string_view origin);
core::Error internal(std::string_view request_id);
core::Error request_timeout();
core::Error rate_limited(std::chrono::seconds retry_after);
// 503 SERVER_BUSY: the pool that runs this kind of work (details.pool) has no room; details.retryAfter.
core::Error server_busy(std::string_view pool, std::chrono::seconds retry_after);
// 503 SERVER_BUSY: this client address has as many connections open as it may (details.retryAfter).
core::Error too_many_connections(std::chrono::seconds retry_after);
}  // namespace errors

// 429 RATE_LIMIT_EXCEEDED with details.retryAfter and a Retry-After header.
Response rate_limited_response(std::chrono::seconds retry_after);

// Errors that are not one of core::ErrorKind's statuses (413, 415, 431, 405, 408) need their own.
Response error_response(const core::Error& error, int status_override);

}  // namespace portal::http
