#pragma once
// The stable error codes of the content feature (announcement, commands), one function each; http/api_error
// turns the kind into the status.
//   VALIDATION_FAILED   422  a bad lang or text of the announcement (details.limitBytes when too long), a bad
//                            q, type or frequent of the commands (core::validation_failed)

#include "core/error.hpp"

#include <cstddef>

namespace portal::content::errors {

inline core::Error lang_not_supported() { return core::validation_failed("lang", "lang must be zh or en"); }

inline core::Error announcement_too_long(std::size_t limit_bytes) {
  auto error = core::validation_failed("text", "text is too long");
  error.details["limitBytes"] = limit_bytes;
  return error;
}

}  // namespace portal::content::errors
