#include "features/auth/session_repository.hpp"

#include "features/auth/token_service.hpp"

namespace portal::auth {

void SessionRepository::revoke(const std::string& jti, std::int64_t expires_at) {
  database_.with_session([&](soci::session& sql) {
    const long long expires = expires_at;
    sql << "INSERT INTO revoked_tokens (jti, expires_at) VALUES (:jti, :expires) ON CONFLICT (jti) DO NOTHING",
        soci::use(jti), soci::use(expires);
  });
}

void SessionRepository::end_session(const std::string& session_id, std::int64_t expires_at) {
  database_.with_session([&](soci::session& sql) {
    const long long expires = expires_at;
    sql << "INSERT INTO ended_sessions (session_id, expires_at) VALUES (:id, :expires) "
           "ON CONFLICT (session_id) DO UPDATE SET expires_at = excluded.expires_at",
        soci::use(session_id), soci::use(expires);
  });
}

bool SessionRepository::is_revoked(const std::string& jti, const std::string& session_id) const {
  return database_.with_session([&](soci::session& sql) {
    int found = 0;
    sql << "SELECT (SELECT COUNT(*) FROM revoked_tokens WHERE jti = :jti) + "
           "(SELECT COUNT(*) FROM ended_sessions WHERE session_id = :session)",
        soci::use(jti), soci::use(session_id), soci::into(found);
    return found > 0;
  });
}

bool SessionRepository::remember_nonce(const std::string& nonce, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    soci::statement insert = (sql.prepare << "INSERT INTO openid_nonces (nonce, seen_at) VALUES (:nonce, :now) "
                                             "ON CONFLICT (nonce) DO NOTHING",
                              soci::use(nonce), soci::use(at));
    insert.execute(true);
    return insert.get_affected_rows() == 1;
  });
}

void SessionRepository::log(std::optional<std::int64_t> user_id, const std::string& steam_id, const std::string& action,
                            const std::string& ip, std::int64_t now, const std::string& session_id) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now;
    const long long user = user_id.value_or(0);
    soci::indicator user_ind = user_id ? soci::i_ok : soci::i_null;
    sql << "INSERT INTO auth_log (user_id, steam_id, action, ip, created_at, session_id) VALUES (:user, :steam, "
           ":action, :ip, :now, :session_id)",
        soci::use(user, user_ind), soci::use(steam_id), soci::use(action), soci::use(ip), soci::use(at),
        soci::use(session_id);
  });
  if (user_id && !session_id.empty()) seen(session_id, *user_id, ip, now);
}

void SessionRepository::seen(const std::string& session_id, std::int64_t user_id, const std::string& ip,
                             std::int64_t now) {
  if (session_id.empty()) return;
  database_.with_session([&](soci::session& sql) {
    const long long at = now;
    const long long user = user_id;
    sql << "INSERT INTO session_activity (session_id, user_id, last_seen_at, ip) VALUES (:session_id, :user, :at, "
           ":ip) ON CONFLICT (session_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, ip = excluded.ip",
        soci::use(session_id), soci::use(user), soci::use(at), soci::use(ip);
  });
}

void SessionRepository::purge(std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now, nonce_cutoff = now - 3600;
    sql << "DELETE FROM revoked_tokens WHERE expires_at < :now", soci::use(at);
    sql << "DELETE FROM ended_sessions WHERE expires_at < :now", soci::use(at);
    // A session unseen for a token's lifetime has no token left.
    const long long unseen_since = now - kLoginTokenLifetime.count();
    sql << "DELETE FROM session_activity WHERE last_seen_at < :since", soci::use(unseen_since);
    sql << "DELETE FROM openid_nonces WHERE seen_at < :cutoff", soci::use(nonce_cutoff);
    sql << "DELETE FROM email_codes WHERE expires_at < :now", soci::use(at);
    sql << "DELETE FROM game_bind_tokens WHERE expires_at < :now", soci::use(at);
    sql << "DELETE FROM steam_bind_proofs WHERE expires_at < :now", soci::use(at);
  });
}

}  // namespace portal::auth
