#pragma once
// Resolves a bearer token into a principal. The accounts feature provides the real one; until a
// login exists, NoAuthenticator accepts nobody. Runs on the worker pool (it may read the database).

#include "core/result.hpp"
#include "http/message.hpp"

#include <string_view>

namespace portal::http {

class Authenticator {
 public:
  virtual ~Authenticator() = default;
  // The principal, or the error to answer with (401 INVALID_TOKEN for a bad or revoked token,
  // 401 UNAUTHORIZED for a token of the wrong type).
  // `check_op`: whether Principal::is_op must be resolved (only op routes need it; it costs a lookup).
  virtual core::Result<Principal> authenticate(std::string_view bearer_token, bool check_op) const = 0;
};

class NoAuthenticator final : public Authenticator {
 public:
  core::Result<Principal> authenticate(std::string_view, bool) const override {
    return core::Error::make(core::ErrorKind::unauthorized, "UNAUTHORIZED", "Unauthorized access");
  }
};

}  // namespace portal::http
