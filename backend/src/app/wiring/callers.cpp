#include "app/wiring/callers.hpp"

namespace portal::app {

core::Result<http::Principal> Callers::authenticate_game_server(std::string_view key, http::KeyScope scope) const {
  const auto holder = servers_.key_holder(key);
  if (!holder) return http::invalid_server_key();
  if (!holder->scopes.contains(std::string(http::to_string(scope)))) return http::server_key_scope(scope);
  return http::Principal{.game_server_id = holder->server_id};
}

}  // namespace portal::app
