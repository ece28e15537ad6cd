#pragma once
// The stable error codes of the FAQ feature, one function each; http/api_error turns the kind into the
// status.
//   VALIDATION_FAILED   422  a bad language, question, answer or order (core::validation_failed; details.field,
//                            plus details.removed when sanitizing emptied the answer)
//   NOTHING_TO_UPDATE   422  an update that gives no question, answer or order
//   FAQ_NOT_FOUND       404  no FAQ entry with this id (details.id)

#include "core/error.hpp"

#include <cstdint>
#include <string>

namespace portal::faq::errors {

inline core::Error faq_not_found(std::int64_t id) {
  return core::Error::make(core::ErrorKind::not_found, "FAQ_NOT_FOUND",
                           "FAQ entry " + std::to_string(id) + " does not exist", {{"id", id}});
}

inline core::Error nothing_to_update() {
  return core::Error::make(core::ErrorKind::validation, "NOTHING_TO_UPDATE",
                           "nothing to update: give a question, an answer or an order");
}

}  // namespace portal::faq::errors
