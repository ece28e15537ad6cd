#pragma once
// An expected failure, as a value. Services return these; http/api_error turns them into a status
// and the shared error body {"error": code, "message": text, "details": {...}}. Nothing here knows HTTP.

#include <boost/json/object.hpp>

#include <string>
#include <utility>

namespace portal::core {

// The kind decides the HTTP status; the code is the stable string the web translates.
enum class ErrorKind {
  bad_request,         // 400
  unauthorized,        // 401
  forbidden,           // 403
  not_found,           // 404
  conflict,            // 409
  validation,          // 422
  rate_limited,        // 429
  unavailable,         // 503
  internal,            // 500
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

}  // namespace portal::core
