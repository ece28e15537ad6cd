#include "features/pracc/plugin_keys.hpp"

#include "core/base64url.hpp"

#include <sodium.h>

#include <array>

namespace portal::pracc {

std::string new_plugin_key() {
  std::array<unsigned char, kPluginKeyBytes> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return core::base64url_encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

bool plugin_key_accepted(const RentalServer& server, std::int64_t now, std::int64_t grace_seconds) {
  switch (server.phase) {
    case Phase::terminating:
    case Phase::terminated:
    case Phase::failed:
    case Phase::relocated:
      return false;
    default:
      // Past the grace period a server is over, whether or not the lifecycle job has moved it yet.
      return now < server.expires_at + grace_seconds;
  }
}

}  // namespace portal::pracc
