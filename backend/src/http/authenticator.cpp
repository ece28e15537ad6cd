#include "http/authenticator.hpp"

namespace portal::http {

core::Error invalid_server_key() {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SERVER_KEY", "Unknown server or wrong server key");
}

core::Error server_key_scope(KeyScope scope) {
  return core::Error::make(core::ErrorKind::forbidden, "SERVER_KEY_SCOPE", "This server key may not make this call",
                           {{"scope", std::string(to_string(scope))}});
}

core::Result<Principal> Authenticator::authenticate_bind(std::string_view) const {
  return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
}

core::Result<Principal> Authenticator::authenticate_game_server(std::string_view, KeyScope) const {
  return invalid_server_key();
}

}  // namespace portal::http
