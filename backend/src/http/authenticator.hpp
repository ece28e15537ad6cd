#pragma once
// Resolves a bearer token into a principal. The accounts feature provides the real one; until a
// login exists, NoAuthenticator accepts nobody. Runs on the worker pool (it may read the database).

#include "http/message.hpp"

#include <optional>
#include <string_view>

namespace portal::http {

class Authenticator {
 public:
  virtual ~Authenticator() = default;
  virtual std::optional<Principal> authenticate(std::string_view bearer_token) const = 0;
};

class NoAuthenticator final : public Authenticator {
 public:
  std::optional<Principal> authenticate(std::string_view) const override { return std::nullopt; }
};

}  // namespace portal::http
