#include "features/auth/membership_repository.hpp"

#include "db/audit_log.hpp"
#include "db/advisory_locks.hpp"
#include "db/dialect.hpp"
#include "db/transaction.hpp"
#include "db/row.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <stdexcept>

namespace portal::auth {

namespace {

std::string target_of(const std::string& steam_id) { return "steam:" + steam_id; }

std::optional<std::int64_t> optional_int64(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) return std::nullopt;
  return db::row_int64(row, column);
}

Tier group_of(const soci::row& row, std::size_t column) {
  const std::string text = db::row_string(row, column);
  const auto tier = tier_from_string(text);
  // The table's CHECK allows only pro, kol, op.
  if (!tier || !is_granted_group(*tier)) throw std::runtime_error("memberships holds an unknown group: " + text);
  return *tier;
}

// The account's latest VIP end, active or not.
std::optional<std::int64_t> latest_vip_end(soci::session& sql, const std::string& steam_id) {
  long long latest = 0;
  soci::indicator indicator = soci::i_null;
  sql << "SELECT MAX(expires_at) FROM vip_subscriptions WHERE steam_id = :steam_id", soci::use(steam_id),
      soci::into(latest, indicator);
  if (!sql.got_data() || indicator != soci::i_ok) return std::nullopt;
  return static_cast<std::int64_t>(latest);
}

// PostgreSQL reads in READ COMMITTED: without this, two grants for one account at the same moment
// would both start at the same end and one would lose its time. The lock ends with the transaction.
// SQLite needs none: BEGIN IMMEDIATE already lets one writer in at a time.
void lock_account_for_vip(soci::session& sql, db::Engine engine, const std::string& steam_id) {
  if (engine != db::Engine::postgresql) return;
  int locked = 0;
  sql << "SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(" + std::to_string(db::advisory_locks::kVipAccountClass) +
             ", hashtext(:steam_id))) AS vip_lock",
      soci::use(steam_id), soci::into(locked);
}

std::optional<VipGrant> add_vip_time_in(soci::session& sql, db::Engine engine, const VipGrantRequest& request,
                                        std::int64_t now) {
  lock_account_for_vip(sql, engine, request.steam_id);
  if (request.source_ref) {
    std::string owner;
    long long starts_at = 0;
    sql << "SELECT steam_id, starts_at FROM vip_subscriptions WHERE source_ref = :ref", soci::use(*request.source_ref),
        soci::into(owner), soci::into(starts_at);
    if (sql.got_data()) {
      if (owner != request.steam_id) return std::nullopt;
      return VipGrant{request.steam_id, starts_at, latest_vip_end(sql, request.steam_id).value_or(0), false};
    }
  }
  const auto current_end = latest_vip_end(sql, request.steam_id);
  const long long starts_at = current_end && *current_end > now ? *current_end : now;
  const long long expires_at = starts_at + request.days * kSecondsPerDay;
  const long long created_at = now;
  const std::string ref = request.source_ref.value_or("");
  soci::indicator ref_indicator = request.source_ref ? soci::i_ok : soci::i_null;
  sql << "INSERT INTO vip_subscriptions (steam_id, starts_at, expires_at, source, source_ref, created_at) "
         "VALUES (:steam_id, :starts_at, :expires_at, :source, :source_ref, :created_at)",
      soci::use(request.steam_id), soci::use(starts_at), soci::use(expires_at), soci::use(request.source),
      soci::use(ref, ref_indicator), soci::use(created_at);
  boost::json::object details{
      {"days", request.days}, {"source", request.source}, {"startsAt", starts_at}, {"expiresAt", expires_at}};
  details["sourceRef"] = request.source_ref ? boost::json::value(*request.source_ref) : boost::json::value(nullptr);
  db::audit(sql, request.actor, "vip.grant", target_of(request.steam_id), details);
  return VipGrant{request.steam_id, starts_at, expires_at, true};
}

bool remove_vip_time_in(soci::session& sql, db::Engine engine, const std::string& source_ref,
                        const std::string& actor) {
  std::string steam_id;
  long long starts_at = 0;
  long long expires_at = 0;
  sql << "SELECT steam_id, starts_at, expires_at FROM vip_subscriptions WHERE source_ref = :ref", soci::use(source_ref),
      soci::into(steam_id), soci::into(starts_at), soci::into(expires_at);
  if (!sql.got_data()) return false;
  lock_account_for_vip(sql, engine, steam_id);
  const long long length = expires_at - starts_at;
  sql << "DELETE FROM vip_subscriptions WHERE source_ref = :ref", soci::use(source_ref);
  // Grants that were stacked on this one started at its end: they move back by its length.
  sql << "UPDATE vip_subscriptions SET starts_at = starts_at - :len1, expires_at = expires_at - :len2 "
         "WHERE steam_id = :steam_id AND starts_at >= :end",
      soci::use(length), soci::use(length), soci::use(steam_id), soci::use(expires_at);
  db::audit(sql, actor, "vip.revoke", target_of(steam_id), {{"sourceRef", source_ref}, {"seconds", length}});
  return true;
}

}  // namespace

MembershipRepository::AccountRows MembershipRepository::account(const std::string& steam_id, std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    AccountRows out;
    const long long at = now;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT grp, expires_at FROM memberships WHERE steam_id = :steam_id AND "
                        "(expires_at IS NULL OR expires_at > :now)",
         soci::use(steam_id), soci::use(at));
    for (const auto& row : rows) out.groups.push_back({group_of(row, 0), optional_int64(row, 1)});
    out.vip_expires_at = latest_vip_end(sql, steam_id);
    return out;
  });
}

std::vector<AccountGrant> MembershipRepository::active_grants(std::int64_t now) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<AccountGrant> out;
    const long long at = now;
    soci::rowset<soci::row> groups =
        (sql.prepare << "SELECT steam_id, grp, expires_at FROM memberships WHERE expires_at IS NULL OR "
                        "expires_at > :now ORDER BY steam_id",
         soci::use(at));
    for (const auto& row : groups) {
      out.push_back({db::row_string(row, 0), {group_of(row, 1), optional_int64(row, 2)}});
    }
    // An account's VIP is active when its latest end is after now, so the rows ending later suffice;
    // vip_subscriptions_steam_idx (steam_id, expires_at) covers the query.
    soci::rowset<soci::row> vips =
        (sql.prepare << "SELECT steam_id, MAX(expires_at) FROM vip_subscriptions WHERE expires_at > :now "
                        "GROUP BY steam_id ORDER BY steam_id",
         soci::use(at));
    for (const auto& row : vips) out.push_back({db::row_string(row, 0), {Tier::vip, db::row_int64(row, 1)}});
    return out;
  });
}

void MembershipRepository::upsert_group(const std::string& steam_id, Tier group, std::optional<std::int64_t> expires_at,
                                        std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string grp(to_string(group));
      const long long expires = expires_at.value_or(0);
      soci::indicator expires_indicator = expires_at ? soci::i_ok : soci::i_null;
      const long long granted_at = now;
      sql << "INSERT INTO memberships (steam_id, grp, expires_at, granted_at, granted_by) "
             "VALUES (:steam_id, :grp, :expires_at, :granted_at, :granted_by) "
             "ON CONFLICT (steam_id, grp) DO UPDATE SET expires_at = excluded.expires_at, "
             "granted_at = excluded.granted_at, granted_by = excluded.granted_by",
          soci::use(steam_id), soci::use(grp), soci::use(expires, expires_indicator), soci::use(granted_at),
          soci::use(actor);
      boost::json::object details{{"group", grp}};
      details["expiresAt"] = expires_at ? boost::json::value(*expires_at) : boost::json::value(nullptr);
      db::audit(sql, actor, "membership.grant", target_of(steam_id), details);
      return true;
    });
  });
}

bool MembershipRepository::delete_group(const std::string& steam_id, Tier group, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string grp(to_string(group));
      soci::statement st = (sql.prepare << "DELETE FROM memberships WHERE steam_id = :steam_id AND grp = :grp",
                            soci::use(steam_id), soci::use(grp));
      st.execute(true);
      if (st.get_affected_rows() == 0) return false;
      db::audit(sql, actor, "membership.revoke", target_of(steam_id), {{"group", grp}});
      return true;
    });
  });
}

std::optional<VipGrant> MembershipRepository::add_vip_time(const VipGrantRequest& request, std::int64_t now) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    try {
      return db::write_transaction(sql, engine, [&] { return add_vip_time_in(sql, engine, request, now); });
    } catch (const soci::soci_error&) {
      // With a source_ref, the likely cause is a concurrent grant of the same ref (for another
      // account, or before our lock) that committed first: the UNIQUE constraint refused our row and
      // nothing was written. Once more, the repeat is found and answered as such.
      if (!request.source_ref) throw;
    }
    return db::write_transaction(sql, engine, [&] { return add_vip_time_in(sql, engine, request, now); });
  });
}

std::optional<VipGrant> MembershipRepository::add_vip_time_within(soci::session& open_transaction,
                                                                  const VipGrantRequest& request, std::int64_t now) {
  return add_vip_time_in(open_transaction, database_.engine(), request, now);
}

bool MembershipRepository::remove_vip_time(const std::string& source_ref, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] { return remove_vip_time_in(sql, engine, source_ref, actor); });
  });
}

bool MembershipRepository::remove_vip_time_within(soci::session& open_transaction, const std::string& source_ref,
                                                  const std::string& actor) {
  return remove_vip_time_in(open_transaction, database_.engine(), source_ref, actor);
}

}  // namespace portal::auth
