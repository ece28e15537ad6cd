#pragma once
// A portal account as the auth feature stores it: a Steam account, an e-mail account, or both bound.

#include <cstdint>
#include <string>

namespace portal::auth {

struct User {
  std::int64_t id = 0;
  std::string steam_id;  // empty until a Steam account is bound
  std::string email;     // empty for a Steam-only account
  std::string password_hash;
  std::string username;
  std::string avatar;
  std::int64_t session_generation = 0;  // login tokens carry it; a password reset raises it, ending them all
};

}  // namespace portal::auth
