#include "features/pracc/rental_repository.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>

#include <algorithm>
#include <map>

namespace portal::pracc {

namespace {

// A read of servers is one statement: the servers the inner query picks (by an indexed condition),
// each joined with its admins (rental_admins' primary key starts with server_id); a server without
// admins comes once with NULL admin columns. None of rental_admins' columns shares a name with
// rental_servers', so the outer ORDER BY may name the servers' columns bare.
constexpr const char* kColumns =
    "SELECT id, owner_user_id, owner_steam_id, name, join_password, rcon_password, region, tier, phase, "
    "cloud_instance_id, cloud_state, public_ip, game_port, order_id, relocated_from, launch_attempts, next_launch_at, "
    "maintenance_status, maintenance_text, busy_until, phase_since, expires_at, reminded, created_at, launch_token, "
    "a.steam_id, a.note FROM (";

RentalServer server_of(const soci::row& row) {
  RentalServer s;
  s.id = db::row_string(row, 0);
  s.owner_user_id = db::row_int64(row, 1);
  s.owner_steam_id = db::row_string(row, 2);
  s.name = db::row_string(row, 3);
  s.join_password = db::row_string(row, 4);
  s.rcon_password = db::row_string(row, 5);
  s.region = db::row_string(row, 6);
  s.tier = tier_from(db::row_string(row, 7)).value_or(RentalTier::basic);
  s.phase = phase_from(db::row_string(row, 8)).value_or(Phase::creating);
  s.cloud_instance_id = db::row_string(row, 9);
  s.cloud_state = db::row_string(row, 10);
  s.public_ip = db::row_string(row, 11);
  s.game_port = db::row_int(row, 12);
  s.order_id = db::row_string(row, 13);
  s.relocated_from = db::row_string(row, 14);
  s.launch_attempts = db::row_int(row, 15);
  s.next_launch_at = db::row_int64(row, 16);
  s.maintenance = db::row_int(row, 17) != 0;
  s.maintenance_text = db::row_string(row, 18);
  s.busy_until = db::row_int64(row, 19);
  s.phase_since = db::row_int64(row, 20);
  s.expires_at = db::row_int64(row, 21);
  s.reminded = db::row_string(row, 22);
  s.created_at = db::row_int64(row, 23);
  s.launch_token = db::row_string(row, 24);
  return s;
}

std::string target_of(const std::string& id) { return "rental:" + id; }

std::string phase_list(const std::vector<Phase>& phases) {
  std::string out;
  for (const auto phase : phases) {
    if (!out.empty()) out += ", ";
    out += "'" + std::string(to_string(phase)) + "'";  // our own enum names: no user text in the SQL
  }
  return out;
}

// `servers` is the inner query (SELECT * FROM rental_servers ...); `order` the order of the servers,
// in column names of rental_servers. The values bind the inner query's placeholders in order.
template <typename... Values>
std::vector<RentalServer> select_servers(soci::session& sql, const std::string& servers, const std::string& order,
                                         const Values&... values) {
  const std::string query = std::string(kColumns) + servers +
                            ") s LEFT JOIN rental_admins a ON a.server_id = s.id ORDER BY " + order + ", a.position";
  std::vector<RentalServer> out;
  soci::rowset<soci::row> rows = ((sql.prepare << query), ..., soci::use(values));
  for (const auto& row : rows) {
    const std::string id = db::row_string(row, 0);
    if (out.empty() || out.back().id != id) out.push_back(server_of(row));
    const std::size_t admin = row.size() - 2;  // the last two columns
    if (row.get_indicator(admin) != soci::i_null) {
      out.back().admins.push_back({db::row_string(row, admin), db::row_string(row, admin + 1)});
    }
  }
  return out;
}

void write_admins(soci::session& sql, const std::string& id, const std::vector<ServerAdmin>& admins) {
  sql << "DELETE FROM rental_admins WHERE server_id = :id", soci::use(id);
  int position = 0;
  for (const auto& admin : admins) {
    sql << "INSERT INTO rental_admins (server_id, steam_id, note, position) VALUES (:id, :steam_id, :note, :position)",
        soci::use(id), soci::use(admin.steam_id), soci::use(admin.note), soci::use(position);
    ++position;
  }
}

void upsert_teammate(soci::session& sql, const std::string& owner, const std::string& steam_id, const std::string& name,
                     std::int64_t now) {
  const long long at = now;
  sql << "INSERT INTO rental_teammates (owner_steam_id, steam_id, name, last_seen) VALUES (:owner, :steam_id, :name, "
         ":at) ON CONFLICT (owner_steam_id, steam_id) DO UPDATE SET name = CASE WHEN excluded.name = '' THEN "
         "rental_teammates.name ELSE excluded.name END, last_seen = excluded.last_seen",
      soci::use(owner), soci::use(steam_id), soci::use(name), soci::use(at);
}

void insert_server(soci::session& sql, const RentalServer& s, std::int64_t now) {
  const std::string tier(to_string(s.tier));
  const std::string phase(to_string(s.phase));
  const long long owner = s.owner_user_id;
  const long long expires = s.expires_at;
  const long long at = now;
  const long long next_launch = s.next_launch_at;
  soci::indicator order_indicator = s.order_id.empty() ? soci::i_null : soci::i_ok;
  soci::indicator from_indicator = s.relocated_from.empty() ? soci::i_null : soci::i_ok;
  sql << "INSERT INTO rental_servers (id, owner_user_id, owner_steam_id, name, join_password, rcon_password, region, "
         "tier, phase, game_port, order_id, relocated_from, next_launch_at, phase_since, expires_at, created_at, "
         "updated_at) VALUES (:id, :owner, :owner_steam, :name, :password, :rcon, :region, :tier, :phase, :port, "
         ":order_id, :relocated_from, :next_launch, :since, :expires, :created, :updated)",
      soci::use(s.id), soci::use(owner), soci::use(s.owner_steam_id), soci::use(s.name), soci::use(s.join_password),
      soci::use(s.rcon_password), soci::use(s.region), soci::use(tier), soci::use(phase), soci::use(s.game_port),
      soci::use(s.order_id, order_indicator), soci::use(s.relocated_from, from_indicator), soci::use(next_launch),
      soci::use(at), soci::use(expires), soci::use(at), soci::use(at);
  write_admins(sql, s.id, s.admins);
}

// One UPDATE per changed column keeps every statement's placeholders distinct (PostgreSQL refuses a
// repeated :name) and the audit details exact.
bool apply_change(soci::session& sql, db::Engine engine, const std::string& id, const std::vector<Phase>& from,
                  const ServerChange& c, std::int64_t now, const std::string& actor, const std::string& action) {
  const std::string suffix = engine == db::Engine::postgresql ? " FOR UPDATE" : "";
  std::string where = "WHERE id = :id";
  if (!from.empty()) where += " AND phase IN (" + phase_list(from) + ")";
  std::string current_phase;
  sql << "SELECT phase FROM rental_servers " + where + suffix, soci::use(id), soci::into(current_phase);
  if (!sql.got_data()) return false;
  boost::json::object details;
  const long long at = now;
  auto set_text = [&](const char* column, const char* key, const std::optional<std::string>& value) {
    if (!value) return;
    sql << std::string("UPDATE rental_servers SET ") + column + " = :value WHERE id = :id", soci::use(*value),
        soci::use(id);
    if (std::string_view(key) != "joinPassword") details[key] = *value;
  };
  auto set_number = [&](const char* column, const char* key, std::optional<std::int64_t> value) {
    if (!value) return;
    const long long v = *value;
    sql << std::string("UPDATE rental_servers SET ") + column + " = :value WHERE id = :id", soci::use(v), soci::use(id);
    details[key] = v;
  };
  if (c.phase) {
    const std::string phase(to_string(*c.phase));
    sql << "UPDATE rental_servers SET phase = :phase, phase_since = :at WHERE id = :id", soci::use(phase),
        soci::use(at), soci::use(id);
    details["from"] = current_phase;
    details["phase"] = phase;
  }
  set_text("cloud_instance_id", "instanceId", c.cloud_instance_id);
  set_text("cloud_state", "cloudState", c.cloud_state);
  set_text("public_ip", "publicIp", c.public_ip);
  set_text("reminded", "reminded", c.reminded);
  set_text("join_password", "joinPassword", c.join_password);
  set_text("region", "region", c.region);
  set_text("maintenance_text", "maintenanceText", c.maintenance_text);
  set_text("launch_token", "launchToken", c.launch_token);
  if (c.maintenance) set_number("maintenance_status", "maintenance", *c.maintenance ? 1 : 0);
  if (c.launch_attempts) set_number("launch_attempts", "launchAttempts", *c.launch_attempts);
  set_number("next_launch_at", "nextLaunchAt", c.next_launch_at);
  set_number("busy_until", "busyUntil", c.busy_until);
  set_number("expires_at", "expiresAt", c.expires_at);
  if (c.extend_seconds) {
    long long expires = 0;
    sql << "SELECT expires_at FROM rental_servers WHERE id = :id", soci::use(id), soci::into(expires);
    set_number("expires_at", "expiresAt", std::max<std::int64_t>(expires, now) + *c.extend_seconds);
    details["extendedBy"] = static_cast<long long>(*c.extend_seconds);
  }
  if (c.reason) details["reason"] = *c.reason;
  sql << "UPDATE rental_servers SET updated_at = :at WHERE id = :id", soci::use(at), soci::use(id);
  if (!action.empty()) db::audit(sql, actor, action, target_of(id), details);
  return true;
}

}  // namespace

void RentalRepository::insert_within(soci::session& open_transaction, const RentalServer& server,
                                     const std::string& actor) {
  insert_server(open_transaction, server, server.created_at);
  db::audit(open_transaction, actor, "rental.create", target_of(server.id),
            {{"owner", server.owner_steam_id},
             {"region", server.region},
             {"tier", std::string(to_string(server.tier))},
             {"expiresAt", server.expires_at},
             {"orderId", server.order_id}});
}

std::optional<RentalServer> RentalRepository::find(const std::string& id) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<RentalServer> {
    auto found = select_servers(sql, "SELECT * FROM rental_servers WHERE id = :id", "id", id);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
  });
}

std::vector<RentalServer> RentalRepository::for_user(std::int64_t user_id, const std::string& steam_id) const {
  return database_.with_session([&](soci::session& sql) {
    const long long owner = user_id;
    const std::string admin = steam_id.empty() ? std::string("-") : steam_id;
    // A UNION rather than OR: each half is answered by its own index (rental_servers_owner_idx,
    // rental_admins_steam_idx), which an OR across two tables is not.
    return select_servers(sql,
                          "SELECT * FROM rental_servers WHERE owner_user_id = :owner UNION SELECT * FROM "
                          "rental_servers WHERE id IN (SELECT server_id FROM rental_admins WHERE steam_id = :steam_id)",
                          "created_at, id", owner, admin);
  });
}

std::vector<RentalServer> RentalRepository::in_phases(const std::vector<Phase>& phases, std::size_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    return select_servers(sql,
                          "SELECT * FROM rental_servers WHERE phase IN (" + phase_list(phases) +
                              ") ORDER BY updated_at, id LIMIT " + std::to_string(limit),
                          "updated_at, id");
  });
}

namespace {
const std::vector<Phase> kInactive = {Phase::terminated, Phase::failed, Phase::relocated};
}

std::int64_t RentalRepository::count_active_of(std::int64_t user_id) const {
  return database_.with_session([&](soci::session& sql) {
    long long n = 0;
    const long long owner = user_id;
    sql << "SELECT COUNT(*) FROM rental_servers WHERE owner_user_id = :owner AND phase NOT IN (" +
               phase_list(kInactive) + ")",
        soci::use(owner), soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

std::int64_t RentalRepository::count_active_in(const std::string& region) const {
  return database_.with_session([&](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM rental_servers WHERE region = :region AND phase NOT IN (" + phase_list(kInactive) +
               ")",
        soci::use(region), soci::into(n);
    return static_cast<std::int64_t>(n);
  });
}

std::vector<RentalServer> RentalRepository::list(const ListFilter& filter) const {
  return database_.with_session([&](soci::session& sql) {
    std::string where;
    auto add = [&](const std::string& condition) { where += (where.empty() ? "WHERE " : " AND ") + condition; };
    if (!filter.owner_steam_id.empty()) add("owner_steam_id = :owner");
    if (filter.phase) add("phase IN (" + phase_list({*filter.phase}) + ")");
    const std::string servers = "SELECT * FROM rental_servers " + where + " ORDER BY created_at DESC, id DESC LIMIT " +
                                std::to_string(filter.limit);
    if (filter.owner_steam_id.empty()) return select_servers(sql, servers, "created_at DESC, id DESC");
    return select_servers(sql, servers, "created_at DESC, id DESC", filter.owner_steam_id);
  });
}

std::vector<RentalRepository::AuditEntry> RentalRepository::history(const std::string& id) const {
  // audit_log.created_at is ISO-8601 text on SQLite and TIMESTAMPTZ on PostgreSQL: both read as unix seconds.
  const std::string at = database_.engine() == db::Engine::postgresql ? "CAST(EXTRACT(EPOCH FROM created_at) AS BIGINT)"
                                                                      : "CAST(strftime('%s', created_at) AS INTEGER)";
  return database_.with_session([&](soci::session& sql) {
    std::vector<AuditEntry> out;
    const std::string target = target_of(id);
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT " + at + ", actor, action, details FROM audit_log WHERE target = :target ORDER BY id",
         soci::use(target));
    for (const auto& row : rows) {
      out.push_back({db::row_int64(row, 0), db::row_string(row, 1), db::row_string(row, 2), db::row_string(row, 3)});
    }
    return out;
  });
}

bool RentalRepository::change(const std::string& id, const std::vector<Phase>& from, const ServerChange& change,
                              std::int64_t now, const std::string& actor, const std::string& action) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine,
                                 [&] { return apply_change(sql, engine, id, from, change, now, actor, action); });
  });
}

bool RentalRepository::change_within(soci::session& open_transaction, const std::string& id,
                                     const std::vector<Phase>& from, const ServerChange& change, std::int64_t now,
                                     const std::string& actor, const std::string& action) {
  return apply_change(open_transaction, database_.engine(), id, from, change, now, actor, action);
}

void RentalRepository::replace_admins(const std::string& id, const std::string& owner_steam_id,
                                      const std::vector<ServerAdmin>& admins, std::int64_t now,
                                      const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      write_admins(sql, id, admins);
      boost::json::array listed;
      for (const auto& admin : admins) {
        listed.push_back(boost::json::value(admin.steam_id));
        if (admin.steam_id != owner_steam_id) upsert_teammate(sql, owner_steam_id, admin.steam_id, admin.note, now);
      }
      db::audit(sql, actor, "rental.admins", target_of(id), {{"admins", listed}});
    });
  });
}

bool RentalRepository::switch_region(const std::string& from_id, const RentalServer& next, std::int64_t day_start,
                                     int limit, std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      const std::string suffix = engine == db::Engine::postgresql ? " FOR UPDATE" : "";
      std::string phase;
      std::string region;
      sql << "SELECT phase, region FROM rental_servers WHERE id = :id" + suffix, soci::use(from_id), soci::into(phase),
          soci::into(region);
      if (!sql.got_data() || phase != "running") return false;
      std::string origin = from_id;
      sql << "SELECT origin_id FROM rental_switches WHERE to_id = :id", soci::use(from_id), soci::into(origin);
      long long count = 0;
      const long long since = day_start;
      sql << "SELECT COUNT(*) FROM rental_switches WHERE origin_id = :origin AND at >= :since", soci::use(origin),
          soci::use(since), soci::into(count);
      if (count >= limit) return false;
      insert_server(sql, next, now);
      const long long at = now;
      sql << "UPDATE rental_servers SET phase = 'relocated', phase_since = :at, updated_at = :updated WHERE id = :id",
          soci::use(at), soci::use(at), soci::use(from_id);
      sql << "INSERT INTO rental_switches (origin_id, from_id, to_id, from_region, to_region, at) VALUES (:origin, "
             ":from_id, :to_id, :from_region, :to_region, :at)",
          soci::use(origin), soci::use(from_id), soci::use(next.id), soci::use(region), soci::use(next.region),
          soci::use(at);
      db::audit(sql, actor, "rental.switch", target_of(from_id),
                {{"to", next.id}, {"fromRegion", region}, {"toRegion", next.region}});
      return true;
    });
  });
}

int RentalRepository::switches_since(const std::string& server_id, std::int64_t day_start) const {
  return database_.with_session([&](soci::session& sql) {
    std::string origin = server_id;
    sql << "SELECT origin_id FROM rental_switches WHERE to_id = :id", soci::use(server_id), soci::into(origin);
    long long count = 0;
    const long long since = day_start;
    sql << "SELECT COUNT(*) FROM rental_switches WHERE origin_id = :origin AND at >= :since", soci::use(origin),
        soci::use(since), soci::into(count);
    return static_cast<int>(count);
  });
}

std::vector<RentalRepository::Teammate> RentalRepository::teammates(const std::string& owner_steam_id,
                                                                    std::size_t limit) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<Teammate> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT steam_id, name FROM rental_teammates WHERE owner_steam_id = :owner ORDER BY last_seen "
                        "DESC, steam_id LIMIT " +
                            std::to_string(limit),
         soci::use(owner_steam_id));
    for (const auto& row : rows) out.push_back({db::row_string(row, 0), db::row_string(row, 1)});
    return out;
  });
}

void RentalRepository::remember_teammates(const std::string& owner_steam_id, const std::vector<Teammate>& seen,
                                          std::int64_t now) {
  if (seen.empty()) return;
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      for (const auto& mate : seen) {
        if (mate.steam_id != owner_steam_id) upsert_teammate(sql, owner_steam_id, mate.steam_id, mate.name, now);
      }
    });
  });
}

}  // namespace portal::pracc
