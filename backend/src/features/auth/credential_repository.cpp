#include "features/auth/credential_repository.hpp"

#include "db/row.hpp"
#include "db/transaction.hpp"

namespace portal::auth {

std::optional<EmailCode> CredentialRepository::find_code(const std::string& email) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<EmailCode> {
    soci::rowset<soci::row> rows = (sql.prepare << "SELECT email, code_hash, attempts, created_at, expires_at "
                                                   "FROM email_codes WHERE email = :email",
                                    soci::use(email));
    for (const auto& row : rows) {
      return EmailCode{db::row_string(row, 0), db::row_string(row, 1), db::row_int(row, 2), db::row_int64(row, 3),
                       db::row_int64(row, 4)};
    }
    return std::nullopt;
  });
}

void CredentialRepository::replace_code(const EmailCode& code) {
  database_.with_session([&](soci::session& sql) {
    const long long created = code.created_at, expires = code.expires_at;
    sql << "INSERT INTO email_codes (email, code_hash, attempts, created_at, expires_at) "
           "VALUES (:email, :hash, 0, :created, :expires) ON CONFLICT (email) DO UPDATE SET "
           "code_hash = excluded.code_hash, attempts = 0, created_at = excluded.created_at, "
           "expires_at = excluded.expires_at",
        soci::use(code.email), soci::use(code.code_hash), soci::use(created), soci::use(expires);
  });
}

std::optional<EmailCode> CredentialRepository::take_code_attempt(const std::string& email, int max_attempts,
                                                                 std::int64_t now) {
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, database_.engine(), [&]() -> std::optional<EmailCode> {
      const long long at = now;
      soci::statement take = (sql.prepare << "UPDATE email_codes SET attempts = attempts + 1 "
                                             "WHERE email = :email AND attempts < :max AND expires_at > :now",
                              soci::use(email), soci::use(max_attempts), soci::use(at));
      take.execute(true);
      if (take.get_affected_rows() != 1) return std::nullopt;
      soci::row row;
      sql << "SELECT email, code_hash, attempts, created_at, expires_at FROM email_codes WHERE email = :email",
          soci::use(email), soci::into(row);
      return EmailCode{db::row_string(row, 0), db::row_string(row, 1), db::row_int(row, 2), db::row_int64(row, 3),
                       db::row_int64(row, 4)};
    });
  });
}

void CredentialRepository::delete_code(const std::string& email) {
  database_.with_session(
      [&](soci::session& sql) { sql << "DELETE FROM email_codes WHERE email = :email", soci::use(email); });
}

void CredentialRepository::replace_reset_token(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                                               std::int64_t expires_at) {
  database_.with_session([&](soci::session& sql) {
    const long long user = user_id, at = now, expires = expires_at;
    db::write_transaction(sql, database_.engine(), [&] {
      sql << "UPDATE password_reset_tokens SET used_at = :now WHERE user_id = :user AND used_at IS NULL", soci::use(at),
          soci::use(user);
      sql << "INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at) "
             "VALUES (:user, :hash, :now, :expires)",
          soci::use(user), soci::use(token_hash), soci::use(at), soci::use(expires);
      // Old rows are only history; keep the table small.
      sql << "DELETE FROM password_reset_tokens WHERE expires_at < :cutoff", soci::use(at - 86400LL);
    });
  });
}

std::optional<ResetToken> CredentialRepository::find_reset_token(const std::string& token_hash) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<ResetToken> {
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT id, user_id, expires_at, CASE WHEN used_at IS NULL THEN 0 ELSE 1 END "
                        "FROM password_reset_tokens WHERE token_hash = :hash",
         soci::use(token_hash));
    for (const auto& row : rows) {
      return ResetToken{db::row_int64(row, 0), db::row_int64(row, 1), db::row_int64(row, 2), db::row_int(row, 3) != 0};
    }
    return std::nullopt;
  });
}

bool CredentialRepository::consume_reset_token(std::int64_t token_id, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) {
    const long long id = token_id, at = now;
    soci::statement update = (sql.prepare << "UPDATE password_reset_tokens SET used_at = :now "
                                             "WHERE id = :id AND used_at IS NULL",
                              soci::use(at), soci::use(id));
    update.execute(true);
    return update.get_affected_rows() == 1;
  });
}

}  // namespace portal::auth
