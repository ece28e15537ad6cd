#pragma once
// The stable error codes of the servers feature, one function each; http/api_error turns the kind into
// the status.
//   VALIDATION_FAILED   422  a bad field of a server or of a key's scopes (core::validation_failed)
//   SERVER_NOT_FOUND    404  no server with this id in the community's list
//   SERVER_EXISTS       409  a server with this ip:port exists already (details.endpoint)
//   INVALID_SERVER_KEY  401  a plugin push with an unknown server or a wrong server key
//   RCON_NOT_CONFIGURED 409  an RCON command to a server without an RCON password in its settings
//   RCON_UNAVAILABLE    502  the server did not answer RCON, or refused the password (details.reason)

#include "core/error.hpp"

#include <string>

namespace portal::servers::errors {

inline core::Error server_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "SERVER_NOT_FOUND", "No such server in the community's list");
}

inline core::Error server_exists(const std::string& endpoint) {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_EXISTS", "A server with this address already exists",
                           {{"endpoint", endpoint}});
}

inline core::Error invalid_server_key() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SERVER_KEY", "Unknown server or wrong server key");
}

inline core::Error rcon_not_configured() {
  return core::Error::make(core::ErrorKind::conflict, "RCON_NOT_CONFIGURED", "The server has no RCON password set");
}

// reason: connect, auth, timeout, closed or protocol (never the password).
inline core::Error rcon_unavailable(const std::string& reason) {
  return core::Error::make(core::ErrorKind::unavailable, "RCON_UNAVAILABLE",
                           "The server did not answer the RCON command", {{"reason", reason}});
}

}  // namespace portal::servers::errors
