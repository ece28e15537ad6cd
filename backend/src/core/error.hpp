#pragma once
// An expected failure, as a value. Services return these; http/api_error turns them into a status
// and the shared error body {"error": code, "message": text, "details": {...}}. Nothing here knows HTTP.

#include <boost/json/object.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace portal::core {

// The kind decides the HTTP status; the code is the stable string the web translates.
enum class ErrorKind {
  bad_request,   // 400
  unauthorized,  // 401
  forbidden,     // 403
  not_found,     // 404
  conflict,      // 409
  validation,    // 422
  rate_limited,  // 429
  unavailable,   // 503
  internal,      // 500
};

struct Error {
  ErrorKind kind = ErrorKind::internal;
  std::string code;     // e.g. "NOT_FOUND", "RATE_LIMIT_EXCEEDED"
  std::string message;  // English text; the web falls back to it when it has no translation
  boost::json::object details;

  static Error make(ErrorKind kind, std::string code, std::string message, boost::json::object details = {}) {
    return Error{kind, std::move(code), std::move(message), std::move(details)};
  }
};

// The one VALIDATION_FAILED (422) error: `message` says what is wrong, details.field names the field.
inline Error validation_failed(std::string_view field, std::string message) {
  return Error::make(ErrorKind::validation, "VALIDATION_FAILED", std::move(message), {{"field", field}});
}

// Thrown, not returned, for a failure a retry may cure that arises where no value can be returned
// (a database busy with other writers, deep inside a repository). The dispatcher answers it with the
// carried error (503 with Retry-After) instead of a 500.
class UnavailableError : public std::runtime_error {
 public:
  explicit UnavailableError(Error error) : std::runtime_error(error.message), error_(std::move(error)) {}
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

}  // namespace portal::core
