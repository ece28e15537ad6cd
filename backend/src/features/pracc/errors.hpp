#pragma once
// The stable error codes of the rental (docs/pracc.md); the kind decides the HTTP status. Messages
// the web recognises by text (spec 001 section 8) are kept word for word.
//   SERVER_NOT_FOUND         404  no such server, or not the caller's (owner or admin)
//   OWNER_ONLY               403  "Only owner can perform this action"
//   SERVER_EXPIRED           409  the action is not open to an expired server (renew it)
//   SERVER_BUSY_STATE        409  the server is creating, restarting, switching ... (details.status)
//   RESTART_LOCKED           409  a restart was asked less than 40 s ago (details.retryAfter)
//   NOT_RELOCATABLE          409  a basic (fixed-region) server cannot switch regions
//   SAME_REGION              422  the target is the server's region
//   REGION_UNAVAILABLE       409  the region cannot take a new server now
//   SWITCH_LIMIT_EXCEEDED    429  "Switch region limit exceeded" (2 per server per GMT+8 day)
//   DEMO_NOT_FOUND           404  no such recording
//   CONSOLE_UNAVAILABLE      502  the game server did not take the command (RCON)
//   CLOUD_UNAVAILABLE        502  the cloud did not answer
//   TOO_MANY_SERVERS         409  the owner (or the region) has as many active servers as allowed

#include "core/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::pracc::errors {

inline core::Error server_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "SERVER_NOT_FOUND", "No such server");
}
inline core::Error owner_only() {
  return core::Error::make(core::ErrorKind::forbidden, "OWNER_ONLY", "Only owner can perform this action");
}
inline core::Error server_expired() {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_EXPIRED", "The server has expired: renew it first");
}
inline core::Error busy_state(std::string_view status) {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_BUSY_STATE",
                           "The server is " + std::string(status) + ": try again when it is running",
                           {{"status", status}});
}
inline core::Error restart_locked(std::int64_t retry_after) {
  return core::Error::make(core::ErrorKind::conflict, "RESTART_LOCKED", "The server is restarting",
                           {{"retryAfter", retry_after}});
}
inline core::Error not_relocatable() {
  return core::Error::make(core::ErrorKind::conflict, "NOT_RELOCATABLE", "This server cannot switch regions");
}
inline core::Error same_region() {
  return core::Error::make(core::ErrorKind::validation, "SAME_REGION", "The target region is the server's region",
                           {{"field", "targetRegion"}});
}
inline core::Error region_unavailable(std::string_view region) {
  return core::Error::make(core::ErrorKind::conflict, "REGION_UNAVAILABLE",
                           std::string(region) + " cannot take a new server now", {{"region", region}});
}
inline core::Error switch_limit_exceeded() {
  return core::Error::make(core::ErrorKind::rate_limited, "SWITCH_LIMIT_EXCEEDED", "Switch region limit exceeded");
}
inline core::Error demo_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "DEMO_NOT_FOUND", "No such recording");
}
inline core::Error console_unavailable(std::string_view why) {
  return core::Error::make(core::ErrorKind::unavailable, "CONSOLE_UNAVAILABLE",
                           "The game server did not take the command: " + std::string(why));
}
inline core::Error too_many_servers(std::int64_t limit, std::string_view scope) {
  return core::Error::make(core::ErrorKind::conflict, "TOO_MANY_SERVERS",
                           "At most " + std::to_string(limit) + " active servers " + std::string(scope),
                           {{"limit", limit}, {"scope", scope}});
}

}  // namespace portal::pracc::errors
