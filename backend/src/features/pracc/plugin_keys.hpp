#pragma once
// The portal plugin key of a rented server (issue 15): issued when the server's machine launches,
// handed to the machine once in its user data, kept only as its SHA-256 hex. A relaunch or a region
// switch replaces it; the server's end refuses it.

#include "features/pracc/rental_server.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::pracc {

inline constexpr std::size_t kPluginKeyBytes = 32;
inline constexpr std::size_t kPluginKeyMaxLength = 256;  // longer bearer values are not looked up at all

// 32 random bytes from the OS CSPRNG, base64url without padding (43 characters).
std::string new_plugin_key();

// Whether the key of a server in this state still opens the plugin routes: not once the server is
// gone (terminating, terminated, failed, the old half of a region switch), nor past its expiry and
// grace period (stopped, or not yet moved on by the lifecycle job).
bool plugin_key_accepted(const RentalServer& server, std::int64_t now, std::int64_t grace_seconds);

}  // namespace portal::pracc
