#include "app/wiring/callers.hpp"

namespace portal::app {

core::Result<http::Principal> Callers::authenticate_game_server(std::string_view key, http::KeyScope scope) const {
  // A rented server's key holds `rental` and nothing else; a community server's key never holds it.
  if (scope == http::KeyScope::rental) {
    if (auto rented = rental_keys_ ? rental_keys_(key) : std::nullopt) {
      return http::Principal{.rental_server_id = std::move(*rented)};
    }
    if (servers_.key_holder(key)) return http::server_key_scope(scope);
    return http::invalid_server_key();
  }
  const auto holder = servers_.key_holder(key);
  if (!holder) {
    if (rental_keys_ && rental_keys_(key)) return http::server_key_scope(scope);
    return http::invalid_server_key();
  }
  if (!holder->scopes.contains(std::string(http::to_string(scope)))) return http::server_key_scope(scope);
  return http::Principal{.game_server_id = holder->server_id};
}

}  // namespace portal::app
