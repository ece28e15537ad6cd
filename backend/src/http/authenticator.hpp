#pragma once
// Resolves a bearer token into a principal. The accounts feature provides the real one; until a
// login exists, NoAuthenticator accepts nobody. Runs on the worker pool (it may read the database).

#include "core/result.hpp"
#include "http/message.hpp"
#include "http/route.hpp"

#include <string_view>

namespace portal::http {

class Authenticator {
 public:
  virtual ~Authenticator() = default;
  // The principal, or the error to answer with (401 INVALID_TOKEN for a bad or revoked token,
  // 401 UNAUTHORIZED for a token of the wrong type).
  // `check_op`: whether Principal::is_op must be resolved (only op routes need it; it costs a lookup).
  virtual core::Result<Principal> authenticate(std::string_view bearer_token, bool check_op) const = 0;
  // A bind token: user_id and email of the e-mail account being bound; 401 UNAUTHORIZED otherwise.
  virtual core::Result<Principal> authenticate_bind(std::string_view bearer_token) const;
  // A game-server key: game_server_id, when the key belongs to an enabled server and holds `scope`;
  // 401 INVALID_SERVER_KEY for any key that does not, 403 SERVER_KEY_SCOPE for a key without the scope.
  virtual core::Result<Principal> authenticate_game_server(std::string_view key, KeyScope scope) const;
};

core::Error invalid_server_key();
core::Error server_key_scope(KeyScope scope);

class NoAuthenticator final : public Authenticator {
 public:
  core::Result<Principal> authenticate(std::string_view, bool) const override {
    return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
  }
};

}  // namespace portal::http
