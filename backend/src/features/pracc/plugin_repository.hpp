#pragma once
// SQL of rented servers' plugin keys (migrations/*/0014_rental_plugin_keys.sql) and the bound on an
// owner's remembered teammates. Keys are stored as their SHA-256 hex only.

#include "db/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::pracc {

class PluginRepository {
 public:
  explicit PluginRepository(db::Database& database) : database_(database) {}

  // Replaces the server's key hash (one write transaction with its audit row; the hash is not logged).
  void set_key_hash(const std::string& server_id, const std::string& key_hash, std::int64_t now,
                    const std::string& actor);
  // The server a key hash belongs to.
  std::optional<std::string> server_with_key_hash(const std::string& key_hash) const;
  // Forgets all but the `keep` most recently seen teammates of the owner.
  void keep_latest_teammates(const std::string& owner_steam_id, std::size_t keep);

 private:
  db::Database& database_;
};

}  // namespace portal::pracc
