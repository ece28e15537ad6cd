#pragma once
// Steam accounts on the portal: login through OpenID, binding a Steam account to an e-mail account
// (through OpenID, or with a token a game-server plugin handed the player in game), and the profile
// (name, avatar) from the Steam Web API when one is configured.

#include "core/result.hpp"
#include "db/budgets.hpp"
#include "features/auth/binding_repository.hpp"
#include "features/auth/session_repository.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "integrations/steam/profiles.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace portal::auth {

inline constexpr int kGameTokenValidMinutes = 10;
inline constexpr int kBindProofValidMinutes = 10;

struct SteamAccountsDeps {
  UserRepository& users;
  SessionRepository& sessions;
  BindingRepository& bindings;
  const TokenService& tokens;
  integrations::steam::SteamProfiles* profiles;  // null: no Web API key, names default to the SteamID64
  db::Budgets& budgets;                          // wrong in-game tokens per account, shared by every instance
  std::function<std::int64_t()> now;
};

struct SteamIdentity {
  std::string steam_id;
  std::string username;
  std::string avatar;
};

class SteamAccounts {
 public:
  explicit SteamAccounts(SteamAccountsDeps deps) : d_(std::move(deps)) {}

  // After a verified OpenID assertion: creates or refreshes the user and answers a login token.
  IssuedToken login(std::uint64_t steam_id, const std::string& ip);

  // The in-game token a server plugin asks for on behalf of a player (lower-case, 8 characters).
  std::string issue_game_token(const std::string& steam_id, std::optional<std::int64_t> server_id);

  // Step 1 of binding with an in-game token: proves the Steam account for this e-mail account for a few
  // minutes and tells who it is. `bind_claims` come from the bearer bind token.
  core::Result<SteamIdentity> redeem_game_token(const TokenClaims& bind_claims, std::string_view email,
                                                std::string_view game_token);
  // Step 2: binds the proven Steam account and answers a login token.
  core::Result<std::pair<IssuedToken, SteamIdentity>> bind_proven(const TokenClaims& bind_claims,
                                                                  std::string_view email, std::string_view steam_id,
                                                                  const std::string& ip);
  // Binding through OpenID: the assertion proved the Steam account, the bind token the e-mail account.
  core::Result<IssuedToken> bind_verified(std::string_view bind_token, std::uint64_t steam_id, const std::string& ip);

 private:
  SteamIdentity profile_of(const std::string& steam_id);
  core::Status check_bind_claims(const TokenClaims& claims, std::string_view email) const;
  core::Result<std::pair<IssuedToken, SteamIdentity>> bind(std::int64_t user_id, const std::string& steam_id,
                                                           const std::string& ip, bool merge_existing);

  SteamAccountsDeps d_;
};

}  // namespace portal::auth
