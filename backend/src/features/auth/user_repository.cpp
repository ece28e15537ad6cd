#include "features/auth/user_repository.hpp"

#include "db/dialect.hpp"
#include "db/transaction.hpp"
#include "db/row.hpp"
#include "features/auth/errors.hpp"

namespace portal::auth {

namespace {

constexpr const char* kColumns = "id, steam_id, email, password_hash, username, avatar, session_generation";

User from_row(const soci::row& row) {
  User u;
  u.id = db::row_int64(row, 0);
  u.steam_id = db::row_string(row, 1);
  u.email = db::row_string(row, 2);
  u.password_hash = db::row_string(row, 3);
  u.username = db::row_string(row, 4);
  u.avatar = db::row_string(row, 5);
  u.session_generation = db::row_int64(row, 6);
  return u;
}

std::optional<User> first(soci::rowset<soci::row> rows) {
  for (const auto& row : rows) return from_row(row);
  return std::nullopt;
}

std::optional<User> select_where(soci::session& sql, const std::string& column, const std::string& value) {
  return first((sql.prepare << "SELECT " << kColumns << " FROM users WHERE " << column << " = :v", soci::use(value)));
}

}  // namespace

std::optional<User> UserRepository::find_where(const char* column, const std::string& value) const {
  return database_.with_session([&](soci::session& sql) { return select_where(sql, column, value); });
}

std::optional<User> UserRepository::find_by_id(std::int64_t id) const {
  return database_.with_session([&](soci::session& sql) {
    const long long key = id;
    return first((sql.prepare << "SELECT " << kColumns << " FROM users WHERE id = :id", soci::use(key)));
  });
}

std::optional<User> UserRepository::find_by_email(const std::string& email) const { return find_where("email", email); }

std::optional<User> UserRepository::find_by_steam_id(const std::string& steam_id) const {
  return find_where("steam_id", steam_id);
}

User UserRepository::upsert_steam_user(const std::string& steam_id, const std::string& username,
                                       const std::string& avatar, std::int64_t now) {
  return database_.with_session([&](soci::session& sql) {
    const long long at = now;
    // The profile may be unknown (no Web API key, Steam down): keep what we had rather than blank it.
    sql << "INSERT INTO users (steam_id, username, avatar, created_at, updated_at, last_login_at) "
           "VALUES (:steam, :name, :avatar, :now, :now2, :now3) "
           "ON CONFLICT (steam_id) DO UPDATE SET "
           "username = CASE WHEN excluded.username <> '' THEN excluded.username ELSE users.username END, "
           "avatar = CASE WHEN excluded.avatar <> '' THEN excluded.avatar ELSE users.avatar END, "
           "updated_at = excluded.updated_at, last_login_at = excluded.last_login_at",
        soci::use(steam_id), soci::use(username), soci::use(avatar), soci::use(at), soci::use(at), soci::use(at);
    return *select_where(sql, "steam_id", steam_id);
  });
}

core::Result<User> UserRepository::create_email_user(const std::string& email, const std::string& password_hash,
                                                     std::int64_t now) {
  return database_.with_session([&](soci::session& sql) -> core::Result<User> {
    const long long at = now;
    soci::statement insert = (sql.prepare << "INSERT INTO users (email, password_hash, created_at, updated_at) "
                                             "VALUES (:email, :hash, :now, :now2) ON CONFLICT (email) DO NOTHING",
                              soci::use(email), soci::use(password_hash), soci::use(at), soci::use(at));
    insert.execute(true);
    if (insert.get_affected_rows() == 0) return errors::email_already_registered_on_insert();
    return *select_where(sql, "email", email);
  });
}

void UserRepository::set_password_hash(std::int64_t user_id, const std::string& password_hash, std::int64_t now,
                                       bool end_sessions) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now, id = user_id;
    if (end_sessions) {
      sql << "UPDATE users SET password_hash = :hash, updated_at = :now, session_generation = session_generation + 1 "
             "WHERE id = :id",
          soci::use(password_hash), soci::use(at), soci::use(id);
    } else {
      sql << "UPDATE users SET password_hash = :hash, updated_at = :now WHERE id = :id", soci::use(password_hash),
          soci::use(at), soci::use(id);
    }
  });
}

void UserRepository::touch_login(std::int64_t user_id, std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now, id = user_id;
    sql << "UPDATE users SET last_login_at = :now WHERE id = :id", soci::use(at), soci::use(id);
  });
}

void UserRepository::end_all_sessions(std::int64_t user_id, std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    const long long at = now, id = user_id;
    sql << "UPDATE users SET session_generation = session_generation + 1, updated_at = :now WHERE id = :id",
        soci::use(at), soci::use(id);
  });
}

core::Result<User> UserRepository::bind_steam(std::int64_t email_user_id, const std::string& steam_id,
                                              const std::string& username, const std::string& avatar, std::int64_t now,
                                              bool merge_existing) {
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction_if_ok(sql, database_.engine(), [&]() -> core::Result<User> {
      const long long id = email_user_id, at = now;
      auto owner = first((sql.prepare << "SELECT " << kColumns << " FROM users WHERE id = :id", soci::use(id)));
      if (!owner) return errors::user_not_found();
      if (!owner->steam_id.empty()) return errors::already_bound();
      auto steam_row = select_where(sql, "steam_id", steam_id);
      if (steam_row && !steam_row->email.empty()) {
        return errors::steam_already_bound();
      }
      if (steam_row && !merge_existing) {
        return errors::steam_proof_required();
      }
      if (!steam_row) {
        sql << "UPDATE users SET steam_id = :steam, username = :name, avatar = :avatar, updated_at = :now "
               "WHERE id = :id",
            soci::use(steam_id), soci::use(username), soci::use(avatar), soci::use(at), soci::use(id);
        return *select_where(sql, "steam_id", steam_id);
      }
      // Merge: the Steam row keeps its id (and whatever hangs off it); the e-mail row goes away.
      const long long steam_user = steam_row->id;
      sql << "DELETE FROM users WHERE id = :id", soci::use(id);
      sql << "UPDATE users SET email = :email, password_hash = :hash, updated_at = :now WHERE id = :id",
          soci::use(owner->email), soci::use(owner->password_hash), soci::use(at), soci::use(steam_user);
      if (!username.empty()) {
        sql << "UPDATE users SET username = :name, avatar = :avatar WHERE id = :id", soci::use(username),
            soci::use(avatar), soci::use(steam_user);
      }
      return *select_where(sql, "steam_id", steam_id);
    });
  });
}

}  // namespace portal::auth
