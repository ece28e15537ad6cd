#include "features/auth/binding_repository.hpp"

#include "db/row.hpp"

namespace portal::auth {

void BindingRepository::add_game_token(const std::string& token_hash, const std::string& steam_id,
                                       std::optional<std::int64_t> server_id, std::int64_t now,
                                       std::int64_t expires_at) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now, expires = expires_at, server = server_id.value_or(0);
    soci::indicator server_ind = server_id ? soci::i_ok : soci::i_null;
    sql << "INSERT INTO game_bind_tokens (token_hash, steam_id, server_id, created_at, expires_at) "
           "VALUES (:hash, :steam, :server, :now, :expires)",
        soci::use(token_hash), soci::use(steam_id), soci::use(server, server_ind), soci::use(at), soci::use(expires);
  });
}

std::optional<std::string> BindingRepository::redeem_game_token(const std::string& token_hash, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) -> std::optional<std::string> {
    const long long at = now;
    soci::rowset<soci::row> rows =
        (sql.prepare << "UPDATE game_bind_tokens SET used_at = :now WHERE token_hash = :hash AND used_at IS NULL "
                        "AND expires_at > :now2 RETURNING steam_id",
         soci::use(at), soci::use(token_hash), soci::use(at));
    for (const auto& row : rows) return db::row_string(row, 0);
    return std::nullopt;
  });
}

void BindingRepository::add_proof(std::int64_t user_id, const std::string& steam_id, std::int64_t expires_at) {
  database_.with_session([&](soci::session& sql) {
    const long long user = user_id, expires = expires_at;
    sql << "INSERT INTO steam_bind_proofs (user_id, steam_id, expires_at) VALUES (:user, :steam, :expires) "
           "ON CONFLICT (user_id, steam_id) DO UPDATE SET expires_at = excluded.expires_at",
        soci::use(user), soci::use(steam_id), soci::use(expires);
  });
}

bool BindingRepository::has_proof(std::int64_t user_id, const std::string& steam_id, std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    const long long user = user_id, at = now;
    int found = 0;
    sql << "SELECT COUNT(*) FROM steam_bind_proofs WHERE user_id = :user AND steam_id = :steam AND expires_at > :now",
        soci::use(user), soci::use(steam_id), soci::use(at), soci::into(found);
    return found > 0;
  });
}

void BindingRepository::drop_proofs(std::int64_t user_id) {
  database_.with_session([&](soci::session& sql) {
    const long long user = user_id;
    sql << "DELETE FROM steam_bind_proofs WHERE user_id = :user", soci::use(user);
  });
}

}  // namespace portal::auth
