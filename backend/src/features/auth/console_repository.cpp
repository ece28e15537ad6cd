#include "features/auth/console_repository.hpp"

#include "core/text.hpp"
#include "db/advisory_locks.hpp"
#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>

#include <algorithm>
#include <cctype>

namespace portal::auth {

namespace {

constexpr const char* kAccountColumns = "id, steam_id, email, username, created_at, updated_at";
// auth_log actions after which no earlier sign-in holds.
constexpr const char* kSessionEnders = "('LOGOUT-ALL', 'PASSWORD-RESET', 'SESSIONS-ENDED-BY-OP')";

AccountRow account_of(const soci::row& row) {
  return {db::row_int64(row, 0),  db::row_string(row, 1), db::row_string(row, 2),
          db::row_string(row, 3), db::row_int64(row, 4),  db::row_int64(row, 5)};
}

std::optional<std::int64_t> optional_int64(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) return std::nullopt;
  return db::row_int64(row, column);
}

std::string like_contains(const std::string& text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + '%';
}

std::string steam_target(const std::string& steam_id) { return "steam:" + steam_id; }

// As membership_repository.cpp: on PostgreSQL two VIP changes of one account wait for each other.
void lock_account_for_vip(soci::session& sql, db::Engine engine, const std::string& steam_id) {
  if (engine != db::Engine::postgresql) return;
  int locked = 0;
  sql << "SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(" + std::to_string(db::advisory_locks::kVipAccountClass) +
             ", hashtext(:steam_id))) AS vip_lock",
      soci::use(steam_id), soci::into(locked);
}

std::optional<std::int64_t> latest_vip_end(soci::session& sql, const std::string& steam_id) {
  long long latest = 0;
  soci::indicator indicator = soci::i_null;
  sql << "SELECT MAX(expires_at) FROM vip_subscriptions WHERE steam_id = :steam_id", soci::use(steam_id),
      soci::into(latest, indicator);
  if (!sql.got_data() || indicator != soci::i_ok) return std::nullopt;
  return static_cast<std::int64_t>(latest);
}

}  // namespace

std::string account_target(const AccountRow& account) {
  return account.steam_id.empty() ? "user:" + std::to_string(account.id) : steam_target(account.steam_id);
}

ConsoleRepository::AccountPage ConsoleRepository::find(const std::string& q, const std::string& sort, bool descending,
                                                       std::int64_t offset, std::int64_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    AccountPage out;
    const std::string exact = core::ascii_lower(q);
    const std::string pattern = like_contains(core::ascii_lower(q));
    const std::string where =
        q.empty() ? std::string{}
                  : " WHERE steam_id = :exact OR email = :exact2 OR LOWER(username) LIKE :pattern ESCAPE '\\' "
                    "OR email LIKE :pattern2 ESCAPE '\\'";
    const std::string column = sort == "name" ? "LOWER(username)" : "created_at";
    const std::string direction = descending ? " DESC" : " ASC";
    long long total = 0;
    if (q.empty()) {
      sql << "SELECT COUNT(*) FROM users", soci::into(total);
      soci::rowset<soci::row> rows =
          (sql.prepare << "SELECT " + std::string(kAccountColumns) + " FROM users ORDER BY " + column + direction +
                              ", id" + direction + " LIMIT " + std::to_string(limit) + " OFFSET " +
                              std::to_string(offset));
      for (const auto& row : rows) out.items.push_back(account_of(row));
    } else {
      sql << "SELECT COUNT(*) FROM users" + where, soci::use(q), soci::use(exact), soci::use(pattern),
          soci::use(pattern), soci::into(total);
      soci::rowset<soci::row> rows =
          (sql.prepare << "SELECT " + std::string(kAccountColumns) + " FROM users" + where + " ORDER BY " + column +
                              direction + ", id" + direction + " LIMIT " + std::to_string(limit) + " OFFSET " +
                              std::to_string(offset),
           soci::use(q), soci::use(exact), soci::use(pattern), soci::use(pattern));
      for (const auto& row : rows) out.items.push_back(account_of(row));
    }
    out.total = total;
    return out;
  });
}

std::optional<AccountRow> ConsoleRepository::account(std::int64_t id) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<AccountRow> {
    const long long key = id;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT " + std::string(kAccountColumns) + " FROM users WHERE id = :id", soci::use(key));
    for (const auto& row : rows) return account_of(row);
    return std::nullopt;
  });
}

std::vector<ConsoleRepository::Grants> ConsoleRepository::grants(const std::vector<std::string>& steam_ids,
                                                                 std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<Grants> out(steam_ids.size());
    const long long at = now;
    for (std::size_t i = 0; i < steam_ids.size(); ++i) {
      if (steam_ids[i].empty()) continue;
      soci::rowset<soci::row> rows =
          (sql.prepare << "SELECT grp, expires_at, granted_at, granted_by FROM memberships WHERE steam_id = :steam_id "
                          "AND (expires_at IS NULL OR expires_at > :now) ORDER BY grp",
           soci::use(steam_ids[i]), soci::use(at));
      for (const auto& row : rows) {
        out[i].groups.push_back(
            {db::row_string(row, 0), optional_int64(row, 1), db::row_int64(row, 2), db::row_string(row, 3)});
      }
      out[i].vip_until = latest_vip_end(sql, steam_ids[i]);
    }
    return out;
  });
}

std::vector<VipRow> ConsoleRepository::vip_history(const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<VipRow> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT id, starts_at, expires_at, source, source_ref, created_at FROM vip_subscriptions "
                        "WHERE steam_id = :steam_id ORDER BY starts_at DESC, id DESC",
         soci::use(steam_id));
    for (const auto& row : rows) {
      out.push_back({db::row_int64(row, 0), db::row_int64(row, 1), db::row_int64(row, 2), db::row_string(row, 3),
                     db::row_string(row, 4), db::row_int64(row, 5)});
    }
    return out;
  });
}

std::vector<SignInRow> ConsoleRepository::live_sign_ins(std::int64_t user_id, std::int64_t since) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<SignInRow> out;
    const long long id = user_id, from = since;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT a.id, a.action, a.ip, a.created_at, s.last_seen_at FROM auth_log a LEFT JOIN "
                        "session_activity s ON s.session_id = a.session_id AND a.session_id <> '' WHERE a.user_id = "
                        ":id AND a.action LIKE 'LOGIN-%' AND a.created_at >= :since AND a.id > (SELECT "
                        "COALESCE(MAX(id), 0) FROM auth_log WHERE user_id = :id2 AND action IN " +
                            std::string(kSessionEnders) + ") ORDER BY a.id DESC LIMIT 100",
         soci::use(id), soci::use(from), soci::use(id));
    for (const auto& row : rows) {
      SignInRow sign_in{db::row_int64(row, 0), db::row_string(row, 1), db::row_string(row, 2), db::row_int64(row, 3),
                        std::nullopt};
      if (row.get_indicator(4) != soci::i_null) sign_in.last_seen_at = db::row_int64(row, 4);
      out.push_back(std::move(sign_in));
    }
    return out;
  });
}

std::optional<std::int64_t> ConsoleRepository::change_vip(const std::string& steam_id, std::int64_t seconds,
                                                          std::int64_t now, const OperatorAct& act) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&]() -> std::optional<std::int64_t> {
      lock_account_for_vip(sql, engine, steam_id);
      const auto end = latest_vip_end(sql, steam_id);
      boost::json::object details{{"seconds", seconds}, {"days", seconds / kSecondsPerDay}, {"reason", act.reason}};
      if (seconds > 0) {
        const long long starts_at = end && *end > now ? *end : now;
        const long long expires_at = starts_at + seconds;
        const long long created_at = now;
        const std::string source = "op";
        sql << "INSERT INTO vip_subscriptions (steam_id, starts_at, expires_at, source, created_at) "
               "VALUES (:steam_id, :starts_at, :expires_at, :source, :created_at)",
            soci::use(steam_id), soci::use(starts_at), soci::use(expires_at), soci::use(source), soci::use(created_at);
        details["startsAt"] = starts_at;
        details["expiresAt"] = expires_at;
        db::audit(sql, act.actor, "vip.grant", steam_target(steam_id), details);
        return expires_at;
      }
      // Taking back: never before now, so time already used stays used.
      const long long new_end = std::max<std::int64_t>(now, end.value_or(now) + seconds);
      sql << "DELETE FROM vip_subscriptions WHERE steam_id = :steam_id AND starts_at >= :end", soci::use(steam_id),
          soci::use(new_end);
      sql << "UPDATE vip_subscriptions SET expires_at = :end WHERE steam_id = :steam_id AND expires_at > :end2",
          soci::use(new_end), soci::use(steam_id), soci::use(new_end);
      details["expiresAt"] = new_end;
      details["previousExpiresAt"] = end ? boost::json::value(*end) : boost::json::value(nullptr);
      db::audit(sql, act.actor, "vip.take_back", steam_target(steam_id), details);
      return latest_vip_end(sql, steam_id);
    });
  });
}

bool ConsoleRepository::set_group(const std::string& steam_id, Tier group, bool granted, std::int64_t now,
                                  const OperatorAct& act) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string grp(to_string(group));
      if (granted) {
        const long long granted_at = now;
        sql << "INSERT INTO memberships (steam_id, grp, expires_at, granted_at, granted_by) "
               "VALUES (:steam_id, :grp, NULL, :granted_at, :granted_by) "
               "ON CONFLICT (steam_id, grp) DO UPDATE SET expires_at = NULL, "
               "granted_at = excluded.granted_at, granted_by = excluded.granted_by",
            soci::use(steam_id), soci::use(grp), soci::use(granted_at), soci::use(act.actor);
        db::audit(sql, act.actor, "membership.grant", steam_target(steam_id),
                  {{"group", grp}, {"expiresAt", nullptr}, {"reason", act.reason}});
        return true;
      }
      soci::statement st = (sql.prepare << "DELETE FROM memberships WHERE steam_id = :steam_id AND grp = :grp",
                            soci::use(steam_id), soci::use(grp));
      st.execute(true);
      if (st.get_affected_rows() == 0) return false;
      db::audit(sql, act.actor, "membership.revoke", steam_target(steam_id), {{"group", grp}, {"reason", act.reason}});
      return true;
    });
  });
}

void ConsoleRepository::end_sessions(const AccountRow& account, std::int64_t now, const OperatorAct& act) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const long long at = now, id = account.id;
      sql << "UPDATE users SET session_generation = session_generation + 1, updated_at = :now WHERE id = :id",
          soci::use(at), soci::use(id);
      const std::string action = "SESSIONS-ENDED-BY-OP";
      const std::string ip;
      sql << "INSERT INTO auth_log (user_id, steam_id, action, ip, created_at) "
             "VALUES (:user_id, :steam_id, :action, :ip, :created_at)",
          soci::use(id), soci::use(account.steam_id), soci::use(action), soci::use(ip), soci::use(at);
      db::audit(sql, act.actor, "sessions.end", account_target(account),
                {{"userId", account.id}, {"reason", act.reason}});
    });
  });
}

}  // namespace portal::auth
