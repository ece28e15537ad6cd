#include "features/pracc/plugin_repository.hpp"

#include "db/audit_log.hpp"
#include "db/transaction.hpp"

namespace portal::pracc {

void PluginRepository::set_key_hash(const std::string& server_id, const std::string& key_hash, std::int64_t now,
                                    const std::string& actor) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      const long long at = now;
      sql << "UPDATE rental_servers SET plugin_key_hash = :hash, updated_at = :at WHERE id = :id", soci::use(key_hash),
          soci::use(at), soci::use(server_id);
      db::audit(sql, actor, "rental.plugin_key", "rental:" + server_id, {});
    });
  });
}

std::optional<std::string> PluginRepository::server_with_key_hash(const std::string& key_hash) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<std::string> {
    std::string id;
    sql << "SELECT id FROM rental_servers WHERE plugin_key_hash = :hash", soci::use(key_hash), soci::into(id);
    if (!sql.got_data()) return std::nullopt;
    return id;
  });
}

void PluginRepository::keep_latest_teammates(const std::string& owner_steam_id, std::size_t keep) {
  const db::Engine engine = database_.engine();
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, engine, [&] {
      // Two placeholders for the one owner: PostgreSQL refuses a repeated :name.
      sql << "DELETE FROM rental_teammates WHERE owner_steam_id = :owner AND steam_id NOT IN (SELECT steam_id FROM "
             "rental_teammates WHERE owner_steam_id = :same_owner ORDER BY last_seen DESC, steam_id LIMIT " +
                 std::to_string(keep) + ")",
          soci::use(owner_steam_id), soci::use(owner_steam_id);
    });
  });
}

}  // namespace portal::pracc
