#pragma once
// The one exception the RCON client throws; the kind lets the caller decide between "retry later",
// "fix the config" (auth) and "report a bug" (protocol). Messages never contain the password.

#include <stdexcept>
#include <string>

namespace portal::rcon {

enum class ErrorKind {
  connect,   // name resolution or TCP connect failed (refused, unreachable, connect timeout)
  auth,      // the server rejected the password (AUTH_RESPONSE id -1)
  timeout,   // connected, but the server did not answer within io_timeout
  protocol,  // the server sent something that is not Source RCON (bad size, unexpected reply)
  closed,    // the server closed the connection (restart, password change, IP ban, changelevel)
  rejected,  // the command itself was refused before sending (chaining characters, too long, empty)
};

const char* to_string(ErrorKind kind);

class RconError : public std::runtime_error {
 public:
  using Kind = ErrorKind;
  RconError(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

}  // namespace portal::rcon
