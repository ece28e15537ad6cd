#pragma once
// SQL over the users table. Runs on the DB pool (worker threads only).

#include "core/result.hpp"
#include "db/database.hpp"
#include "features/auth/user.hpp"

#include <optional>
#include <string>

namespace portal::auth {

class UserRepository {
 public:
  explicit UserRepository(db::Database& database) : database_(database) {}

  std::optional<User> find_by_id(std::int64_t id) const;
  std::optional<User> find_by_email(const std::string& email) const;
  std::optional<User> find_by_steam_id(const std::string& steam_id) const;

  // Creates the Steam account on its first login, or refreshes its name and avatar (when given).
  User upsert_steam_user(const std::string& steam_id, const std::string& username, const std::string& avatar,
                         std::int64_t now);
  // EMAIL_ALREADY_REGISTERED (409) when the address is taken.
  core::Result<User> create_email_user(const std::string& email, const std::string& password_hash, std::int64_t now);
  // Also raises session_generation when `end_sessions`: every login token issued before is refused.
  void set_password_hash(std::int64_t user_id, const std::string& password_hash, std::int64_t now, bool end_sessions);
  void touch_login(std::int64_t user_id, std::int64_t now);

  // Binds the Steam account to the e-mail account in one transaction. When the Steam account already
  // exists as a Steam-only account, the two merge into the Steam row (it may already own data).
  // ALREADY_BOUND: the e-mail account has a Steam account; STEAM_ALREADY_BOUND: the Steam account
  // belongs to another e-mail account; USER_NOT_FOUND. With `merge_existing` false (a proof weaker
  // than a Steam login), an existing Steam-only account is refused with STEAM_PROOF_REQUIRED instead.
  core::Result<User> bind_steam(std::int64_t email_user_id, const std::string& steam_id, const std::string& username,
                                const std::string& avatar, std::int64_t now, bool merge_existing = true);
  // Ends every session of the account: tokens issued before this carry an older generation.
  void end_all_sessions(std::int64_t user_id, std::int64_t now);

 private:
  std::optional<User> find_where(const char* column, const std::string& value) const;
  db::Database& database_;
};

}  // namespace portal::auth
