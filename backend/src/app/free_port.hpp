#pragma once
// `server.port = 0` means "any free port". The portal must know its own URL before it listens (OpenID
// return URLs, mailed links, the demo provider's endpoint), so the port is chosen up front: the kernel
// hands out ephemeral ports in turn, so losing it to another process in between is unlikely, and only
// tests and throwaway runs ask for port 0.

#include <cstdint>
#include <string>

namespace portal::app {

// Throws std::runtime_error when no port can be had.
std::uint16_t pick_free_port(const std::string& host);

}  // namespace portal::app
