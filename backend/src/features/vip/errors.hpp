#pragma once
// The stable error codes of the VIP privileges feature, one function each; http/api_error turns the kind
// into the status.
//   VALIDATION_FAILED     422  a bad key, content, detail, order or values field (core::validation_failed)
//   NOTHING_TO_CHANGE     422  a change that gives no field
//   PRIVILEGE_NOT_FOUND   404  no privilege has this key (details.key)
//   PRIVILEGE_KEY_TAKEN   409  another privilege has this key (details.key)

#include "core/error.hpp"

#include <string>
#include <string_view>

namespace portal::vip::errors {

inline core::Error privilege_not_found(std::string_view key) {
  return core::Error::make(core::ErrorKind::not_found, "PRIVILEGE_NOT_FOUND",
                           "no privilege has the key '" + std::string(key) + "'", {{"key", key}});
}

inline core::Error privilege_key_taken(const std::string& key) {
  return core::Error::make(core::ErrorKind::conflict, "PRIVILEGE_KEY_TAKEN",
                           "another privilege has the key '" + key + "'", {{"key", key}});
}

inline core::Error nothing_to_change() {
  return core::Error::make(core::ErrorKind::validation, "NOTHING_TO_CHANGE",
                           "nothing to change: give at least one field");
}

}  // namespace portal::vip::errors
