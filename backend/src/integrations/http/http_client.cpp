#include "integrations/http/http_client.hpp"

#include <utility>

namespace portal::integrations {

core::Error upstream_unavailable(std::string message) {
  return core::Error::make(core::ErrorKind::unavailable, "UPSTREAM_UNAVAILABLE", std::move(message));
}

}  // namespace portal::integrations
