#include "features/servers/repository.hpp"

#include "db/audit_log.hpp"
#include "db/dialect.hpp"
#include "db/row.hpp"
#include "db/statement_cache.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>

namespace portal::servers {

namespace {

constexpr const char* kColumns =
    "id, ip, port, name, name_display, category, region, ontop, star, enabled, rcon_password, plugin_key_hash, demo, "
    "plugin_key_scopes";

GameServer from_row(const soci::row& row) {
  GameServer s;
  s.id = db::row_int64(row, 0);
  s.ip = db::row_string(row, 1);
  s.port = db::row_int(row, 2);
  s.name = db::row_string(row, 3);
  s.name_display = db::row_string(row, 4);
  s.category = db::row_string(row, 5);
  s.region = db::row_string(row, 6);
  s.ontop = db::row_int(row, 7);
  s.star = db::row_int(row, 8);
  s.enabled = db::row_int(row, 9) != 0;
  s.rcon_password = db::row_string(row, 10);
  s.plugin_key_hash = db::row_string(row, 11);
  s.demo = db::row_int(row, 12) != 0;
  s.plugin_key_scopes = db::row_string(row, 13);
  return s;
}

// Rows of a prepared SELECT over kColumns.
std::vector<GameServer> collect(soci::rowset<soci::row> rows) {
  std::vector<GameServer> out;
  for (const auto& row : rows) out.push_back(from_row(row));
  return out;
}

std::optional<GameServer> first(std::vector<GameServer> rows) {
  if (rows.empty()) return std::nullopt;
  return std::move(rows.front());
}

// Every plugin request looks its key up, so the statement is compiled once per connection
// (db/statement_cache.hpp): compiling it took about 4 % of the portal's CPU under a stream of stats
// batches.
struct ByKeyHashQuery {
  std::string hash;
  soci::row row;
  soci::statement statement;
  explicit ByKeyHashQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT " << kColumns << " FROM game_servers WHERE plugin_key_hash = :hash",
                   soci::use(hash), soci::into(row))) {}
};

}  // namespace

std::vector<GameServer> Repository::list(bool enabled_only) const {
  return database_.with_session([&](soci::session& sql) {
    const std::string where = enabled_only ? " WHERE enabled = 1" : "";
    return collect(sql.prepare << "SELECT " << kColumns << " FROM game_servers" << where << " ORDER BY id");
  });
}

std::optional<GameServer> Repository::find(std::int64_t id) const {
  return database_.with_session([&](soci::session& sql) {
    const long long key = id;
    return first(
        collect((sql.prepare << "SELECT " << kColumns << " FROM game_servers WHERE id = :id", soci::use(key))));
  });
}

std::optional<GameServer> Repository::find_by_endpoint(const std::string& ip, int port) const {
  return database_.with_session([&](soci::session& sql) {
    return first(collect((sql.prepare << "SELECT " << kColumns << " FROM game_servers WHERE ip = :ip AND port = :port",
                          soci::use(ip), soci::use(port))));
  });
}

std::optional<GameServer> Repository::find_by_key_hash(const std::string& hash) const {
  if (hash.empty()) return std::nullopt;
  return database_.with_session([&](soci::session& sql) -> std::optional<GameServer> {
    auto query = database_.statements().take<ByKeyHashQuery>(sql);
    query->hash = hash;
    if (!query->statement.execute(true)) return std::nullopt;
    return from_row(query->row);
  });
}

namespace {

std::string target_of(std::int64_t id) { return "server:" + std::to_string(id); }

boost::json::object audited_fields(const GameServer& s) {
  return {{"ip", s.ip},
          {"port", s.port},
          {"name", s.name},
          {"category", s.category},
          {"region", s.region},
          {"enabled", s.enabled},
          {"rconPasswordSet", !s.rcon_password.empty()}};
}

// Runs `write` alone, or with an actor inside one transaction with its audit record.
template <typename Write>
auto audited(soci::session& sql, db::Engine engine, const std::string& actor, Write&& write) {
  if (actor.empty()) return write();
  return db::write_transaction(sql, engine, [&] { return write(); });
}

}  // namespace

std::int64_t Repository::insert(const GameServer& s, const std::string& actor) {
  return database_.with_session([&](soci::session& sql) {
    return audited(sql, database_.engine(), actor, [&] { return insert_in(sql, s, actor); });
  });
}

std::int64_t Repository::insert_in(soci::session& sql, const GameServer& s, const std::string& actor) {
  {
    long long id = 0;
    const int enabled = s.enabled ? 1 : 0;
    const int demo = s.demo ? 1 : 0;
    sql << "INSERT INTO game_servers (ip, port, name, name_display, category, region, ontop, star, enabled, "
           "rcon_password, plugin_key_hash, demo, plugin_key_scopes) VALUES (:ip, :port, :name, :name_display, "
           ":category, :region, :ontop, :star, :enabled, :rcon_password, :plugin_key_hash, :demo, :scopes) "
           "RETURNING id",
        soci::use(s.ip), soci::use(s.port), soci::use(s.name), soci::use(s.name_display), soci::use(s.category),
        soci::use(s.region), soci::use(s.ontop), soci::use(s.star), soci::use(enabled), soci::use(s.rcon_password),
        soci::use(s.plugin_key_hash), soci::use(demo), soci::use(s.plugin_key_scopes), soci::into(id);
    if (!actor.empty()) db::audit(sql, actor, "server.add", target_of(id), audited_fields(s));
    return static_cast<std::int64_t>(id);
  }
}

void Repository::update(const GameServer& s, const std::string& actor) {
  database_.with_session([&](soci::session& sql) {
    audited(sql, database_.engine(), actor, [&] {
      const int enabled = s.enabled ? 1 : 0;
      const long long id = s.id;
      sql << "UPDATE game_servers SET ip = :ip, port = :port, name = :name, name_display = :name_display, "
             "category = :category, region = :region, ontop = :ontop, star = :star, enabled = :enabled, "
             "rcon_password = :rcon_password, updated_at = " +
                 std::string(db::dialect::now_utc_sql(database_.engine())) + " WHERE id = :id",
          soci::use(s.ip), soci::use(s.port), soci::use(s.name), soci::use(s.name_display), soci::use(s.category),
          soci::use(s.region), soci::use(s.ontop), soci::use(s.star), soci::use(enabled), soci::use(s.rcon_password),
          soci::use(id);
      if (!actor.empty()) db::audit(sql, actor, "server.edit", target_of(s.id), audited_fields(s));
    });
  });
}

bool Repository::remove(std::int64_t id, const std::string& actor) {
  return database_.with_session([&](soci::session& sql) {
    return audited(sql, database_.engine(), actor, [&] {
      const long long key = id;
      soci::statement st = (sql.prepare << "DELETE FROM game_servers WHERE id = :id", soci::use(key));
      st.execute(true);
      const bool removed = st.get_affected_rows() > 0;
      if (removed && !actor.empty()) db::audit(sql, actor, "server.remove", target_of(id), {});
      return removed;
    });
  });
}

void Repository::set_plugin_key(std::int64_t id, const std::string& hash, const std::string& scopes,
                                const std::string& actor) {
  database_.with_session([&](soci::session& sql) {
    audited(sql, database_.engine(), actor, [&] {
      const long long key = id;
      sql << "UPDATE game_servers SET plugin_key_hash = :hash, plugin_key_scopes = :scopes WHERE id = :id",
          soci::use(hash), soci::use(scopes), soci::use(key);
      if (!actor.empty()) {
        db::audit(sql, actor, "server.key", target_of(id),
                  hash.empty() ? boost::json::object{{"revoked", true}} : boost::json::object{{"scopes", scopes}});
      }
    });
  });
}

void Repository::audit_rcon(std::int64_t id, const std::string& command, const std::string& actor) {
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, database_.engine(), [&] {
      db::audit(sql, actor, "server.rcon", target_of(id), {{"command", command}});
    });
  });
}

void Repository::record_presence(std::int64_t server_id, const std::vector<std::string>& steam_ids, std::int64_t now) {
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, database_.engine(), [&] {
      const long long server = server_id, at = now;
      // The plugin reports everyone on the server: whoever it no longer lists has left.
      sql << "DELETE FROM server_presence WHERE server_id = :server", soci::use(server);
      for (const auto& steam_id : steam_ids) {
        sql << "INSERT INTO server_presence (server_id, steam_id, seen_at) VALUES (:server, :steam, :now) "
               "ON CONFLICT (server_id, steam_id) DO UPDATE SET seen_at = excluded.seen_at",
            soci::use(server), soci::use(steam_id), soci::use(at);
      }
    });
  });
}

bool Repository::seen_on_server(std::int64_t server_id, const std::string& steam_id, std::int64_t since) const {
  return database_.with_session([&](soci::session& sql) {
    const long long server = server_id, after = since;
    int found = 0;
    sql << "SELECT COUNT(*) FROM server_presence WHERE server_id = :server AND steam_id = :steam AND seen_at >= :since",
        soci::use(server), soci::use(steam_id), soci::use(after), soci::into(found);
    return found > 0;
  });
}

void Repository::remove_demo_servers() {
  database_.with_session([](soci::session& sql) { sql << "DELETE FROM game_servers WHERE demo = 1"; });
}

void Repository::record_samples(std::int64_t bucket_start, const std::vector<std::pair<std::int64_t, int>>& counts) {
  if (counts.empty()) return;
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, database_.engine(), [&] {
      long long server_id = 0;
      long long bucket = bucket_start;
      int players = 0;
      soci::statement st =
          (sql.prepare << "INSERT INTO server_player_samples (server_id, bucket_start, players) "
                          "VALUES (:server_id, :bucket, :players) ON CONFLICT (server_id, bucket_start) DO UPDATE SET "
                          "players = CASE WHEN excluded.players > server_player_samples.players "
                          "THEN excluded.players ELSE server_player_samples.players END",
           soci::use(server_id), soci::use(bucket), soci::use(players));
      for (const auto& [id, count] : counts) {
        server_id = id;
        players = count;
        st.execute(true);
      }
    });
  });
}

std::vector<PlayerSample> Repository::samples_since(std::int64_t server_id, std::int64_t since) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<PlayerSample> out;
    const long long id = server_id;
    const long long from = since;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT bucket_start, players FROM server_player_samples WHERE server_id = :id AND "
                        "bucket_start >= :since ORDER BY bucket_start",
         soci::use(id), soci::use(from));
    for (const auto& row : rows) out.push_back({db::row_int64(row, 0), db::row_int(row, 1)});
    return out;
  });
}

void Repository::prune_samples_before(std::int64_t before) {
  database_.with_session([&](soci::session& sql) {
    const long long limit = before;
    sql << "DELETE FROM server_player_samples WHERE bucket_start < :before", soci::use(limit);
  });
}

}  // namespace portal::servers
