#pragma once
// `server.port = 0` means "any free port". The portal must know its own URL before it listens (OpenID
// return URLs, mailed links, the demo provider's endpoint), so the port is chosen up front and held:
// the reservation keeps it bound (SO_REUSEADDR, not listening) until the server's own acceptor, also
// SO_REUSEADDR, has bound and listens on it, so no other process asking for a free port is handed the
// same one in between (tests run in parallel do exactly that).

#include <cstdint>
#include <string>

namespace portal::app {

class PortReservation {
 public:
  // Throws std::runtime_error when no port can be had.
  explicit PortReservation(const std::string& host);
  ~PortReservation();
  PortReservation(const PortReservation&) = delete;
  PortReservation& operator=(const PortReservation&) = delete;

  std::uint16_t port() const { return port_; }
  // Lets the port go (the server listens on it now); the destructor does the same.
  void release();

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace portal::app
