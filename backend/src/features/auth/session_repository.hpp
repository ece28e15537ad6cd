#pragma once
// SQL behind sessions: logged-out tokens, OpenID nonces already used, and the auth log.

#include "db/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::auth {

class SessionRepository {
 public:
  explicit SessionRepository(db::Database& database) : database_(database) {}

  void revoke(const std::string& jti, std::int64_t expires_at);
  // Ends a sign-in session: every token refreshed from it. `expires_at`: when its last token expires.
  void end_session(const std::string& session_id, std::int64_t expires_at);
  // Whether the token was logged out or its sign-in session ended (one query).
  bool is_revoked(const std::string& jti, const std::string& session_id) const;
  // False when the nonce was recorded before (a replayed assertion).
  bool remember_nonce(const std::string& nonce, std::int64_t now);
  // An auth_log row; a login names the sign-in session it starts, which counts as seen now.
  void log(std::optional<std::int64_t> user_id, const std::string& steam_id, const std::string& action,
           const std::string& ip, std::int64_t now, const std::string& session_id = {});
  // The sign-in session was used now from `ip` (session_activity).
  void seen(const std::string& session_id, std::int64_t user_id, const std::string& ip, std::int64_t now);
  // Forgets revocations of tokens that have expired anyway and nonces older than the OpenID window.
  void purge(std::int64_t now);

 private:
  db::Database& database_;
};

}  // namespace portal::auth
