#pragma once
// Every kind of caller the route table declares, resolved for the dispatcher in one place: login and
// bind tokens by the accounts feature, game-server keys (with their scopes) by the servers feature,
// and rented servers' plugin keys (scope `rental` only) by the rental feature.

#include "features/servers/service.hpp"
#include "http/authenticator.hpp"

#include <functional>
#include <optional>
#include <string>

namespace portal::app {

// The rented server ("srv_...") a plugin key opens; nullopt for any other key.
using RentalKeyHolder = std::function<std::optional<std::string>(std::string_view key)>;

class Callers final : public http::Authenticator {
 public:
  // `rental_keys` is empty when the rental is switched off.
  Callers(const http::Authenticator& users, const servers::Service& servers, RentalKeyHolder rental_keys = {})
      : users_(users), servers_(servers), rental_keys_(std::move(rental_keys)) {}

  core::Result<http::Principal> authenticate(std::string_view bearer_token, bool check_op) const override {
    return users_.authenticate(bearer_token, check_op);
  }
  core::Result<http::Principal> authenticate_bind(std::string_view bearer_token) const override {
    return users_.authenticate_bind(bearer_token);
  }
  core::Result<http::Principal> authenticate_game_server(std::string_view key, http::KeyScope scope) const override;

 private:
  const http::Authenticator& users_;
  const servers::Service& servers_;
  RentalKeyHolder rental_keys_;
};

}  // namespace portal::app
