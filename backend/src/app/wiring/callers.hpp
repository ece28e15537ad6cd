#pragma once
// Every kind of caller the route table declares, resolved for the dispatcher in one place: login and
// bind tokens by the accounts feature, game-server keys (with their scopes) by the servers feature.

#include "features/servers/service.hpp"
#include "http/authenticator.hpp"

namespace portal::app {

class Callers final : public http::Authenticator {
 public:
  Callers(const http::Authenticator& users, const servers::Service& servers) : users_(users), servers_(servers) {}

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
};

}  // namespace portal::app
