#pragma once
// SQL behind proving a Steam account in game: tokens a server plugin obtained for a player, and the
// short-lived proof that an e-mail account redeemed one.

#include "db/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::auth {

class BindingRepository {
 public:
  explicit BindingRepository(db::Database& database) : database_(database) {}

  void add_game_token(const std::string& token_hash, const std::string& steam_id, std::optional<std::int64_t> server_id,
                      std::int64_t now, std::int64_t expires_at);
  // The Steam account of an unused, unexpired token, marking it used in the same statement (works once).
  std::optional<std::string> redeem_game_token(const std::string& token_hash, std::int64_t now);

  void add_proof(std::int64_t user_id, const std::string& steam_id, std::int64_t expires_at);
  bool has_proof(std::int64_t user_id, const std::string& steam_id, std::int64_t now) const;
  void drop_proofs(std::int64_t user_id);

 private:
  db::Database& database_;
};

}  // namespace portal::auth
